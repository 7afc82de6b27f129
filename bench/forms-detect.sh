#!/usr/bin/env bash
# The form detector's development loop (issues 8 and 15), without the AcroForm writer: every page
# image of a forms corpus's flat and flat_noisy renders (pdfimages, 200 dpi) is read once by the
# tesseract CLI (words cached as TSV), then the FormsTests harness (LEGIBLE_FORMS_BENCH) runs
# RasterPrimitiveFinder, FieldAssembler and FieldNamer on every page and writes the fields as JSON,
# scored by bench/forms/report.py with the official score.py's own matching ("visible" view):
# all-in, per field type, per drawing convention and per source. Detection time is printed per page
# (debug build: the official per-page figure comes from bench/forms-bench.sh, release).
#
#   bash bench/forms-detect.sh                 # the 15 original forms (../shared/corpus/forms)
#   CORPUS=large bash bench/forms-detect.sh    # ../shared/corpus/forms-large (148 forms, 258 pages),
#                                              # rendered by ../shared/bench/forms/render-flat.sh
#   ONLY_OCR=1 CORPUS=large bash bench/forms-detect.sh   # fill the OCR cache and stop
# The first pass over the large corpus runs tesseract on 516 page images (~10 min of CPU): run it
# under the machine lock, `flock /tmp/legible-heavy.lock nice -n 10 bash bench/forms-detect.sh`.
# Environment: CORPUS (original | large), FORMS_CORPUS (truth and sources), FORMS_RENDERS (the folder
# holding flat/ and flat_noisy/), FORMS_WORK (cache and outputs), VARIANTS (default "flat flat_noisy"),
# OCR_JOBS (tesseract processes at once, default 2), LEGIBLE_FORMS_PARAMETERS (a parameters JSON to try),
# LEGIBLE_FORMS_CANDIDATES=1 (also write each page's scored candidates with their features, for
# bench/forms/train.py), LEGIBLE_FORMS_SCORER=off|on (the learned scorer; default: the shipped setting),
# REPORT_JSON=DIR (report.py's figures as DIR/VARIANT.json).
set -euo pipefail
cd "$(dirname "$0")/.."
case ${CORPUS:-original} in
  original) CORPUS_DIR=${FORMS_CORPUS:-../shared/corpus/forms}; RENDERS=${FORMS_RENDERS:-$CORPUS_DIR}
            WORK=${FORMS_WORK:-/tmp/legible-forms-detect} ;;
  large)    CORPUS_DIR=${FORMS_CORPUS:-../shared/corpus/forms-large}; RENDERS=${FORMS_RENDERS:-/tmp/legible-forms-large}
            WORK=${FORMS_WORK:-/tmp/legible-forms-detect-large} ;;
  *) echo "forms-detect: CORPUS is original or large" >&2; exit 1 ;;
esac
eval "$(../shared/bench/setup.sh)"
export OMP_THREAD_LIMIT=1
[ -d "$RENDERS/flat" ] || { echo "forms-detect: no renders in $RENDERS (run ../shared/bench/forms/render-flat.sh)" >&2; exit 1; }
[ "${ONLY_OCR:-0}" = 1 ] || swift build --build-tests >/dev/null
for variant in ${VARIANTS:-flat flat_noisy}; do
  pages=$WORK/$variant/pages; out=$WORK/$variant/fields
  mkdir -p "$pages" "$out"
  for f in "$RENDERS/$variant"/*.pdf; do
    id=$(basename "$f" .pdf)
    ls "$pages/$id"-*.png >/dev/null 2>&1 || pdfimages -png "$f" "$pages/$id"
    # Each page's size in points: not every page image is at 200 dpi.
    ls "$pages/$id"-*.size >/dev/null 2>&1 || pdfinfo -f 1 -l 9999 "$f" | awk -v base="$pages/$id" \
      '/^Page +[0-9]+ size:/ { printf "%s %s\n", $4, $6 > sprintf("%s-%03d.size", base, $2 - 1) }'
  done
  # Tesseract once per page image, OCR_JOBS at a time; a TSV present is a page read.
  for png in "$pages"/*.png; do [ -f "${png%.png}.tsv" ] || echo "$png"; done |
    xargs -r -P "${OCR_JOBS:-2}" -I{} sh -c 'p={}; tesseract "$p" "${p%.png}" --dpi 200 -l eng tsv >/dev/null 2>&1'
  [ "${ONLY_OCR:-0}" = 1 ] && { echo "== $variant: OCR cache ready in $pages"; continue; }
  rm -f "$out"/*.json
  LEGIBLE_FORMS_BENCH=$pages LEGIBLE_FORMS_BENCH_OUT=$out swift test --skip-build --filter FormsBenchHarness >/dev/null
  echo "== $variant ($(ls "$out"/*.json | wc -l) forms)"
  "$BENCH_PY" bench/forms/report.py --truth-dir "$CORPUS_DIR/truth" --pred-dir "$out" --harness \
    ${REPORT_JSON:+--json "$REPORT_JSON/$variant.json"}
done
