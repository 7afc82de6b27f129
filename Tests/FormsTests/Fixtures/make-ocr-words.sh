#!/bin/sh
# Makes the OCR word fixtures the Forms tests use instead of running Tesseract: the first page
# image of a flat form from ../shared/corpus/forms/flat (extracted with pdfimages, 200 dpi), read
# by the tesseract CLI into TSV (words with pixel boxes). Run from this folder:
#   ./make-ocr-words.sh job_application il_gun_sale
set -eu
corpus=../../../../shared/corpus/forms/flat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for id in "$@"; do
  pdfimages -png -f 1 -l 1 "$corpus/$id.pdf" "$tmp/$id"
  OMP_THREAD_LIMIT=1 tesseract "$tmp/$id-000.png" "$tmp/$id" --dpi 200 -l eng tsv >/dev/null 2>&1
  awk -F'\t' 'NR == 1 || ($1 == 5 && $12 != "" && $12 != " ")' "$tmp/$id.tsv" > "$id-page1.tsv"
done
