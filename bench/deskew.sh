#!/usr/bin/env bash
# --deskew on the skewed pages of the OCR benchmark corpus (../shared/bench/ocr: noisy300_skew,
# noisy200_skew2, multi30 pages 9 and 12) and a G4 page turned 1.2 deg by Pillow, each OCR'd with
# and without --deskew. Prints per document: skew in and out (Leptonica, bench/scans/skew.c),
# encodings, size ratio, word recall (the shared scorer) and the text layer's fit to the stored
# image (IoU against Tesseract's boxes read from it); then which of issue 20's targets are met
# (exit 1 when one is not). Untimed: nice 19, no lock. See bench/scans/deskew_bench.py.
# Environment: OCR_CORPUS (default /tmp/ocrcorpus), LEGIBLE (default .build/release/legible).
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(../shared/bench/setup.sh)"
CORPUS=${OCR_CORPUS:-/tmp/ocrcorpus}
BIN=$(realpath "${LEGIBLE:-.build/release/legible}")
WORK=${DESKEW_WORK:-/tmp/legible-deskew}
[ -d "$CORPUS/docs" ] || "$BENCH_PY" ../shared/bench/ocr/make_corpus.py "$CORPUS"
mkdir -p "$WORK"
cc -O2 -o "$WORK/skew" bench/scans/skew.c $(pkg-config --cflags --libs lept)
"$BENCH_PY" bench/scans/deskew_bench.py "$BIN" "$CORPUS" "$WORK" "$WORK/skew" ../shared/bench/ocr/score.py
