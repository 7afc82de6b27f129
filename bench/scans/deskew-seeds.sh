#!/usr/bin/env bash
# Does --deskew lower word recall on noisy, skewed 200 dpi scans? (issue 20, "recall not lower")
# The OCR corpus holds one such page (noisy200_skew2: 200 dpi, heavy noise and blur, +2.0 deg,
# JPEG q70), on which one output is a verdict on one page's luck. This makes the same kind of page
# again with other seeds of the corpus generator (other text, other noise: make_corpus.py --seed N
# --only noisy200_skew2) and reads each with and without --deskew; prints each page's common words
# (the shared scorer's bag-of-words recall) and the totals.
# Untimed: nice 19, no lock. Environment: LEGIBLE (default .build/release/legible), SEEDS (default
# 1..10), DESKEW_SEEDS_WORK (default /tmp/legible-deskew-seeds; generated pages are kept there).
set -euo pipefail
cd "$(dirname "$0")/../.."
eval "$(../shared/bench/setup.sh)"
BIN=$(realpath "${LEGIBLE:-.build/release/legible}")
WORK=${DESKEW_SEEDS_WORK:-/tmp/legible-deskew-seeds}
GEN=../shared/bench/ocr/make_corpus.py
SCORE=../shared/bench/ocr/score.py
total=0; plain_sum=0; deskew_sum=0; ups=0; downs=0
printf '%-6s %6s %8s %8s %6s\n' seed words plain deskew diff
for seed in ${SEEDS:-1 2 3 4 5 6 7 8 9 10}; do
  dir=$WORK/seed$seed
  [ -f "$dir/docs/noisy200_skew2.pdf" ] || nice -n 19 "$BENCH_PY" "$GEN" "$dir" --seed "$seed" --only noisy200_skew2 >/dev/null
  declare -A common
  for mode in plain deskew; do
    flag=(); [ "$mode" = deskew ] && flag=(--deskew)
    OMP_THREAD_LIMIT=1 nice -n 19 "$BIN" ocr -q -j 2 "${flag[@]}" "$dir/docs/noisy200_skew2.pdf" "$dir/$mode.pdf"
    read -r words found < <("$BENCH_PY" "$SCORE" --truth "$dir/truth/noisy200_skew2.json" --input "$dir/docs/noisy200_skew2.pdf" \
      --output "$dir/$mode.pdf" --no-visual | "$BENCH_PY" -c 'import json, sys
row = json.loads(sys.stdin.readline()); sys.stdin.read()
print(round(row["words_common"] / row["word_recall"]), row["words_common"])')
    common[$mode]=$found
  done
  diff=$((common[deskew] - common[plain]))
  printf '%-6s %6d %8d %8d %+6d\n' "$seed" "$words" "${common[plain]}" "${common[deskew]}" "$diff"
  total=$((total + words)); plain_sum=$((plain_sum + common[plain])); deskew_sum=$((deskew_sum + common[deskew]))
  [ $diff -gt 0 ] && ups=$((ups + 1)); [ $diff -lt 0 ] && downs=$((downs + 1))
done
python3 -c "print(f'all: {$total} words, recall plain {$plain_sum / $total:.4f}, --deskew {$deskew_sum / $total:.4f}; pages up $ups, down $downs')"
