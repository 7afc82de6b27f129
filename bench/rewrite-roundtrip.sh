#!/usr/bin/env bash
# Full-rewrite round trip over every PDF of ../shared/corpus/pdf/: each file Legible reads is
# rewritten twice (DocumentRewriter with default options: object streams, encryption kept; and
# linearized, which must also pass `qpdf --check-linearization`) and each result judged by
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
summarize() {   # $1: label, $2: awk condition on the path column
    awk -F'\t' -v label="$1" "$2"' {
            n++; c[$2]++
            if ($2 == "ok" && $3 != "") plain++
            if ($2 == "failed") bad = bad sprintf("    %s: %s\n", $1, $3)
        }
        END {
            printf "  %s: %d files; read and rewritten %d, passed %d, failed %d; not read %d; skipped %d\n",
                label, n, c["ok"] + c["failed"], c["ok"], c["failed"], c["unread"], c["skipped"]
            if (plain) printf "    (%d of them written unlinearized, with the reason: a damaged page tree, no pages)\n", plain
            printf "%s", bad
        }' "$report"
}
echo "rewrite round trip over $(wc -l <"$report") rewrites in ${seconds} s (not read: by Legible or by qpdf;"
echo "skipped: an oracle timed out on the input):"
summarize "full rewrite" '$1 !~ / \(linearized\)$/'
summarize "linearized (also qpdf --check-linearization)" '$1 ~ / \(linearized\)$/'
failed=$(awk -F'\t' '$2 == "failed"' "$report" | wc -l)
[ "$failed" -eq 0 ] && [ "$status" -eq 0 ] || exit 1
