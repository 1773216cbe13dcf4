"""Builds a pure-Python wheel (PEP 427) from a folder, with the standard
library alone: no build backend, so make publish and make codegen need no
package index.

    python3 wheel.py SRC OUTDIR NAME VERSION SUMMARY REQUIRES...

SRC holds the import package(s) and README.md; the wheel is written to
OUTDIR/NAME-VERSION-py3-none-any.whl (NAME with "-" as "_") and its path
printed. Entries are sorted and dated 1980-01-01, so the same input gives
the same bytes."""
import base64
import hashlib
import os
import sys
import zipfile


def main():
    src, outdir, name, version, summary, *requires = sys.argv[1:]
    dist = name.replace("-", "_")
    info = f"{dist}-{version}.dist-info"
    files = []
    for base, dirs, names in os.walk(src):
        dirs.sort()
        for n in sorted(names):
            p = os.path.join(base, n)
            rel = os.path.relpath(p, src).replace(os.sep, "/")
            if rel == "README.md" or "__pycache__" in rel:
                continue
            with open(p, "rb") as f:
                files.append((rel, f.read()))
    readme = ""
    if os.path.exists(os.path.join(src, "README.md")):
        with open(os.path.join(src, "README.md"), encoding="utf-8") as f:
            readme = f.read()
    meta = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}", f"Summary: {summary}", "License: MIT", "Requires-Python: >=3.8"]
    meta += [f"Requires-Dist: {r}" for r in requires]
    meta += ["Description-Content-Type: text/markdown", "", readme]
    files.append((f"{info}/METADATA", "\n".join(meta).encode()))
    files.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: protocheck wheel.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = []
    for rel, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{rel},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    os.makedirs(outdir, exist_ok=True)
    whl = os.path.join(outdir, f"{dist}-{version}-py3-none-any.whl")
    with zipfile.ZipFile(whl, "w", zipfile.ZIP_DEFLATED) as z:
        for rel, data in files:
            zi = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data)
    print(whl)


if __name__ == "__main__":
    main()
