#!/usr/bin/env bash
# PDF corpus sweep: `legible info --json --check` against `qpdf --check` / `qpdf --show-npages` on
# every file of the shared PDF corpus, in the same run. Prints how many files each reads, how often
# the page counts agree, crashes, timeouts, and the time each took (see bench/README.md). With
# --check, legible loads every object and decodes every stream, the work qpdf --check does.
#
#   bash bench/pdf-corpus-sweep.sh                 # after `swift build -c release --product legible`
#   CORPUS=../shared/corpus/pdf/qpdf bash bench/pdf-corpus-sweep.sh
#
# Passwords come from the file names, as qpdf's test files give them (`U=view` → --password view);
# both tools get the same one. Per-file results go to $OUT/results.tsv, disagreements to
# $OUT/differences.tsv. The exit status is 1 when a target is missed: a crash, a timeout, a file
# qpdf reads that we do not, agreement under 99.5 %, or more time than qpdf --check once each
# tool's cost for a trivial file (process start-up, measured beside each file) is taken out.
set -u
cd "$(dirname "$0")/.." || exit 2

BIN=${BIN:-.build/release/legible}
CORPUS=${CORPUS:-../shared/corpus/pdf}
OUT=${OUT:-out/sweep}
LIMIT=${LIMIT:-10}          # seconds per file and tool
TARGET=${TARGET:-99.5}      # page-count agreement, percent of the files qpdf reads

[ -x "$BIN" ] || { echo "no $BIN: run swift build -c release --product legible first" >&2; exit 2; }
command -v qpdf >/dev/null || { echo "qpdf is missing (make deps)" >&2; exit 2; }
# legible re-executes itself to set this when it is unset; set it so that is not timed.
export OMP_THREAD_LIMIT=1
mkdir -p "$OUT"

mapfile -t files < <(find "$CORPUS" -type f -name '*.pdf' | LC_ALL=C sort)
[ "${#files[@]}" -gt 0 ] || { echo "no PDF files under $CORPUS" >&2; exit 2; }

password_of() { # U=view,O=master.pdf → view
    local name=${1##*/}
    [[ $name =~ U=([^,]*)(,|\.pdf$) ]] && printf '%s' "${BASH_REMATCH[1]}"
}

now_us() { local t=${EPOCHREALTIME/./}; printf '%s' "$((10#$t))"; }

results=$OUT/results.tsv
printf 'file\tqpdf_check\tqpdf_npages_status\tqpdf_pages\tlegible_status\tlegible_pages\tlegible_reason\tqpdf_check_ms\tlegible_ms\n' > "$results"
qpdf_us=0
ours_us=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
json=$scratch/info.json
errors=$scratch/info.err
# A copy, so that a build replacing the binary during the run cannot disturb it.
cp "$BIN" "$scratch/legible"
legible=$scratch/legible
# Each tool's cost for a trivial file (process start-up and a one-page PDF), measured beside
# each file so that it sees the same machine load: legible carries the Swift runtime and
# Foundation (Leptonica and Tesseract are opened only by the commands that use them), qpdf its
# own library; on a corpus of small files start-up is most of the time.
BASELINE=${BASELINE:-$CORPUS/qpdf/minimal.pdf}
[ -f "$BASELINE" ] || BASELINE=${files[0]}
qpdf_startup_us=0
ours_startup_us=0

for file in "${files[@]}"; do
    pw=$(password_of "$file")
    qargs=(); oargs=()
    [ -n "$pw" ] && { qargs=(--password="$pw"); oargs=(--password "$pw"); }

    start=$(now_us)
    timeout "$LIMIT" qpdf "${qargs[@]}" --check "$file" >/dev/null 2>&1
    check=$?
    qtime=$(($(now_us) - start))
    qpdf_us=$((qpdf_us + qtime))
    qpages=$(timeout "$LIMIT" qpdf "${qargs[@]}" --show-npages "$file" 2>/dev/null)
    qstatus=$?

    start=$(now_us)
    timeout "$LIMIT" "$legible" info --json --check "${oargs[@]}" "$file" >"$json" 2>"$errors"
    status=$?
    otime=$(($(now_us) - start))
    ours_us=$((ours_us + otime))

    start=$(now_us)
    qpdf --check "$BASELINE" >/dev/null 2>&1
    qpdf_startup_us=$((qpdf_startup_us + $(now_us) - start))
    start=$(now_us)
    "$legible" info --json --check "$BASELINE" >/dev/null 2>&1
    ours_startup_us=$((ours_startup_us + $(now_us) - start))
    pages=$(grep -m1 -o '"pageCount" : [0-9]*' "$json" | grep -o '[0-9]*$')
    reason=$(tr '\t\n' '  ' < "$errors" | cut -c1-200)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${file#"$CORPUS"/}" "$check" "$qstatus" "${qpages//[^0-9]/}" \
        "$status" "$pages" "$reason" "$((qtime / 1000))" "$((otime / 1000))" >> "$results"
done

# qpdf reads a file when --show-npages succeeds (0, or 3: with warnings) and prints a count.
awk -F'\t' -v target="$TARGET" -v qus="$qpdf_us" -v ous="$ours_us" -v diffs="$OUT/differences.tsv" \
    -v qstart="$qpdf_startup_us" -v ostart="$ours_startup_us" '
NR == 1 { print "file\tours\tqpdf_npages\tlegible_status\tmessage" > diffs; next }
{
    total++
    qread = ($3 == 0 || $3 == 3) && $4 != ""
    oread = ($5 == 0) && $6 != ""
    if (qread) qpdf++
    if (oread) ours++
    if ($5 == 124) timeouts++
    else if ($5 >= 128) crashes++
    if (qread) {
        if (oread && $4 == $6) agree++
        else { if (!oread) missed++; print $1 "\t" ($6 == "" ? "-" : $6) "\t" $4 "\t" $5 "\t" $7 > diffs }
    }
    if (oread && !qread) extra++
}
END {
    pct = qpdf ? 100 * agree / qpdf : 0
    printf "PDF corpus sweep: %d files\n", total
    printf "  %-46s %6d\n", "files read by qpdf (--show-npages)", qpdf
    printf "  %-46s %6d\n", "files read by legible info", ours
    printf "  %-46s %6d\n", "  of them, files qpdf does not read", extra
    printf "  %-46s %6d\n", "files qpdf reads and legible does not", missed
    printf "  %-46s %6.2f%%  (%d of %d; target >= %s%%)\n", "page counts agreeing with qpdf", pct, agree, qpdf, target
    printf "  %-46s %6d\n", "crashes", crashes
    printf "  %-46s %6d\n", "timeouts", timeouts
    onet = ous - ostart; qnet = qus - qstart
    printf "  %-46s %8.1f s\n", "time, legible info --json --check", ous / 1e6
    printf "  %-46s %8.1f s\n", "time, qpdf --check", qus / 1e6
    printf "  %-46s %8.1f ms / %.1f ms\n", "per-file baseline (trivial PDF), legible / qpdf", ostart / total / 1e3, qstart / total / 1e3
    printf "  %-46s %8.1f s\n", "time less baseline, legible", onet / 1e6
    printf "  %-46s %8.1f s\n", "time less baseline, qpdf --check", qnet / 1e6
    printf "  %-46s %8.2f (with start-up %.2f)\n", "ratio legible / qpdf --check", (qnet > 0 ? onet / qnet : 0), (qus ? ous / qus : 0)
    printf "  differences: %s\n", diffs
    fail = crashes || timeouts || missed || pct < target || onet > qnet
    exit fail ? 1 : 0
}' "$results" > "$OUT/summary.txt"
status=$?

# --show-npages prints the root's /Count; where the counts differ, the pages qpdf --show-pages
# lists (its walk of the tree) are a clue to why.
{
    IFS= read -r header
    printf '%s\tqpdf_show_pages\n' "$header"
    while IFS=$'\t' read -r file rest; do
        pw=$(password_of "$file"); qargs=()
        [ -n "$pw" ] && qargs=(--password="$pw")
        shown=$(timeout "$LIMIT" qpdf "${qargs[@]}" --show-pages "$CORPUS/$file" 2>/dev/null | grep -c '^page ')
        printf '%s\t%s\t%s\n' "$file" "$rest" "$shown"
    done
} < "$OUT/differences.tsv" > "$OUT/differences.tmp" && mv "$OUT/differences.tmp" "$OUT/differences.tsv"
cat "$OUT/summary.txt"

# Differences the test fixture does not list (with a reason) are new: look at them.
fixture=Tests/PDFTests/Fixtures/page-count-differences.tsv
unlisted=$(tail -n +2 "$OUT/differences.tsv" | cut -f1 | while read -r file; do
    grep -q "^pdf/$file	" "$fixture" 2>/dev/null || printf '%s ' "$file"
done)
printf '  %-46s %s\n' "differences the test fixture does not list" "${unlisted:-none}"
exit $status
