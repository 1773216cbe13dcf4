#!/usr/bin/env bash
# Installs the pinned real-SDK harnesses listed in sdks.json under
# .cache/harness/<name>/, each from its lock file, and stamps each with
# .installed. Run from the repository root (make harnesses). An install
# that is up to date (stamp newer than its lock files) is skipped.
set -euo pipefail
src=corpus/harness/sdks
cache=.cache/harness
mkdir -p "$cache"
fresh() { # fresh DIR FILE...: the stamp is newer than every file
  local stamp=$1/.installed; shift
  [ -f "$stamp" ] || return 1
  for f in "$@"; do [ "$stamp" -nt "$f" ] || return 1; done
}
python_sdk() { # python_sdk NAME VERSION
  local dir=$cache/$1 req=$src/python/requirements-$2.txt
  fresh "$dir" "$req" "$src/python/harness.py" && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  python3 -m venv "$dir/venv"
  "$dir/venv/bin/pip" install -q --disable-pip-version-check --no-deps -r "$req"
  touch "$dir/.installed"
}
for entry in $(python3 -c 'import json; [print(e["name"]+":"+e["language"]+":"+e["version"]) for e in json.load(open("corpus/harness/sdks/sdks.json"))]'); do
  IFS=: read -r name lang version <<<"$entry"
  start=$(date +%s)
  case $lang in
    python) python_sdk "$name" "$version" ;;
    *) echo "install.sh: no installer for $lang ($name)" >&2; exit 2 ;;
  esac
  echo "harness $name: installed in $(( $(date +%s) - start )) s"
done
