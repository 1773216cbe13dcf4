"""Round trip through datamodel-code-generator's pydantic v2 models
(models.py beside this file): each line of the input is
"TypeName<TAB>json". The line is decoded through the line union, Line,
and must narrow to TypeName; it is encoded again (by alias, leaving out
what was not set) and the members before and after are compared. The
further arguments name the unions' definitions: each must be a union of
models (a RootModel over a Union), never Any. The last line printed is
the report check.mjs reads."""
import json
import sys
import typing

import models


def paths(v, at, out):
    if isinstance(v, list):
        for i, e in enumerate(v):
            paths(e, f"{at}/{i}", out)
    elif isinstance(v, dict):
        for k, c in v.items():
            out.add(f"{at}/{k}")
            paths(c, f"{at}/{k}", out)
    return out


def union_kind(name):
    cls = getattr(models, name, None)
    if cls is None:
        return None, f"no model {name}"
    field = getattr(cls, "model_fields", {}).get("root")
    if field is None:
        return None, f"{name} is not a RootModel"
    members = typing.get_args(field.annotation)
    if len(members) < 2 or any(m is typing.Any for m in members):
        return None, f"{name} is {field.annotation}, not a union of models"
    return ("discriminated union" if field.discriminator else "union"), None


rep = {"compiled": True, "ok": 0, "failed": [], "lost": [], "added": 0, "narrowed": 0, "union_problems": []}
kinds = set()
for name in ["Line"] + sys.argv[2:]:
    kind, problem = union_kind(name)
    if problem:
        rep["union_problems"].append(problem)
    else:
        kinds.add(kind)
rep["union"] = " and ".join(sorted(kinds)) + " (Line and every nested union)" if kinds else "none"
with open(sys.argv[1], encoding="utf-8") as f:
    for i, entry in enumerate(l for l in f.read().split("\n") if l):
        name, line = entry.split("\t", 1)
        value = json.loads(line)
        try:
            m = models.Line.model_validate_json(line).root
            again = json.loads(json.dumps(m.model_dump(mode="json", by_alias=True, exclude_unset=True)))
        except Exception as e:  # a value the generated code refuses
            rep["failed"].append([i, f"{type(e).__name__}: {str(e)[:300]}"])
            continue
        if type(m).__name__ != name:
            rep["failed"].append([i, f"narrowed to {type(m).__name__}, not {name}"])
            continue
        rep["narrowed"] += 1
        before, after = paths(value, "", set()), paths(again, "", set())
        lost = sorted(before - after)
        rep["added"] += len(after - before)
        if lost:
            rep["lost"].append([i, lost])
        else:
            rep["ok"] += 1
print(json.dumps(rep))
