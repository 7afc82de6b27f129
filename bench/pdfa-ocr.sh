#!/usr/bin/env bash
# `legible ocr --output-type pdfa` (and pdfa-2u) against `--output-type pdf` on the same documents in
# the same run (issue 16). Per document and output type: the run's note (written as PDF/A or fell back
# and why), our validator's verdict (`legible check --pdfa=2b|2u`), `qpdf --check`, whether pdftotext's
# text is the plain output's, and the largest per-page mean absolute pixel difference (0-255, RGB) of
# pdftoppm's rendering against the plain output's. Then the wall time of each type summed over the
# corpus and the PDF/A overhead (target: < 5 %); the types run one after another per document, their
# order turning from document to document so neither gains from a warm cache.
# Corpora: the OCR benchmark (/tmp/ocrcorpus, made if missing) and the scans of ../shared/corpus/scans
# (PDFs and images). PDFA_REAL=N also runs `ocr --pages 1 --output-type pdfa` on every Nth file of the
# real-world corpus ../shared/corpus/pdf (checks and the fallback reasons only, no timing).
# Usage: bash bench/pdfa-ocr.sh   (after make build; LEGIBLE=path for another binary)
# Exit status 1 when a PDF/A claim is not accepted by the validator, qpdf finds an error, the text
# differs or a page renders differently (mean difference above PDFA_PIXEL_LIMIT, default 0.5).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${LEGIBLE:-.build/release/legible}
[ -x "$BIN" ] || BIN=.build/debug/legible
[ -x "$BIN" ] || { echo "no legible binary: make build first" >&2; exit 3; }
BIN=$(realpath "$BIN")
CORPUS=${OCR_CORPUS:-/tmp/ocrcorpus}
SCANS=${PDFA_SCANS:-../shared/corpus/scans}
TYPES=${PDFA_TYPES:-"pdfa pdfa-2u"}
OUT=${PDFA_OCR_OUT:-/tmp/legible-bench/pdfa-ocr}
LIMIT=${PDFA_PIXEL_LIMIT:-0.5}
export OMP_THREAD_LIMIT=1
if [ ! -d "$CORPUS/docs" ]; then
  eval "$(../shared/bench/setup.sh)"
  "$BENCH_PY" ../shared/bench/ocr/make_corpus.py "$CORPUS" >/dev/null || { echo "cannot make $CORPUS" >&2; exit 3; }
fi
rm -rf "$OUT"; mkdir -p "$OUT"
RESULTS=$OUT/results.tsv
TIMES=$OUT/times.tsv
printf 'corpus\tdoc\ttype\texit\tnote\tvalidator\tqpdf\ttext\tpixels\n' > "$RESULTS"
: > "$TIMES"
failed=0

level_of() { case "$1" in pdfa-2u) echo 2u;; pdfa-3b) echo 3b;; *) echo 2b;; esac; }

# Largest per-page mean absolute difference of two PDFs rendered by pdftoppm (72 dpi, RGB; the first
# $4 pages when given).
pixel_difference() {
  local a=$1 b=$2 dir=$3 last=${4:-100000}
  rm -rf "$dir"; mkdir -p "$dir/a" "$dir/b"
  pdftoppm -r 72 -l "$last" "$a" "$dir/a/p" 2>/dev/null
  pdftoppm -r 72 -l "$last" "$b" "$dir/b/p" 2>/dev/null
  python3 "$ROOT/bench/pdfa/ppm-difference.py" "$dir/a" "$dir/b"
  rm -rf "$dir"
}

# Runs `ocr` on $1 for every type (plain first or last in turn) and judges the PDF/A outputs.
judge() {
  local corpus=$1 input=$2 turn=$3 extra=${4:-}
  local id; id=$(basename "${input%.*}")
  local order="pdf $TYPES"
  [ $((turn % 2)) -eq 1 ] && order="$TYPES pdf"
  for type in $order; do
    mkdir -p "$OUT/$corpus/$type"
    local start end rc
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    timeout "${PDFA_TIMEOUT:-600}" "$BIN" ocr -j 2 $extra --output-type "$type" -v 0 "$input" "$OUT/$corpus/$type/$id.pdf" 2> "$OUT/$corpus/$type/$id.log"
    rc=$?
    end=$(date +%s.%N)
    printf '%s\t%s\t%s\t%s\t%s\n' "$corpus" "$id" "$type" "$rc" "$(echo "$end - $start" | bc)" >> "$TIMES"
  done
  local plain=$OUT/$corpus/pdf/$id.pdf
  for type in $TYPES; do
    local out=$OUT/$corpus/$type/$id.pdf level rc note verdict qpdf text pixels
    level=$(level_of "$type")
    rc=$(awk -F'\t' -v c="$corpus" -v d="$id" -v t="$type" '$1==c && $2==d && $3==t {print $4}' "$TIMES" | tail -1)
    if [ ! -f "$out" ]; then
      printf '%s\t%s\t%s\t%s\t%s\t-\t-\t-\t-\n' "$corpus" "$id" "$type" "$rc" "no output: $(tail -1 "$OUT/$corpus/$type/$id.log")" >> "$RESULTS"
      continue
    fi
    note=$(grep -o 'written as PDF/A-[23][bu].*\|not written as PDF/A.*' "$OUT/$corpus/$type/$id.log" | head -1 | cut -c1-200)
    [ -n "$note" ] || note="(no PDF/A note)"
    if "$BIN" check --pdfa="$level" "$out" > /dev/null 2>&1; then verdict=conforms; else verdict="rejected"; fi
    qpdf --check "$out" > /dev/null 2>&1; qpdf=$?
    case $qpdf in 0) qpdf=clean;; 3) qpdf=warnings;; *) qpdf=errors;; esac
    if [ -f "$plain" ] && cmp -s <(pdftotext "$plain" - 2>/dev/null) <(pdftotext "$out" - 2>/dev/null); then text=same; else text=differs; fi
    if [ -f "$plain" ]; then pixels=$(pixel_difference "$plain" "$out" "$OUT/render" "$([ "$corpus" = real ] && echo 3)"); else pixels=-; fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$corpus" "$id" "$type" "$rc" "$note" "$verdict" "$qpdf" "$text" "$pixels" >> "$RESULTS"
    case $note in written*) [ "$verdict" = conforms ] || failed=1;; esac
    [ "$qpdf" = errors ] && failed=1
    [ "$text" = same ] || failed=1
    awk -v p="$pixels" -v l="$LIMIT" 'BEGIN { exit !(p == "-" || p > l) }' && failed=1
  done
}

turn=0
# PDFA_CORPORA: which corpora to run (default "ocr scans"; PDFA_REAL adds "real").
CORPORA=" ${PDFA_CORPORA:-ocr scans} "
[[ $CORPORA == *" ocr "* ]] && for doc in "$CORPUS"/docs/*.pdf; do judge ocr "$doc" $turn; turn=$((turn + 1)); done
[[ $CORPORA == *" scans "* ]] && for scan in "$SCANS"/*.pdf "$SCANS"/*.jpg "$SCANS"/*.png; do
  [ -f "$scan" ] || continue
  judge scans "$scan" $turn; turn=$((turn + 1))
done
if [ -n "${PDFA_REAL:-}" ]; then
  i=0
  while IFS= read -r f; do
    i=$((i + 1)); [ $((i % PDFA_REAL)) -eq 0 ] || continue
    TYPES=pdfa judge real "$f" 0 "--pages 1"
  done < <(find ../shared/corpus/pdf -name '*.pdf' | sort)
fi

echo "per document (corpus, doc, type, exit, note, validator, qpdf, text, max page pixel difference):"
tail -n +2 "$RESULTS" | grep -v "^real	" | column -t -s $'\t' | cut -c1-230
echo
awk -F'\t' 'NR > 1 {
    k = $1 " " $3; n[k]++
    if ($5 ~ /^written/) a[k]++; else if ($5 ~ /^not written/) fb[k]++
    if ($5 ~ /^written/ && $6 == "conforms") ok[k]++
    if ($7 != "errors") q[k]++; if ($8 == "same") t[k]++; if ($9 != "-" && $9 <= lim) p[k]++ }
  END { for (k in n) printf "%-14s %3d files: %3d written as PDF/A (%d accepted by the validator), %d fell back; qpdf without errors %d, same text %d, same look %d\n", k, n[k], a[k], ok[k], fb[k], q[k], t[k], p[k] }' lim="$LIMIT" "$RESULTS" | sort
echo "fallback reasons:"
awk -F'\t' 'NR > 1 && $5 ~ /^not written/ { sub(/.*plain PDF instead: /, "", $5); sub(/ \(obj [0-9]+\).*/, "", $5); print "  " $1 " " $3 ": " $5 }' "$RESULTS" | sort | uniq -c | sort -rn
echo
awk -F'\t' '$1 != "real" { s[$1, $3] += $5; c[$1] = 1; if ($3 != "pdf") t[$3] = 1 }
  END { for (k in c) for (y in t) if (s[k, "pdf"] > 0)
      printf "wall time (%s): pdf %.1f s, %s %.1f s: %+.1f %% (target < 5 %%)\n", k, s[k, "pdf"], y, s[k, y], 100 * (s[k, y] - s[k, "pdf"]) / s[k, "pdf"] }' "$TIMES" | sort
# The conversion's own cost on the OCR corpus, measured without OCR (its noise is larger than it).
if [[ $CORPORA == *" ocr "* ]]; then
  for type in $TYPES; do
    line=$(bash bench/pdfa/conversion-time.sh "$BIN" "$OUT/ocr/pdf" "$type" 3)
    added=$(echo "$line" | sed -E 's/.*adds ([0-9.-]+) s/\1/')
    awk -F'\t' -v t="$type" -v a="$added" -v l="$line" '$1 == "ocr" && $3 == "pdf" { s += $5 }
      END { printf "%s conversion alone (ocr corpus, fastest of 3): %s = %.1f %% of plain ocr wall time %.1f s (target < 5 %%)\n", t, l, 100 * a / s, s }' "$TIMES"
  done
fi
echo "per-file results: $RESULTS, times: $TIMES, outputs: $OUT/"
exit $failed
