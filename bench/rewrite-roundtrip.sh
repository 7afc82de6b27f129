#!/usr/bin/env bash
# Full-rewrite round trip over every PDF of ../shared/corpus/pdf/: each file Legible reads is
# rewritten (DocumentRewriter, default options: object streams, encryption kept) and judged by
# independent tools — `qpdf --check` finds no error the input did not have, `qpdf --show-npages`
# the same page count, `pdftotext` the same text, `pdftoppm -r 30` the same pixels on the first
# 10 pages (where poppler reads a damaged input otherwise than qpdf repairs it, matching qpdf's
# own rewrite of it counts). It runs the test RoundTripTests with LEGIBLE_ROUNDTRIP_ALL=1 (`make
# test` checks every 12th file); passwords of encrypted files come from
# Tests/TestSupport/EncryptedCorpusFiles.swift.
#
#   bash bench/rewrite-roundtrip.sh          # prints counts and the failures; exit 1 if any
#
# Per-file results (path, ok|failed|unread|skipped, detail) are left in $OUT/results.tsv.
set -u
cd "$(dirname "$0")/.." || exit 2

SWIFT=${SWIFT:-swift}
OUT=${OUT:-out/roundtrip}
for tool in qpdf pdftotext pdftoppm timeout; do
    command -v "$tool" >/dev/null || { echo "$tool is missing (make deps)" >&2; exit 2; }
done
mkdir -p "$OUT"
report="$(pwd)/$OUT/results.tsv"
rm -f "$report"

started=$(date +%s)
LEGIBLE_ROUNDTRIP_ALL=1 LEGIBLE_ROUNDTRIP_REPORT="$report" \
    "$SWIFT" test --filter RoundTripTests >"$OUT/test.log" 2>&1
status=$?
seconds=$(( $(date +%s) - started ))

[ -s "$report" ] || { echo "no results: see $OUT/test.log" >&2; exit 2; }
total=$(wc -l <"$report")
count() { awk -F'\t' -v o="$1" '$2 == o' "$report" | wc -l; }
ok=$(count ok); failed=$(count failed); unread=$(count unread); skipped=$(count skipped)
checked=$((ok + failed))
echo "rewrite round trip: $total files in ${seconds} s"
echo "  read and rewritten: $checked   passed: $ok   failed: $failed"
echo "  not read (by Legible or by qpdf): $unread   skipped (an oracle timed out on the input): $skipped"
if [ "$failed" -gt 0 ]; then
    echo "failures:"
    awk -F'\t' '$2 == "failed" { printf "  %s: %s\n", $1, $3 }' "$report"
fi
[ "$failed" -eq 0 ] && [ "$status" -eq 0 ] || exit 1
