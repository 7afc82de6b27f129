#!/usr/bin/env bash
# Our JPEG 2000 decoder (Sources/Imaging/JPX) against Leptonica's (openjpeg) on every JPX image
# of the corpus PDFs that name JPXDecode: exact for reversible 5/3 data, within one level for
# 9/7. Images Leptonica refuses are listed (they are what our decoder is the fallback for; the
# images-vs-pdfimages bench compares those with pdfimages). Runs the test
# JPXDecoderTests/jpxImagesDecodeAsLeptonicaDecodesThem with LEGIBLE_JPX_FILES.
#
#   bash bench/jpx-vs-leptonica.sh      # prints counts; exit 1 on any mismatch or error
set -u
cd "$(dirname "$0")/.." || exit 2

SWIFT=${SWIFT:-swift}
OUT=${OUT:-out/jpx}
CORPUS=${CORPUS:-../shared/corpus}
command -v pdfimages >/dev/null || { echo "pdfimages is missing (make deps)" >&2; exit 2; }
mkdir -p "$OUT"
list="$(pwd)/$OUT/files.txt"
report="$(pwd)/$OUT/results.tsv"
rm -f "$report"
grep -rl --include='*.pdf' JPXDecode "$CORPUS/pdf" "$CORPUS/scans" 2>/dev/null | sort | while read -r f; do realpath "$f"; done >"$list"

"$SWIFT" build --build-tests >"$OUT/build.log" 2>&1 || { echo "build failed: see $OUT/build.log" >&2; exit 2; }
LEGIBLE_JPX_FILES="$list" LEGIBLE_JPX_REPORT="$report" \
    "$SWIFT" test --skip-build --filter 'JPXDecoderTests/jpxImagesDecodeAsLeptonicaDecodesThem' >"$OUT/test.log" 2>&1
[ -s "$report" ] || { echo "no results: see $OUT/test.log" >&2; exit 2; }
awk -F'\t' -v files="$(wc -l <"$list")" '
    { n++; c[$3]++; if ($3 != "exact" && $3 != "within-1") rest = rest sprintf("  %s obj %s: %s %s\n", $1, $2, $3, $4) }
    END {
        printf "JPX ours vs Leptonica: %d files naming JPXDecode, %d images\n", files, n
        printf "  exact %d, within one level %d, mismatches %d, errors %d, Leptonica refuses %d\n",
            c["exact"], c["within-1"], c["mismatch"], c["error"], c["leptonica-refuses"]
        printf "%s", rest
    }' "$report"
awk -F'\t' '$3 == "mismatch" || $3 == "error" { bad++ } END { exit bad > 0 }' "$report"
