#!/usr/bin/env bash
# Every JBIG2 image of the shared corpus decoded by Legible's JBIG2 decoder and compared pixel for
# pixel with what `pdfimages -png` writes for it. It runs JBIG2CorpusTests with
# LEGIBLE_JBIG2_REPORT, which finds the corpus PDFs holding /JBIG2Decode and lists each image's
# plain comparison with pdfimages (the test itself also knows the files where poppler's own
# decoder is the one that differs, see JBIG2CorpusTests.popplerDiffers).
#
#   bash bench/jbig2-vs-pdfimages.sh     # prints images, exact matches, mismatches, errors
#
# Per-image results (file, object, exact|mismatch|error, decode time or error) are left in
# $OUT/results.tsv.
set -u
cd "$(dirname "$0")/.." || exit 2

SWIFT=${SWIFT:-swift}
OUT=${OUT:-out/jbig2}
command -v pdfimages >/dev/null || { echo "pdfimages is missing (make deps)" >&2; exit 2; }
mkdir -p "$OUT"
report="$(pwd)/$OUT/results.tsv"
rm -f "$report"

started=$(date +%s)
"$SWIFT" build --build-tests >"$OUT/build.log" 2>&1 || { echo "build failed: see $OUT/build.log" >&2; exit 2; }
LEGIBLE_JBIG2_REPORT="$report" "$SWIFT" test --skip-build --filter JBIG2CorpusTests >"$OUT/test.log" 2>&1
status=$?
seconds=$(( $(date +%s) - started ))
[ -s "$report" ] || { echo "no results: see $OUT/test.log" >&2; exit 2; }

sort -o "$report" "$report"
awk -F'\t' -v seconds="$seconds" '
    { n++; c[$3]++; files[$1] = 1 }
    $3 != "exact" { bad = bad sprintf("    %s %s obj %s: %s\n", $3, $1, $2, $4) }
    END {
        nf = 0; for (f in files) nf++
        printf "JBIG2 images vs pdfimages -png: %d files, %d images in %d s (debug build, with the test run)\n", nf, n, seconds
        printf "  exact matches %d, mismatches %d, errors %d\n", c["exact"], c["mismatch"], c["error"]
        printf "%s", bad
    }' "$report"
if [ "$status" -eq 0 ]; then
    echo "JBIG2CorpusTests passed: each mismatch above is explained by its note (checked by the test)"
else
    echo "JBIG2CorpusTests FAILED: see $OUT/test.log"
fi
exit "$status"
