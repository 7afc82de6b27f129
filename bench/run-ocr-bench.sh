#!/usr/bin/env bash
# Runs ../shared/bench/ocr against Legible, OCRmyPDF and bare Tesseract in one run and
# prints the scorer's table. Needs the release binary (make build) and ../shared/bench.
# Environment: BENCH_SHARED (default ../shared/bench), OCR_CORPUS (default /tmp/ocrcorpus),
# PEERS (default "ocrmypdf tess_floor"; set to "" to run Legible alone).
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${BENCH_SHARED:-../shared/bench}
CORPUS=${OCR_CORPUS:-/tmp/ocrcorpus}
PEERS=${PEERS-ocrmypdf tess_floor}
eval "$("$SHARED/setup.sh")"
[ -d "$CORPUS/docs" ] || "$BENCH_PY" "$SHARED/ocr/make_corpus.py" "$CORPUS"
export OCR_CORPUS=$CORPUS
"$BENCH_PY" "$SHARED/ocr/run_peer.py" --corpus "$CORPUS" --name legible --cmd "$PWD/.build/release/legible ocr -q -j 2 {in} {out}"
for peer in $PEERS; do
  case $peer in
    ocrmypdf) "$BENCH_PY" "$SHARED/ocr/run_peer.py" --corpus "$CORPUS" --name ocrmypdf --cmd "$OCRMYPDF --output-type pdf -j 2 {in} {out}" ;;
    tess_floor) "$BENCH_PY" "$SHARED/ocr/tess_floor.py" --corpus "$CORPUS" ;;
  esac
done
"$BENCH_PY" "$SHARED/ocr/report.py" legible $PEERS --docs
