#!/usr/bin/env bash
# protocheck tap's cost on a real session: the same scenario captured with
# the pinned CLI directly and through a tap shim (recording and checking
# both directions), in alternating rounds; prints each round's wall time
# and the medians, and the median CPU time of each kind. With TAP_BASE=/path/to/an/older/protocheck, a shim of
# that binary runs in the same rounds too (a before/after under the same
# load). Then the per-line figures of the Go benchmarks: round trip latency
# directly, through a bare relay and through the tap (median and p99), and
# the throughput of 100,000 capture lines.
#
# usage: [TAP_BASE=PATH] bench/tap.sh [rounds] [scenario]    (defaults: 7 rounds, tool_bash)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}
scenario=${2:-tool_bash}
cli=${PROTOCHECK_CLI:-.cache/cli/2.1.330/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude}
base=${TAP_BASE:-}
out=bench/out/tap
rm -rf "$out"
mkdir -p "$out"
go build -o "$out/protocheck" ./cmd/protocheck
pc="$out/protocheck"
"$pc" tap shim --cli "$cli" -o "$out/claude-tapped" -- --record "$PWD/$out/runs/" --findings "$PWD/$out/runs/"
if [[ -n $base ]]; then
  "$base" tap shim --cli "$cli" -o "$out/claude-base" -- --record "$PWD/$out/base-runs/" --findings "$PWD/$out/base-runs/"
fi

# run CLI → its wall seconds; the CPU seconds (user+sys) of the capture and
# every process it waited for (the shim, the tap, the CLI) go to $out/cpu.
run() {
  local t TIMEFORMAT='%R %U %S'
  t=$( { time "$pc" capture --cli "$1" --scenario "corpus/scenarios/$scenario.json" -o "$out/capture.jsonl" >/dev/null 2>&1; } 2>&1 )
  read -r wall user sys <<<"$t"
  echo "$2 $(echo "$user + $sys" | bc)" >>"$out/cpu"
  echo "$wall"
}
direct=() tapped=() based=()
loads=()
for i in $(seq 1 "$rounds"); do
  # Each round runs every kind once, in an order that turns round by round.
  kinds=(direct tapped)
  [[ -n $base ]] && kinds+=(base)
  n=${#kinds[@]}
  d='' t='' b=''
  for k in $(seq 0 $((n - 1))); do
    case ${kinds[$(((k + i) % n))]} in
      direct) d=$(run "$cli" direct) ;;
      tapped) t=$(run "$out/claude-tapped" tapped) ;;
      base) b=$(run "$out/claude-base" base) ;;
    esac
  done
  direct+=("$d"); tapped+=("$t")
  [[ -n $base ]] && based+=("$b")
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
  if [[ -n $base ]]; then
    printf 'round %d: direct %.3fs  tapped %.3fs  base %.3fs  (load %s)\n' "$i" "$d" "$t" "$b" "${loads[-1]}"
  else
    printf 'round %d: direct %.3fs  tapped %.3fs  (load %s)\n' "$i" "$d" "$t" "${loads[-1]}"
  fi
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf 'median session wall time (%s, %d rounds): direct %.3fs, through tap %.3fs' \
  "$scenario" "$rounds" "$(median "${direct[@]}")" "$(median "${tapped[@]}")"
[[ -n $base ]] && printf ', through %s %.3fs' "$base" "$(median "${based[@]}")"
echo
# The median of the differences of each round's pair: the tap's own cost,
# less moved by load that changes between rounds than a difference of medians.
diffs=()
for i in $(seq 0 $((rounds - 1))); do diffs+=("$(echo "${tapped[$i]} - ${direct[$i]}" | bc)"); done
printf 'median of paired differences (tapped - direct): %+.3fs\n' "$(median "${diffs[@]}")"
if [[ -n $base ]]; then
  diffs=()
  for i in $(seq 0 $((rounds - 1))); do diffs+=("$(echo "${based[$i]} - ${direct[$i]}" | bc)"); done
  printf 'median of paired differences (base - direct): %+.3fs\n' "$(median "${diffs[@]}")"
fi
# CPU is not stretched by the load as wall time is: the tap's own cost.
for k in direct tapped base; do
  grep -q "^$k " "$out/cpu" 2>/dev/null || continue
  printf 'median CPU (user+sys, capture + shim + tap + CLI) %s: %.3fs\n' "$k" "$(median $(awk -v k="$k" '$1 == k {print $2}' "$out/cpu"))"
done
echo "tap's verdicts on its sessions (one line each):"
grep -h ' lines in 1 file' "$out"/runs/*.findings | sed 's/ ([0-9.]*m\?s)$//' | sort | uniq -c
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) (1-minute load after each round: ${loads[*]})"

echo "== per line (go test -bench)"
go test -run '^$' -bench 'Latency' -benchtime 5000x ./internal/tap/ | grep -E '^BenchmarkLatency'
# The target: the tap adds under 1 ms a line (p99) over cat directly, the
# median of 5 paired rounds (BenchmarkAddedLatency); judged here, not in a
# unit test, since load stretches every hop whatever the tap does.
go test -run '^$' -bench 'AddedLatency' -benchtime 5x ./internal/tap/ | grep -E '^BenchmarkAddedLatency' |
  awk '{print} {for (i = 2; i < NF; i++) if ($(i+1) == "added-p99-µs") v = $i}
       END {if (v == "") print "added latency: no figure"; else if (v < 1000) print "added latency p99 " v " µs a line: under the 1 ms target"; else print "added latency p99 " v " µs a line: OVER the 1 ms target (load " load ")"}' load="$(cut -d' ' -f1 /proc/loadavg)"
go test -run '^$' -bench 'Throughput' -benchtime 3x ./internal/tap/ | grep -E '^Benchmark'
