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
# --max-findings 0 (every finding), as ajv collects every error.
#
# usage: bench/faults.sh [rounds] [kinds]   (defaults: 5 rounds, every kind;
#                                            kinds: comma-separated)
# env:   PROTOCHECK  the binary to measure (default: built from this tree)
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

echo "uptime: $(uptime)"
echo "protocheck: $pc; files: $out ($size each, lines of corpus/captures/$cli)"
printf "%-20s %6s %9s %9s %8s %8s %9s\n" kind lines "pc in s" "ajv in s" "ratio" "pc wall" "ajv wall"
: > "$out/summary.txt"
while read -r kind profile _; do
  if [ -n "$only" ] && [[ ",$only," != *",$kind,"* ]]; then continue; fi
  file="$out/$kind.jsonl"
  : > "$out/rounds-$kind.txt"
  for r in $(seq 1 "$rounds"); do
    if (( r % 2 )); then order="pc ajv"; else order="ajv pc"; fi
    for tool in $order; do
      if [ "$tool" = pc ]; then
        /usr/bin/time -f "%e" -o "$out/time.txt" "$pc" validate --cli-version "$cli" --profile "$profile" \
          --format json --max-findings 0 "$file" > "$out/stdout.txt" 2>/dev/null || true
        in=$(grep -o '"elapsed_ns":[0-9]*' "$out/stdout.txt" | awk -F: '{print $2 / 1e9}')
      else
        /usr/bin/time -f "%e" -o "$out/time.txt" node bench/ajv/faults.mjs "$out/schema-$profile.json" "$file" > "$out/stdout.txt"
        in=$(grep -o '"elapsed_ms":[0-9.]*' "$out/stdout.txt" | awk -F: '{print $2 / 1e3}')
      fi
      echo "$r $tool $in $(tail -1 "$out/time.txt")" >> "$out/rounds-$kind.txt"
    done
  done
  f="$out/rounds-$kind.txt"
  pin=$(awk '$2 == "pc" {print $3}' "$f" | median)
  ain=$(awk '$2 == "ajv" {print $3}' "$f" | median)
  pw=$(awk '$2 == "pc" {print $4}' "$f" | median)
  aw=$(awk '$2 == "ajv" {print $4}' "$f" | median)
  ratio=$(awk '{t[$2, $1] = $3; n = ($1 > n ? $1 : n)} END {for (r = 1; r <= n; r++) print t["ajv", r] / t["pc", r]}' "$f" | median)
  printf "%-20s %6d %9.3f %9.3f %7.2fx %8.2f %9.2f\n" "$kind" "$(wc -l < "$file")" "$pin" "$ain" "$ratio" "$pw" "$aw" | tee -a "$out/summary.txt"
done < "$out/kinds.txt"
echo "ratio: median over $rounds paired rounds of ajv's time / protocheck's, on reading and checking alone (in s: without start-up); target >= 1.5x"
