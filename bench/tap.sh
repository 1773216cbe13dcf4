#!/usr/bin/env bash
# protocheck tap's cost on a real session: the same scenario captured with
# the pinned CLI directly and through a tap shim (recording and checking
# both directions), in alternating rounds; prints each round's wall time
# and the medians. Then the per-line figures of the Go benchmarks: round
# trip latency through the tap against cat directly (median and p99), and
# the throughput of 100,000 capture lines.
#
# usage: bench/tap.sh [rounds] [scenario]    (defaults: 7 rounds, tool_bash)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}
scenario=${2:-tool_bash}
cli=${PROTOCHECK_CLI:-.cache/cli/2.1.330/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
out=bench/out/tap
rm -rf "$out"
mkdir -p "$out"
go build -o "$out/protocheck" ./cmd/protocheck
pc="$out/protocheck"
"$pc" tap shim --cli "$cli" -o "$out/claude-tapped" -- --record "$PWD/$out/runs/" --findings "$PWD/$out/runs/"

now() { date +%s.%N; }
run() { # run CLI → seconds
  local s e
  s=$(now)
  "$pc" capture --cli "$1" --scenario "corpus/scenarios/$scenario.json" -o "$out/capture.jsonl" >/dev/null 2>&1
  e=$(now)
  echo "$e - $s" | bc
}
direct=() tapped=()
for i in $(seq 1 "$rounds"); do
  if (( i % 2 )); then
    d=$(run "$cli"); t=$(run "$out/claude-tapped")
  else
    t=$(run "$out/claude-tapped"); d=$(run "$cli")
  fi
  direct+=("$d"); tapped+=("$t")
  printf 'round %d: direct %.3fs  tapped %.3fs\n' "$i" "$d" "$t"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf 'median session wall time (%s, %d rounds): direct %.3fs, through tap %.3fs\n' \
  "$scenario" "$rounds" "$(median "${direct[@]}")" "$(median "${tapped[@]}")"
echo "tap's verdicts on its sessions (one line each):"
grep -h ' lines in 1 file' "$out"/runs/*.findings | sort | uniq -c
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== per line (go test -bench)"
go test -run '^$' -bench 'Latency' -benchtime 5000x ./internal/tap/ | grep -E '^Benchmark'
go test -run '^$' -bench 'Throughput' -benchtime 3x ./internal/tap/ | grep -E '^Benchmark'
