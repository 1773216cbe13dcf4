#!/usr/bin/env bash
# The CLI release sentinel, run by .github/workflows/sentinel.yml: it finds
# the releases of @anthropic-ai/claude-code on npm newer than every rung of
# the release ladder (corpus/cli/<version>) and, for each, oldest first,
# runs the add-release chain on a branch of its own and opens a pull
# request whose body is the release report (docs/releases/<version>.md).
#
#   .github/scripts/sentinel.sh          # add the new releases, open pull requests
#   .github/scripts/sentinel.sh --list   # only print the new releases, one a line
#
# Each release's branch, sentinel/cli-<version>, starts from the branch of
# the release before it, so each is added on a ladder that holds the ones
# before; its pull request targets that branch (the first one, the base
# branch). A release whose chain stops for a decision (add-release exits
# 1: its report says what, where and the command to run next) gets a draft
# pull request, and the releases after it wait for the next run. While a
# sentinel branch of a new release is on the remote, the sentinel waits:
# the next run goes on once that pull request is merged.
#
# Environment: SENTINEL_BASE, the branch the first pull request targets
# (main); SENTINEL_MAX, the most releases added in one run (3);
# SENTINEL_REMOTE (origin); CLI_DIR, where the releases are installed
# (.cache/cli). Needs npm, go, git and gh (with GH_TOKEN) on PATH, node for
# the bundle facts, and the real-SDK harnesses (make harnesses) for the
# ledger.
#
# Exit codes: 0 nothing new, waiting, or every pull request opened (draft
# ones included); 1 a step failed (add-release exit 2, npm, git, gh); 2 bad
# usage.
set -euo pipefail

pkg=@anthropic-ai/claude-code
base=${SENTINEL_BASE:-main}
max=${SENTINEL_MAX:-3}
remote=${SENTINEL_REMOTE:-origin}
cli_dir=${CLI_DIR:-.cache/cli}

list_only=false
case "${1:-}" in
  --list) list_only=true ;;
  "") ;;
  *) echo "usage: $0 [--list]" >&2; exit 2 ;;
esac

cd "$(git rev-parse --show-toplevel)"

# The newest rung of the ladder on the base branch (not the checkout's,
# which may be a sentinel branch of an earlier run).
git fetch --quiet "$remote"
newest=$(git ls-tree --name-only "$remote/$base" corpus/cli/ | sed 's|^corpus/cli/||' |
  grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' | sort -V | tail -n 1)
if [ -z "$newest" ]; then
  echo "sentinel: no rung under corpus/cli on $remote/$base" >&2
  exit 1
fi

# The published releases newer than it, oldest first: npm prints a JSON
# array of version strings; pre-releases (2.1.0-beta.1) are left out.
listing=$(npm view "$pkg" versions --json) || { echo "sentinel: npm view $pkg versions failed" >&2; exit 1; }
new=()
while IFS= read -r v; do
  [ -n "$v" ] && new+=("$v")
done < <(printf '%s' "$listing" | tr -d '[]" \n\r\t' | tr ',' '\n' |
  grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' | sort -V |
  awk -v n="$newest" 'BEGIN { split(n, b, ".") }
    { split($0, a, "."); for (i = 1; i <= 3; i++) { if (a[i] + 0 > b[i] + 0) { print; next } if (a[i] + 0 < b[i] + 0) next } }')

if $list_only; then
  [ ${#new[@]} -eq 0 ] || printf '%s\n' "${new[@]}"
  exit 0
fi
if [ ${#new[@]} -eq 0 ]; then
  echo "sentinel: no release newer than $newest"
  exit 0
fi
echo "sentinel: newer than $newest: ${new[*]}"

# A sentinel branch of a new release still on the remote: its pull request
# is under review, and what follows builds on it.
for v in "${new[@]}"; do
  if git ls-remote --exit-code --heads "$remote" "sentinel/cli-$v" >/dev/null; then
    echo "sentinel: sentinel/cli-$v is on $remote: waiting for its pull request"
    exit 0
  fi
done

from="$remote/$base"
target=$base
done_count=0
for v in "${new[@]}"; do
  if [ "$done_count" -ge "$max" ]; then
    echo "sentinel: $max releases added; the rest wait for the next run"
    break
  fi
  branch="sentinel/cli-$v"
  git checkout --quiet -B "$branch" "$from"
  echo "::group::add-release $v"
  set +e
  go run ./cmd/protocheck corpus add-release "$v" --cli-dir "$cli_dir" --report "docs/releases/$v.md"
  rc=$?
  set -e
  echo "::endgroup::"
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    echo "sentinel: add-release $v failed (exit $rc); see its output above" >&2
    exit 1
  fi
  if [ ! -f "docs/releases/$v.md" ]; then
    echo "sentinel: add-release $v wrote no report" >&2
    exit 1
  fi
  git add -A
  title="CLI $v: a new rung of the ladder"
  draft=()
  if [ "$rc" -eq 1 ]; then
    title="CLI $v: a new rung of the ladder (decisions needed)"
    draft=(--draft)
  fi
  git commit --quiet -m "corpus: add CLI $v as a rung (protocheck corpus add-release $v)"
  git push --quiet "$remote" "$branch"
  gh pr create --base "$target" --head "$branch" --title "$title" --body-file "docs/releases/$v.md" "${draft[@]}"
  done_count=$((done_count + 1))
  if [ "$rc" -eq 1 ]; then
    echo "sentinel: CLI $v needs decisions (draft pull request); the releases after it wait"
    break
  fi
  from=$branch
  target=$branch
done
