#!/usr/bin/env bash
# Installs the pinned real-SDK harnesses listed in sdks.json under
# .cache/harness/<name>/, each from its lock file, and stamps each with
# .installed. Run from the repository root (make harnesses). An install
# that is up to date (stamp newer than its lock files) is skipped.
#
#   install.sh [LANGUAGE...]   only the harnesses of these languages
#                              (python, go, rust, typescript; default all)
set -euo pipefail
src=corpus/harness/sdks
cache=.cache/harness
mkdir -p "$cache"
fresh() { # fresh DIR FILE...: the stamp is newer than every file
  local stamp=$1/.installed; shift
  [ -f "$stamp" ] || return 1
  for f in "$@"; do [ "$stamp" -nt "$f" ] || return 1; done
}
python_sdk() { # python_sdk NAME VERSION: the SDK alone in NAME/sdk, its
  # dependencies in one venv that every Python row shares (python/requirements.txt)
  local dir=$cache/$1 venv=$cache/python-venv req=$src/python/requirements.txt
  if ! fresh "$venv" "$req"; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check --no-deps -r "$req"
    touch "$venv/.installed"
  fi
  fresh "$dir" "$req" "$src/sdks.json" && return 0 # the harness runs from $src
  rm -rf "$dir" && mkdir -p "$dir"
  # From the source distribution (hatchling, pinned in the venv, builds it):
  # the wheels bundle a CLI binary of some 200 MB the harness never runs.
  "$venv/bin/pip" install -q --disable-pip-version-check --no-deps --no-build-isolation \
    --no-binary claude-agent-sdk --target "$dir/sdk" "claude-agent-sdk==$2"
  touch "$dir/.installed"
}
go_sdk() { # go_sdk NAME: the harness in go/<NAME without its version>
  local dir=$cache/$1 pkg=${1%-v*}
  pkg=${pkg#go-}
  fresh "$dir" "$src/go/go.mod" "$src/go/go.sum" "$src/go/$pkg/main.go" && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$src/go" && go build -mod=readonly -o "$OLDPWD/$dir/harness" "./$pkg")
  touch "$dir/.installed"
}
rust_sdk() { # rust_sdk NAME
  local dir=$cache/$1
  fresh "$dir" "$src/rust/Cargo.lock" "$src/rust/src/main.rs" && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  # A debug build: it compiles in a fraction of a release build's time, and
  # the harness reads a thousand lines either way in well under a second.
  CARGO_PROFILE_DEV_DEBUG=0 cargo build -q --locked --manifest-path "$src/rust/Cargo.toml" --target-dir "$cache/rust-target"
  cp "$cache/rust-target/debug/protocheck-harness-rusty-claw" "$dir/harness"
  touch "$dir/.installed"
}
ts_sdk() { # ts_sdk NAME: npm ci from the lock file, without the SDK's native CLI
  local dir=$cache/$1
  if ! fresh "$dir" "$src/ts/package-lock.json"; then
    rm -rf "$dir" && mkdir -p "$dir"
    cp "$src/ts/package.json" "$src/ts/package-lock.json" "$dir/"
    (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --omit=optional --loglevel=error)
    touch "$dir/.installed"
  fi
  # The harness runs beside its node_modules, copied each time (cheap).
  cp "$src/ts/harness.mjs" "$src/ts/fakecli.mjs" "$dir/"
}
for entry in $(python3 -c 'import json; [print(e["name"]+":"+e["language"]+":"+e["version"]) for e in json.load(open("corpus/harness/sdks/sdks.json"))]'); do
  IFS=: read -r name lang version <<<"$entry"
  if [ $# -gt 0 ] && [[ " $* " != *" $lang "* ]]; then
    continue
  fi
  start=$(date +%s)
  before=$(stat -c %Y "$cache/$name/.installed" 2>/dev/null || echo none)
  case $lang in
    python) python_sdk "$name" "$version" ;;
    go) go_sdk "$name" ;;
    rust) rust_sdk "$name" ;;
    typescript) ts_sdk "$name" ;;
    *) echo "install.sh: no installer for $lang ($name)" >&2; exit 2 ;;
  esac
  if [ "$before" = "$(stat -c %Y "$cache/$name/.installed" 2>/dev/null || echo none)" ]; then
    echo "harness $name: up to date"
  else
    echo "harness $name: installed in $(( $(date +%s) - start )) s"
  fi
done
