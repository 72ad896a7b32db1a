#!/usr/bin/env bash
# Writes every deterministic output of every sample run into OUTDIR, so that two builds can be
# compared byte for byte (the redesign of issue 10 must not change any of them):
#   scripts/golden-outputs.sh target/lockstep.jar /tmp/before
#   ... change the code, rebuild ...
#   scripts/golden-outputs.sh target/lockstep.jar /tmp/after && diff -r /tmp/before /tmp/after
set -u
JAR=${1:?jar}; OUT=${2:?output directory}
rm -rf "$OUT"; mkdir -p "$OUT"
J="java -jar $JAR"
for f in sample-runs/*.json; do
  n=$(basename "$f" .json); d="$OUT/$n"; mkdir -p "$d"
  $J run "$f" --no-progress > "$d/run.txt" 2>&1; echo "exit $?" >> "$d/run.txt"
  $J run "$f" --json --no-progress --trace "$d/trace.jsonl" > "$d/run.json" 2>&1; echo "exit $?" >> "$d/run.json"
  $J replay "$d/trace.jsonl" > "$d/replay.txt" 2>&1; echo "exit $?" >> "$d/replay.txt"
  $J shiviz "$d/trace.jsonl" -o "$d/shiviz.log" > "$d/shiviz.txt" 2>&1; echo "exit $?" >> "$d/shiviz.txt"
  $J run "$f" --no-progress --until "round >= 5" > "$d/until.txt" 2>&1; echo "exit $?" >> "$d/until.txt"
  $J export "$f" --format svg --at 3 --out "$d/fig.svg" --no-progress > "$d/svg.txt" 2>&1; echo "exit $?" >> "$d/svg.txt"
  $J export "$f" --format tikz --at 3 --out "$d/fig.tex" --no-progress > "$d/tikz.txt" 2>&1; echo "exit $?" >> "$d/tikz.txt"
  $J export "$f" --format gif --from 0 --to 4 --frames-per-step 2 --width 480 --height 320 --out "$d/anim.gif" --no-progress > "$d/gif.txt" 2>&1; echo "exit $?" >> "$d/gif.txt"
  $J export "$f" --format png --steps --from 0 --to 2 --width 320 --height 240 --out "$d/png" --no-progress > "$d/png.txt" 2>&1; echo "exit $?" >> "$d/png.txt"
done
# bad input and usage: the messages are outputs too
bad="$OUT/_bad"; mkdir -p "$bad"
printf '{"name": "x", "protocol": "lme", "nodes": [1,\n' > "$bad/truncated.json"
printf '{"name": "x", "protocol": "nope"}\n' > "$bad/protocol.json"
for b in "$bad"/*.json; do $J run "$b" > "$b.out" 2>&1; echo "exit $?" >> "$b.out"; done
$J > "$bad/none.out" 2>&1; echo "exit $?" >> "$bad/none.out"
$J frobnicate > "$bad/unknown.out" 2>&1; echo "exit $?" >> "$bad/unknown.out"
$J run > "$bad/run-noarg.out" 2>&1; echo "exit $?" >> "$bad/run-noarg.out"
$J run sample-runs/ring-8.json --seed x > "$bad/run-seed.out" 2>&1; echo "exit $?" >> "$bad/run-seed.out"
$J run sample-runs/ring-8.json --until "bogus ===" > "$bad/until.out" 2>&1; echo "exit $?" >> "$bad/until.out"
$J export sample-runs/ring-8.json --format doc --out /tmp/x > "$bad/export-format.out" 2>&1; echo "exit $?" >> "$bad/export-format.out"
sed -i "s#$OUT#OUT#g" "$OUT"/*/*.txt "$OUT"/*/*.json "$OUT"/_bad/*.out 2>/dev/null
echo "wrote $(find "$OUT" -type f | wc -l) files to $OUT"
