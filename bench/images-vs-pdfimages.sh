#!/usr/bin/env bash
# Every image of every corpus PDF (../shared/corpus/pdf/**, ../shared/corpus/scans/*.pdf)
# decoded by Legible and compared with what `pdfimages -png` writes for it: exact for lossless
# encodings, mean absolute difference ≤ 1/255 for JPEG and JPEG 2000. Images are matched by
# object number (inline images are not compared), each object once. It runs the test
# ImageDecodeSweepTests with LEGIBLE_SWEEP_FILES (`make test` checks a fixed sample).
#
#   bash bench/images-vs-pdfimages.sh     # prints counts and the mismatches; exit 1 if any
#
# Per-image results (file, object, encoding, exact|tolerance|mismatch|error, detail) are left in
# $OUT/results.tsv.
set -u
cd "$(dirname "$0")/.." || exit 2

SWIFT=${SWIFT:-swift}
OUT=${OUT:-out/images}
CORPUS=${CORPUS:-../shared/corpus}
command -v pdfimages >/dev/null || { echo "pdfimages is missing (make deps)" >&2; exit 2; }
mkdir -p "$OUT"
list="$(pwd)/$OUT/files.txt"
report="$(pwd)/$OUT/results.tsv"
rm -f "$report"
find "$CORPUS/pdf" "$CORPUS/scans" -name '*.pdf' | sort | while read -r f; do realpath "$f"; done >"$list"

started=$(date +%s)
"$SWIFT" build --build-tests >"$OUT/build.log" 2>&1 || { echo "build failed: see $OUT/build.log" >&2; exit 2; }
LEGIBLE_SWEEP_FILES="$list" LEGIBLE_SWEEP_REPORT="$report" \
    "$SWIFT" test --skip-build --filter ImageDecodeSweepTests >"$OUT/test.log" 2>&1
seconds=$(( $(date +%s) - started ))
[ -s "$report" ] || { echo "no results: see $OUT/test.log" >&2; exit 2; }

awk -F'\t' -v files="$(wc -l <"$list")" -v seconds="$seconds" '
    { n++; c[$4]++; enc[$3 " " $4]++ }
    $4 == "mismatch" || $4 == "error" { bad = bad sprintf("    %s %s obj %s (%s): %s\n", $4, $1, $2, $3, $5) }
    END {
        printf "images vs pdfimages -png: %d files, %d images compared in %d s\n", files, n, seconds
        printf "  exact %d, within tolerance (JPEG/JPX, mean <= 1/255) %d, mismatches %d, errors %d\n",
            c["exact"], c["tolerance"], c["mismatch"], c["error"]
        printf "  by encoding:"; for (k in enc) printf " [%s %d]", k, enc[k]; printf "\n"
        printf "%s", bad
    }' "$report"
bad=$(awk -F'\t' '$4 == "mismatch" || $4 == "error"' "$report" | wc -l)
[ "$bad" -eq 0 ] || exit 1
