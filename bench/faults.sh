#!/usr/bin/env bash
# The faulty-path benchmark: protocheck validate against ajv (draft 2020-12,
# ajv-formats, allErrors) on one file per kind of fault, side by side in
# paired rounds that alternate which tool goes first.
#
# bench/faults (Go) makes each file (FAULTS_SIZE, default 20MB) from the
# real capture lines of one CLI version (FAULTS_CLI, default 2.1.330), each
# line given one mistake of the file's kind, kept only when protocheck
# reports exactly that error; it also writes the schema document the
# validator compiles for that version (the union, lowered), which ajv
# compiles once and dispatches on as protocheck does. protocheck runs with
# --cli-version, so the version-range search does not enter, and with
# every finding built, as ajv collects every error (see cap below).
#
# usage: bench/faults.sh [rounds] [kinds]   (defaults: 5 rounds, every kind;
#                                            kinds: comma-separated)
# env:   PROTOCHECK  the binary to measure (default: built from this tree)
#        PROTOCHECK_BEFORE  another binary (an older build) measured in the
#                    same rounds, with its own ratio to ajv
#        FAULTS_WRITE=1  protocheck writes every finding (JSON), not one
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
only=${2:-}
cli=${FAULTS_CLI:-2.1.330}
size=${FAULTS_SIZE:-20MB}
out=bench/out/faults-$cli-$size
mkdir -p "$out"
pc=${PROTOCHECK:-}
if [ -z "$pc" ]; then
  go build -o bench/out/protocheck ./cmd/protocheck
  pc=bench/out/protocheck
fi
(cd bench/ajv && npm ci --no-audit --no-fund --silent)
[ -s "$out/kinds.txt" ] || go run ./bench/faults -cli "$cli" -size "$size" -o "$out" corpus/captures/"$cli"/*.jsonl > "$out/kinds.txt"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# Checking alone: ajv collects every error of a line and prints none; so
# protocheck builds every finding (the lines hold far fewer than the cap
# per line) and, unless
# FAULTS_WRITE=1, writes one: the run cap only stops the writing (the
# summary still counts every finding). FAULTS_WRITE=1 writes them all as
# JSON too.
cap=1
[ "${FAULTS_WRITE:-0}" = 1 ] && cap=0
before=${PROTOCHECK_BEFORE:-}
tools="pc ajv"
[ -n "$before" ] && tools="pc0 pc ajv"

echo "uptime: $(uptime)"
echo "protocheck: $pc${before:+ (before: $before)}; files: $out ($size each, lines of corpus/captures/$cli); --max-findings $cap"
hdr="%-20s %6s %9s %9s %8s"
[ -n "$before" ] && hdr="%-20s %6s %9s %9s %8s %9s %8s"
if [ -n "$before" ]; then
  printf "$hdr\n" kind lines "pc in s" "ajv in s" "ratio" "before s" "before"
else
  printf "$hdr\n" kind lines "pc in s" "ajv in s" "ratio"
fi
: > "$out/summary.txt"
while read -r kind profile _; do
  if [ -n "$only" ] && [[ ",$only," != *",$kind,"* ]]; then continue; fi
  file="$out/$kind.jsonl"
  f="$out/rounds-$kind.txt"
  : > "$f"
  for r in $(seq 1 "$rounds"); do
    # Rotate the order so that no tool always runs first.
    set -- $tools
    order=$(for i in $(seq 0 $(($# - 1))); do k=$(( (r + i) % $# + 1 )); echo "${!k}"; done)
    for tool in $order; do
      case $tool in
      pc|pc0)
        bin=$pc; [ "$tool" = pc0 ] && bin=$before
        "$bin" validate --cli-version "$cli" --profile "$profile" --format json \
          --max-findings "$cap" "$file" > "$out/stdout.txt" 2>/dev/null || true
        in=$(grep -o '"elapsed_ns":[0-9]*' "$out/stdout.txt" | awk -F: '{print $2 / 1e9}')
        ;;
      ajv)
        node bench/ajv/faults.mjs "$out/schema-$profile.json" "$file" > "$out/stdout.txt"
        # Every line is faulty and of a known variant: a line ajv could not
        # dispatch (unknown) or passed would make the race meaningless.
        if ! grep -q '"unknown":0,' "$out/stdout.txt" || [ "$(grep -o '"invalid":[0-9]*' "$out/stdout.txt" | cut -d: -f2)" != "$(grep -o '"lines":[0-9]*' "$out/stdout.txt" | cut -d: -f2)" ]; then
          echo "bench/faults.sh: ajv did not reject every line of $kind: $(cat "$out/stdout.txt")" >&2
          exit 1
        fi
        in=$(grep -o '"elapsed_ms":[0-9.]*' "$out/stdout.txt" | awk -F: '{print $2 / 1e3}')
        ;;
      esac
      echo "$r $tool $in" >> "$f"
    done
  done
  pin=$(awk '$2 == "pc" {print $3}' "$f" | median)
  ain=$(awk '$2 == "ajv" {print $3}' "$f" | median)
  ratio=$(awk '{t[$2, $1] = $3; n = ($1 > n ? $1 : n)} END {for (r = 1; r <= n; r++) print t["ajv", r] / t["pc", r]}' "$f" | median)
  if [ -n "$before" ]; then
    bin_=$(awk '$2 == "pc0" {print $3}' "$f" | median)
    bratio=$(awk '{t[$2, $1] = $3; n = ($1 > n ? $1 : n)} END {for (r = 1; r <= n; r++) print t["ajv", r] / t["pc0", r]}' "$f" | median)
    printf "%-20s %6d %9.3f %9.3f %7.2fx %9.3f %7.2fx\n" "$kind" "$(wc -l < "$file")" "$pin" "$ain" "$ratio" "$bin_" "$bratio" | tee -a "$out/summary.txt"
  else
    printf "%-20s %6d %9.3f %9.3f %7.2fx\n" "$kind" "$(wc -l < "$file")" "$pin" "$ain" "$ratio" | tee -a "$out/summary.txt"
  fi
done < "$out/kinds.txt"
echo "in s: median time each tool reports for reading and checking (without start-up); ratio: median over $rounds rounds of ajv's / protocheck's in the same round (target >= 1.5x)"
