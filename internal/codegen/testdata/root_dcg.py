"""Decodes each line of the file argv[1] into the root model of
datamodel-code-generator's code (models.py beside this file), Line, and
encodes it again as its user would (by alias, leaving out what was not
set). The further arguments name the unions' definitions: each must be a
union of models (a RootModel over a Union), never Any. Prints first
{"union": kind, "union_problems": [...]}, then one JSON value per line:
{"out": text, "model": the name of the line's model} or {"err": message};
check.mjs compares."""
import json
import sys
import typing

import models


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


kinds, problems = set(), []
for name in ["Line"] + sys.argv[2:]:
    kind, problem = union_kind(name)
    if problem:
        problems.append(problem)
    else:
        kinds.add(kind)
print(json.dumps({"union": " and ".join(sorted(kinds)) + " (Line and every nested union)" if kinds else "none", "union_problems": problems}))
with open(sys.argv[1], encoding="utf-8") as f:
    for line in (l for l in f.read().split("\n") if l):
        try:
            m = models.Line.model_validate_json(line)
            out = {"out": m.model_dump_json(by_alias=True, exclude_unset=True), "model": type(m.root).__name__}
        except Exception as e:  # a value the generated code refuses
            out = {"err": f"{type(e).__name__}: {str(e)[:300]}"}
        print(json.dumps(out))
