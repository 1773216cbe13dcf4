"""Round trip through quicktype's Python: each line of the input is
"TypeName<TAB>json"; qtcodecs.py (written by check.mjs) decodes it with
<type_name>_from_dict and encodes it with <type_name>_to_dict. The members
before and after are compared. The last line printed is the report
check.mjs reads."""
import json
import sys

from qtcodecs import codecs


def paths(v, at, out):
    if isinstance(v, list):
        for i, e in enumerate(v):
            paths(e, f"{at}/{i}", out)
    elif isinstance(v, dict):
        for k, c in v.items():
            out.add(f"{at}/{k}")
            paths(c, f"{at}/{k}", out)
    return out


rep = {"compiled": True, "ok": 0, "failed": [], "lost": [], "added": 0}
with open(sys.argv[1], encoding="utf-8") as f:
    for i, entry in enumerate(l for l in f.read().split("\n") if l):
        name, line = entry.split("\t", 1)
        value = json.loads(line)
        try:
            again = codecs[name](value)
            json.dumps(again)
        except Exception as e:  # a value the generated code refuses
            rep["failed"].append([i, f"{type(e).__name__}: {e}"])
            continue
        before, after = paths(value, "", set()), paths(again, "", set())
        lost = sorted(before - after)
        rep["added"] += len(after - before)
        if lost:
            rep["lost"].append([i, lost])
        else:
            rep["ok"] += 1
print(json.dumps(rep))
