#!/usr/bin/env bash
# Runs ../shared/bench/ocr against Legible, OCRmyPDF and bare Tesseract in one run and
# prints the scorer's table, then CPU per page of every tool over the same pages and the ratios
# issue 21 is judged by (bench/ocr-ratios.py). Needs the release binary (make build) and ../shared/bench.
# Environment: BENCH_SHARED (default ../shared/bench), OCR_CORPUS (default /tmp/ocrcorpus; 400 and
# 600 dpi renderings: bench/make-ocr-dpi-variant.py), PEERS (default "ocrmypdf tess_pair"; set to ""
# to run Legible alone), TOOLS (default "legible $PEERS": the tools this call runs, so that one lock
# hold runs one tool; the report covers every tool whose results are in BENCH_RESULTS), DOCS (doc ids,
# comma-separated, to run part of the corpus), BENCH_RESULTS (default /tmp/legible-bench/ocr-results),
# REPEAT (default 1: every tool runs REPEAT times, into BENCH_RESULTS/rep1 .. repN, and the ratios use
# each tool's median) or REPS (the repeat numbers this call runs, e.g. "2", to spread repeats over holds).
# Bare Tesseract is compared as Legible runs: tess_pair (bench/ocr-tess-pair.py) reads a document's
# pages two at a time, as `legible ocr -j 2` does; tess_floor is the shared one-page-at-a-time floor.
# Every tool runs with OMP_THREAD_LIMIT=1; CPU is user+sys of the tool's whole process tree.
# LEGIBLE_BIN (default .build/release/legible) names the binary measured.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${BENCH_SHARED:-../shared/bench}
CORPUS=${OCR_CORPUS:-/tmp/ocrcorpus}
PEERS=${PEERS-ocrmypdf tess_pair}
TOOLS=${TOOLS-legible $PEERS}
RESULTS=${BENCH_RESULTS:-/tmp/legible-bench/ocr-results}
REPS=${REPS:-$(seq -s ' ' 1 "${REPEAT:-1}")}
eval "$("$SHARED/setup.sh")"
[ -d "$CORPUS/docs" ] || "$BENCH_PY" "$SHARED/ocr/make_corpus.py" "$CORPUS"
export OCR_CORPUS=$CORPUS
docs=()
[ -n "${DOCS:-}" ] && docs=(--docs "$DOCS")
# Repeats interleave the tools (legible, peers, legible, peers, ...) so a slow spell of the machine
# falls on every tool alike.
for rep in $REPS; do
  export BENCH_RESULTS=$RESULTS/rep$rep
  for tool in $TOOLS; do
    case $tool in
      legible) "$BENCH_PY" "$SHARED/ocr/run_peer.py" --corpus "$CORPUS" "${docs[@]}" --name legible --cmd "${LEGIBLE_BIN:-$PWD/.build/release/legible} ocr -q -j 2 {in} {out}" ;;
      ocrmypdf) "$BENCH_PY" "$SHARED/ocr/run_peer.py" --corpus "$CORPUS" "${docs[@]}" --name ocrmypdf --cmd "$OCRMYPDF --output-type pdf -j 2 {in} {out}" ;;
      tess_pair) "$BENCH_PY" bench/ocr-tess-pair.py --corpus "$CORPUS" "${docs[@]}" --jobs 2 ;;
      tess_floor) "$BENCH_PY" "$SHARED/ocr/tess_floor.py" --corpus "$CORPUS" "${docs[@]}" ;;
    esac
  done
done
BENCH_RESULTS=$RESULTS/rep1 "$BENCH_PY" "$SHARED/ocr/report.py" legible $PEERS --docs
BENCH_RESULTS=$RESULTS "$BENCH_PY" bench/ocr-ratios.py
