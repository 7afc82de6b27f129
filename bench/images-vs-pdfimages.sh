#!/usr/bin/env bash
# Every image of every corpus PDF (../shared/corpus/pdf/**, ../shared/corpus/scans/*.pdf)
# decoded by Legible and compared with what `pdfimages -png` writes for it: exact for lossless
# encodings, mean absolute difference ≤ 1/255 for JPEG and JPEG 2000. Images are matched by
# object number (inline images are not compared), each object once. It runs the test
# ImageDecodeSweepTests with LEGIBLE_SWEEP_FILES (`make test` checks a fixed sample).
#
#   bash bench/images-vs-pdfimages.sh     # prints counts and the mismatches by cause; exit 1 if
#                                         # any is ours or unexplained
#
# Every known mismatch or error is classified, with its reason, in
# bench/images-vs-pdfimages.known.tsv: peer-wrong (poppler wrong: a second oracle, mutool
# extract, agrees with us), damaged (broken data), ours (our limitation, still to do).
#
# Per-image results (file, object, encoding, exact|tolerance|mismatch|error, detail) are left in
# $OUT/results.tsv.
set -u
cd "$(dirname "$0")/.." || exit 2

SWIFT=${SWIFT:-swift}
OUT=${OUT:-out/images}
CORPUS=${CORPUS:-../shared/corpus}
KNOWN=${KNOWN:-bench/images-vs-pdfimages.known.tsv}
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

# Each mismatch or error is looked up in $KNOWN (file under the corpus, object, class, reason):
# peer-wrong and damaged ones are explained; ours ones and any not listed fail the run.
corpus=$(realpath "$CORPUS")
awk -F'\t' -v files="$(wc -l <"$list")" -v seconds="$seconds" -v corpus="$corpus/" '
    FNR == NR { if ($0 !~ /^#/ && NF >= 4) { class[$1 " " $2] = $3; reason[$1 " " $2] = $4 }; next }
    { n++; c[$4]++; enc[$3 " " $4]++ }
    $4 == "mismatch" || $4 == "error" {
        file = substr($1, 1, length(corpus)) == corpus ? substr($1, length(corpus) + 1) : $1
        key = file " " $2
        k = key in class ? class[key] : "unexplained"
        kinds[k]++
        lines[k] = lines[k] sprintf("    %s %s obj %s (%s): %s%s\n", $4, file, $2, $3, $5, key in reason ? "\n        " reason[key] : "")
    }
    END {
        printf "images vs pdfimages -png: %d files, %d images compared in %d s\n", files, n, seconds
        printf "  exact %d, within tolerance (JPEG/JPX, mean <= 1/255) %d, mismatches %d, errors %d\n",
            c["exact"], c["tolerance"], c["mismatch"], c["error"]
        printf "  by encoding:"; for (k in enc) printf " [%s %d]", k, enc[k]; printf "\n"
        printf "  mismatches and errors by cause: peer-wrong %d (poppler wrong, second oracle agrees with us), damaged %d, ours %d, unexplained %d\n",
            kinds["peer-wrong"], kinds["damaged"], kinds["ours"], kinds["unexplained"]
        split("peer-wrong damaged ours unexplained", order, " ")
        for (i = 1; i <= 4; i++) if (lines[order[i]] != "") printf "  %s:\n%s", order[i], lines[order[i]]
    }' "$KNOWN" "$report"
failing=$(awk -F'\t' -v corpus="$corpus/" '
    FNR == NR { if ($0 !~ /^#/ && NF >= 4) class[$1 " " $2] = $3; next }
    $4 == "mismatch" || $4 == "error" {
        file = substr($1, 1, length(corpus)) == corpus ? substr($1, length(corpus) + 1) : $1
        k = file " " $2
        if (!(k in class) || class[k] == "ours") bad++
    }
    END { print bad + 0 }' "$KNOWN" "$report")
[ "$failing" -eq 0 ] || exit 1
