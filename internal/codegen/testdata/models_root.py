"""Decodes each line of the file argv[1] with protocheck_protocol, the wheel
installed by pip into a venv as its user gets it, and encodes it again.
Prints one JSON value per line: {"out": text, "model": the variant's name}
or {"err": message}; check.mjs compares."""
import json
import sys

import protocheck_protocol as pp

with open(sys.argv[1], encoding="utf-8") as f:
    for line in (l for l in f.read().split("\n") if l):
        try:
            m = pp.decode(line)
            out = {"out": pp.encode(m), "model": pp.kind(m) or "(unknown)"}
        except Exception as e:  # a line the models refuse
            out = {"err": f"{type(e).__name__}: {str(e)[:300]}"}
        print(json.dumps(out))
