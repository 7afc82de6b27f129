#!/usr/bin/env bash
# Resolution sweep for issue 21: runs Legible over an OCR benchmark corpus once per target
# x-height (LEGIBLE_OCR_X_HEIGHT; 0 keeps every page at its own resolution, as before) and
# prints CPU per page and accuracy side by side. A target may name what becomes of bilevel pages:
# "14/gray" reduces them to gray like the others, "14" or "14/keep" reads them at their own
# resolution. Untimed by the lock: CPU seconds are robust to sharing, so run it at nice 19 without
# /tmp/legible-bench.lock; wall figures are not comparable.
# Needs the release binary (make build) and ../shared/bench.
# Environment: OCR_CORPUS (default /tmp/ocrcorpus; the 400/600 dpi renderings come from
# bench/make-ocr-dpi-variant.py), TARGETS (default "0 14 16 14/gray"), DOCS / EXCLUDE (doc ids,
# comma-separated), SPLIT (doc ids: the table is also printed for them and for the rest, to judge a
# target fitted on one part on the other), LEGIBLE_BIN (default .build/release/legible),
# BENCH_RESULTS (default /tmp/legible-bench/ocr-sweep).
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${BENCH_SHARED:-../shared/bench}
CORPUS=${OCR_CORPUS:-/tmp/ocrcorpus}
TARGETS=${TARGETS:-0 14 16 14/gray}
export BENCH_RESULTS=${BENCH_RESULTS:-/tmp/legible-bench/ocr-sweep}
eval "$("$SHARED/setup.sh")"
[ -d "$CORPUS/docs" ] || { echo "no corpus at $CORPUS (make it with make_corpus.py or bench/make-ocr-dpi-variant.py)" >&2; exit 2; }
select=()
[ -n "${DOCS:-}" ] && select+=(--docs "$DOCS")
[ -n "${EXCLUDE:-}" ] && select+=(--exclude "$EXCLUDE")
names=()
for t in $TARGETS; do
  # "16" or "16/keep", "16/gray": the target, and what becomes of bilevel pages (LEGIBLE_OCR_BILEVEL).
  xh=${t%%/*}
  bilevel=keep
  [[ $t == */* ]] && bilevel=${t#*/}
  name="legible-xh$xh-$bilevel"
  "$BENCH_PY" "$SHARED/ocr/run_peer.py" --corpus "$CORPUS" --name "$name" --outroot /tmp/ocrbench-sweep "${select[@]}" \
    --env "LEGIBLE_OCR_X_HEIGHT=$xh" --env "LEGIBLE_OCR_BILEVEL=$bilevel" --cmd "${LEGIBLE_BIN:-$PWD/.build/release/legible} ocr -q -j 2 {in} {out}" >/dev/null
  names+=("$name")
done
"$BENCH_PY" bench/ocr-ratios.py --results "$BENCH_RESULTS" ${SPLIT:+--split "$SPLIT"} --sweep "${names[@]}"
