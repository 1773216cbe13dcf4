#!/usr/bin/env bash
# protocheck's benchmark: protocheck validate against ajv (draft 2020-12,
# ajv-formats, the same variant schemas compiled once, dispatching on
# type/subtype) on the same generated file, side by side in the same run.
#
# usage: bench/run.sh [rounds] [size]      (defaults: 5 rounds, 200MB)
# env:   BENCH_SOURCES  transcripts to build the file from (default: the
#                       committed captures, else ../shared/real-cli-sample)
#        BENCH_SCALING=1  also measure protocheck alone at 10MB, 200MB, 1GB
#        BENCH_FAULTY=1   also compare the two on a file where every line
#                         has a mistake (BENCH_FAULTY_SIZE, default 200MB)
#        BENCH_CLEAN=0    skip the file of valid lines
#        BENCH_RULES=1    also compare protocheck with its cross-line rules
#                         (the default) and with --no-rules on the file of
#                         valid lines
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
size=${2:-200MB}
out=bench/out
mkdir -p "$out"

go build -o "$out/protocheck" ./cmd/protocheck
(cd bench/ajv && npm ci --no-audit --no-fund --silent)

sources=${BENCH_SOURCES:-}
if [ -z "$sources" ]; then
  # The captures of the CLI versions the default schema set covers: an
  # older version's lines lack members the default set requires (validate
  # checks each file against the set of its first init), so a file mixing
  # them would not be clean.
  covered=$(node -e '
    const ix = require("./schemas/index.json");
    const d = (ix.version_sets || []).find((s) => s.index === "index.json");
    const cmp = (a, b) => { const x = a.split(".").map(Number), y = b.split(".").map(Number);
      for (let i = 0; i < 3; i++) if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) - (y[i] || 0); return 0; };
    const fs = require("fs");
    for (const v of fs.readdirSync("corpus/captures")) if (!d || (cmp(v, d.from) >= 0 && (!d.to || cmp(v, d.to) < 0))) console.log("corpus/captures/" + v);
  ' 2>/dev/null)
  sources=$(find $covered -name '*.jsonl' 2>/dev/null | sort | tr '\n' ' ')
  [ -n "$sources" ] || sources=$(ls ../shared/real-cli-sample/*.jsonl 2>/dev/null | tr '\n' ' ')
fi
[ -n "$sources" ] || { echo "bench: no transcripts to build the file from; set BENCH_SOURCES" >&2; exit 2; }

gen() { # size file [gen flags]
  [ -s "$2" ] || go run ./bench/gen "${@:3}" -size "$1" -o "$2" $sources
}
file="$out/bench-$size.jsonl"

# measure CMD... -> "wall_seconds peak_kb cpu_seconds"; the command's
# stdout is kept in $out/stdout.txt. CPU time (user and system) is what
# a busy machine changes least: quote it beside wall time.
measure() {
  /usr/bin/time -f "%e %M %U %S" -o "$out/time.txt" "$@" >"$out/stdout.txt" 2>/dev/null || true
  tail -1 "$out/time.txt" | awk '{print $1, $2, $3 + $4}'
}
# inner seconds: the time each tool reports for reading and checking the
# file, without its start-up (schema compilation)
inner() {
  if [ "$1" = pc ]; then
    grep -o '"elapsed_ns":[0-9]*' "$out/stdout.txt" | awk -F: '{print $2 / 1e9}'
  else
    grep -o '"elapsed_ms":[0-9.]*' "$out/stdout.txt" | awk -F: '{print $2 / 1e3}'
  fi
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# paired FILE [AJV_MODE [PROTOCHECK_FLAGS...]]: $rounds rounds of
# protocheck and ajv on FILE, alternating which goes first, then each round
# and the medians. AJV_MODE "all" makes ajv collect every error of a line,
# as protocheck does.
paired() {
  local file=$1 mode=${2:-first} bytes lines r order tool m
  local pcflags=("${@:3}")
  bytes=$(stat -c %s "$file")
  lines=$(wc -l < "$file")
  : > "$out/rounds.txt"
  for r in $(seq 1 "$rounds"); do
    # Alternate the order so neither tool always runs on a warm cache first.
    if (( r % 2 )); then order="pc ajv"; else order="ajv pc"; fi
    for tool in $order; do
      if [ "$tool" = pc ]; then
        m=$(measure "$out/protocheck" validate --format json "${pcflags[@]}" "$file")
      else
        m=$(measure node bench/ajv/validate.mjs schemas tolerant "$file" "$mode")
      fi
      m=($m)
      echo "$r $tool ${m[0]} ${m[1]} $(inner $tool) ${m[2]}" >> "$out/rounds.txt"
    done
  done

  awk -v bytes="$bytes" -v lines="$lines" '
    { t[$2, $1] = $3; m[$2, $1] = $4; in_[$2, $1] = $5; cpu[$2, $1] = $6; n = ($1 > n ? $1 : n) }
    END {
      printf "%-6s %-10s %9s %12s %9s %8s %9s %12s %8s\n", "round", "tool", "wall s", "lines/s", "MB/s", "peakMB", "inner s", "inner l/s", "cpu s"
      for (r = 1; r <= n; r++) for (k = 0; k < 2; k++) {
        tool = (k == 0 ? "pc" : "ajv")
        printf "%-6d %-10s %9.2f %12.0f %9.1f %8.0f %9.2f %12.0f %8.2f\n", r, (tool == "pc" ? "protocheck" : "ajv"), t[tool, r], lines / t[tool, r], bytes / 1048576 / t[tool, r], m[tool, r] / 1024, in_[tool, r], lines / in_[tool, r], cpu[tool, r]
      }
    }' "$out/rounds.txt"
  local ratio_med pc_med ajv_med pc_rss ajv_rss inner_ratio cpu_ratio
  ratio_med=$(awk '{t[$2, $1] = $3; n = ($1 > n ? $1 : n)} END {for (r = 1; r <= n; r++) print t["ajv", r] / t["pc", r]}' "$out/rounds.txt" | median)
  pc_med=$(awk '$2 == "pc" {print $3}' "$out/rounds.txt" | median)
  ajv_med=$(awk '$2 == "ajv" {print $3}' "$out/rounds.txt" | median)
  pc_rss=$(awk '$2 == "pc" {print $4}' "$out/rounds.txt" | median)
  ajv_rss=$(awk '$2 == "ajv" {print $4}' "$out/rounds.txt" | median)
  echo
  awk -v r="$rounds" -v l="$lines" -v pt="$pc_med" -v pr="$pc_rss" -v at="$ajv_med" -v ar="$ajv_rss" 'BEGIN {
    printf "median of %d paired rounds: protocheck %.2fs (%.0f lines/s, %.0f MB peak), ajv %.2fs (%.0f lines/s, %.0f MB peak)\n", r, pt, l / pt, pr / 1024, at, l / at, ar / 1024 }'
  inner_ratio=$(awk '{t[$2, $1] = $5; n = ($1 > n ? $1 : n)} END {for (r = 1; r <= n; r++) print t["ajv", r] / t["pc", r]}' "$out/rounds.txt" | median)
  printf "median ratio, wall time with start-up (lines/s protocheck / ajv, paired per round): %.2fx\n" "$ratio_med"
  printf "median ratio, reading and checking only (without schema compilation):          %.2fx\n" "$inner_ratio"
  cpu_ratio=$(awk '{t[$2, $1] = $6; n = ($1 > n ? $1 : n)} END {for (r = 1; r <= n; r++) print t["ajv", r] / t["pc", r]}' "$out/rounds.txt" | median)
  printf "median ratio, CPU time with start-up (ajv / protocheck, paired per round):      %.2fx\n" "$cpu_ratio"
}

echo "uptime: $(uptime)"
if [ "${BENCH_CLEAN:-1}" = 1 ]; then
  gen "$size" "$file"
  echo "file: $file, $(stat -c %s "$file") bytes, $(wc -l < "$file") lines, from: $sources" | cut -c1-200
  echo "== valid lines (target: wall-time ratio >= 1.5x)"
  paired "$file"
fi

if [ "${BENCH_RULES:-0}" = 1 ]; then
  # The cross-line rules run in the same pass as the line checks; their
  # cost is what --no-rules saves. Paired rounds, alternating which goes
  # first, as above.
  gen "$size" "$file"
  echo
  echo "== cross-line rules on against --no-rules ($file; target: within 15%)"
  echo "uptime: $(uptime)"
  : > "$out/rules.txt"
  for r in $(seq 1 "$rounds"); do
    if (( r % 2 )); then order="on off"; else order="off on"; fi
    for mode in $order; do
      if [ "$mode" = on ]; then
        m=($(measure "$out/protocheck" validate --format json "$file"))
        grep -q '"cross_line"' "$out/stdout.txt" || { echo "bench: the rules did not run" >&2; exit 1; }
      else
        m=($(measure "$out/protocheck" validate --format json --no-rules "$file"))
      fi
      echo "$r $mode ${m[0]} ${m[1]} $(inner pc) ${m[2]}" >> "$out/rules.txt"
    done
  done
  awk '{ printf "round %d  rules %-3s  wall %.2fs  inner %.2fs  cpu %.2fs  %.0f MB peak\n", $1, $2, $3, $5, $6, $4 / 1024 }' "$out/rules.txt"
  for col in 3:wall 5:inner 6:cpu; do
    c=${col%%:*} name=${col#*:}
    on=$(awk -v c="$c" '$2 == "on" {print $c}' "$out/rules.txt" | median)
    off=$(awk -v c="$c" '$2 == "off" {print $c}' "$out/rules.txt" | median)
    ratio=$(awk -v c="$c" '{t[$2, $1] = $c; n = ($1 > n ? $1 : n)} END {for (r = 1; r <= n; r++) print t["on", r] / t["off", r]}' "$out/rules.txt" | median)
    printf "median %-5s rules on %.3fs, --no-rules %.3fs; median of the paired ratios %.3f (+%.1f%%)\n" "$name" "$on" "$off" "$ratio" "$(awk -v r="$ratio" 'BEGIN {print (r - 1) * 100}')"
  done
fi

if [ "${BENCH_FAULTY:-0}" = 1 ]; then
  # The same generator's lines, each with one mistake of one of several
  # kinds (bench/gen -faulty: a number for a string, a required member
  # missing, a string for an integer in a stream event, a value outside an
  # enum, a fraction for an integer, a content block without its text, ...),
  # so that every line fails its schema and goes to the full pass. ajv
  # collects every error of a line, as protocheck reports every one.
  fsize=${BENCH_FAULTY_SIZE:-200MB}
  faulty="$out/faulty-$fsize.jsonl"
  gen "$fsize" "$faulty" -faulty
  "$out/protocheck" validate --format json --max-findings 0 "$faulty" > "$out/stdout.txt" || true
  failing=$(grep '"severity":"error"' "$out/stdout.txt" | grep -o '"line":[0-9]*' | sort -u | wc -l)
  echo
  echo "== faulty lines ($fsize, $(stat -c %s "$faulty") bytes, $failing of $(wc -l < "$faulty") lines with an error; ajv with allErrors, protocheck with --max-findings 0: both report every error)"
  echo "uptime: $(uptime)"
  paired "$faulty" all --max-findings 0
fi

if [ "${BENCH_SCALING:-0}" = 1 ]; then
  # Sizes are interleaved within each round, in a rotating order, so that a
  # change in the machine's speed during the run (seen here: 30% between
  # rounds) falls on every size alike instead of on whichever ran last.
  sizes=(10MB 200MB 1GB)
  srounds=${BENCH_SCALING_ROUNDS:-5}
  for s in "${sizes[@]}"; do gen "$s" "$out/bench-$s.jsonl"; done
  : > "$out/scaling.txt"
  for r in $(seq 1 "$srounds"); do
    for k in 0 1 2; do
      s=${sizes[$(( (r + k) % 3 ))]}
      m=($(measure "$out/protocheck" validate --format json "$out/bench-$s.jsonl"))
      echo "$s ${m[0]} ${m[1]} $(inner pc)" >> "$out/scaling.txt"
    done
  done
  echo
  echo "protocheck alone, by file size (median of $srounds interleaved rounds; inner = reading and checking, without start-up):"
  for s in "${sizes[@]}"; do
    b=$(stat -c %s "$out/bench-$s.jsonl")
    tm=$(awk -v s="$s" '$1 == s {print $2}' "$out/scaling.txt" | median)
    rm_=$(awk -v s="$s" '$1 == s {print $3}' "$out/scaling.txt" | median)
    im=$(awk -v s="$s" '$1 == s {print $4}' "$out/scaling.txt" | median)
    echo "$s $b $tm $rm_ $im"
  done | tee "$out/scaling-medians.txt" | awk '{
    printf "  %-6s wall %7.2fs %7.1f MB/s   inner %7.2fs %7.1f MB/s   %4.0f MB peak\n", $1, $3, $2 / 1048576 / $3, $5, $2 / 1048576 / $5, $4 / 1024 }'
  awk '{ v = $2 / $5; lo = (NR == 1 || v < lo ? v : lo); hi = (v > hi ? v : hi) }
    END { printf "inner throughput spread across sizes: slowest is %.0f%% below the fastest (target: within 20%%)\n", (1 - lo / hi) * 100 }' "$out/scaling-medians.txt"
fi
