#!/usr/bin/env bash
# Peak memory against document length (issue 21: a 300-page document within 1.2x a 30-page one):
# `legible ocr -j 2` on the OCR corpus's 30-page scan and on the same pages ten times over
# (qpdf), peak RSS of each from /usr/bin/time -v, and their ratio. Memory does not depend on
# the machine's load, but the 300 pages take minutes: run it alone.
# Environment: OCR_CORPUS (default /tmp/ocrcorpus), LEGIBLE_BIN (default .build/release/legible),
# MEMORY_BENCH_OUT (default /tmp/legible-memory-bench), REPEATS (default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
SOURCE=${OCR_CORPUS:-/tmp/ocrcorpus}/docs/multi30.pdf
BIN=${LEGIBLE_BIN:-$PWD/.build/release/legible}
OUT=${MEMORY_BENCH_OUT:-/tmp/legible-memory-bench}
REPEATS=${REPEATS:-10}
export OMP_THREAD_LIMIT=1
[ -f "$SOURCE" ] || { echo "no $SOURCE: make the OCR corpus first (bash bench/run-ocr-bench.sh)" >&2; exit 2; }
[ -x "$BIN" ] || { echo "no $BIN: make build first" >&2; exit 2; }
rm -rf "$OUT" && mkdir -p "$OUT"
copies=()
for ((i = 0; i < REPEATS; i++)); do copies+=("$SOURCE"); done
qpdf --empty --pages "${copies[@]}" -- "$OUT/long.pdf"
peak() {  # peak RSS in MB and seconds of `legible ocr` on $1
  /usr/bin/time -v -o "$OUT/time.txt" "$BIN" ocr -q -j 2 "$1" "$OUT/out.pdf"
  awk -F': ' '/Maximum resident/ {rss = $2 / 1024} /Elapsed \(wall/ {wall = $2} END {printf "%.0f %s\n", rss, wall}' "$OUT/time.txt"
}
read -r short short_wall < <(peak "$SOURCE")
read -r long long_wall < <(peak "$OUT/long.pdf")
pages=$((30 * REPEATS))
echo "| document | pages | peak RSS MB | wall |"
echo "|---|---|---|---|"
echo "| multi30 | 30 | $short | $short_wall |"
echo "| multi30 x$REPEATS | $pages | $long | $long_wall |"
awk -v a="$long" -v b="$short" -v n="$pages" 'BEGIN {printf "peak RSS %d pages / 30 pages: %.2f (issue 21 asks <= 1.2)\n", n, a / b}'
