#!/usr/bin/env bash
# corpus run (every dialect) against validate (the wire alone) on the same
# generated file, side by side in the same run: what checking N dialects
# costs compared with one.
#
# usage: bench/corpus.sh [rounds] [size]      (defaults: 5 rounds, 200MB)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
size=${2:-200MB}
out=bench/out
mkdir -p "$out"
go build -o "$out/protocheck" ./cmd/protocheck
sources=$(find corpus/captures -name '*.jsonl' | sort | tr '\n' ' ')
file="$out/bench-$size.jsonl"
[ -s "$file" ] || go run ./bench/gen -size "$size" -o "$file" $sources
dialects=$("$out/protocheck" corpus run --format json corpus/captures/2.1.330/hello_text.jsonl | tr -d '\n ' | grep -o '"dialects":\[[^]]*\]' || true)
echo "file: $file, $(stat -c %s "$file") bytes, $(wc -l < "$file") lines; $dialects"

: > "$out/corpus-rounds.txt"
for r in $(seq 1 "$rounds"); do
  if (( r % 2 )); then order="validate corpus"; else order="corpus validate"; fi
  for tool in $order; do
    if [ "$tool" = validate ]; then
      /usr/bin/time -f "%e %M" -o "$out/time.txt" "$out/protocheck" validate --format json "$file" >/dev/null 2>&1 || true
    else
      /usr/bin/time -f "%e %M" -o "$out/time.txt" "$out/protocheck" corpus run --format json "$file" >/dev/null 2>&1 || true
    fi
    echo "$r $tool $(tail -1 "$out/time.txt")" >> "$out/corpus-rounds.txt"
  done
done
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
printf "%-6s %-9s %8s %8s\n" round tool "wall s" "peak MB"
awk '{printf "%-6d %-9s %8.2f %8.0f\n", $1, $2, $3, $4 / 1024}' "$out/corpus-rounds.txt"
v=$(awk '$2 == "validate" {print $3}' "$out/corpus-rounds.txt" | median)
c=$(awk '$2 == "corpus" {print $3}' "$out/corpus-rounds.txt" | median)
ratio=$(awk '{t[$2, $1] = $3; n = ($1 > n ? $1 : n)} END {for (r = 1; r <= n; r++) print t["corpus", r] / t["validate", r]}' "$out/corpus-rounds.txt" | median)
echo
printf "median of %d paired rounds: validate %.2fs, corpus run %.2fs; corpus run / validate, paired per round: %.2fx\n" "$rounds" "$v" "$c" "$ratio"
