#!/usr/bin/env bash
# Runs the content-stream interpreter's libFuzzer target (Fuzz/ContentFuzzEntry.swift) for
# SECONDS (default 1800), seeded with the decoded page contents of the corpus's small PDFs
# (qpdf --show-object, up to 64 KB each) and a few hand-written streams, keeping what it learns
# in .build/fuzz-content/corpus and any crashing, leaking or hanging input in
# .build/fuzz-content/artifacts/. Exit status 1 when libFuzzer found something.
#   bash Fuzz/run-content.sh [SECONDS]
set -u
cd "$(dirname "$0")/.."
seconds=${1:-1800}
corpus=${CORPUS:-../shared/corpus/pdf}
work=.build/fuzz-content
bin=$work/content-fuzz
mkdir -p "$work/corpus" "$work/artifacts" "$work/src"
# Built again only when a source is newer than the binary.
if [ ! -x "$bin" ] || [ -n "$(find Sources/PDF Sources/PDFText Fuzz/ContentFuzzEntry.swift -newer "$bin" | head -1)" ]; then
    # Sources/PDF and Sources/PDFText as one module: PDFText's `import PDF` lines are dropped.
    rm -f "$work"/src/*.swift
    find Sources/PDFText -name '*.swift' | while read -r file; do
        grep -v '^import PDF$' "$file" > "$work/src/$(echo "$file" | tr / _)"
    done
    mapfile -t sources < <(find Sources/PDF "$work/src" -name '*.swift' | LC_ALL=C sort)
    swiftc -parse-as-library -module-name ContentFuzz -swift-version 6 -O -g -sanitize=fuzzer,address -use-ld=lld \
        -I Sources/CZlib -lz "${sources[@]}" Fuzz/ContentFuzzEntry.swift -o "$bin" || exit 2
fi

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
find "$corpus" -type f -name '*.pdf' -size -200k | LC_ALL=C sort | head -150 | while read -r file; do
    qpdf --show-npages "$file" >/dev/null 2>&1 || continue
    qpdf --show-pages "$file" 2>/dev/null | awk '/content:/ {getline; print $1}' | head -2 | while read -r object; do
        qpdf --show-object="$object" --filtered-stream-data "$file" 2>/dev/null | head -c 65536 \
            >"$seeds/$(basename "$file" .pdf | tr -c 'A-Za-z0-9._\n-' '_')-$object"
    done
done
find "$seeds" -size 0 -delete
printf 'q 1 0 0 1 72 700 cm BT /F1 12 Tf [(a) -20 (b)] TJ /F2 9 Tf (!"#) Tj ET /Fm1 Do /Im1 Do Q 0 0 m 100 0 l S 10 10 50 50 re f' > "$seeds/hand-mixed"
printf 'BT /F1 12 Tf [[[[(x)]]]] TJ ET BI /W 2 /H 1 /CS /G /BPC 8 ID \x01\x02 EI /P <</MCID 0>> BDC EMC' > "$seeds/hand-nested"
echo "fuzzing for $seconds s with $(ls "$seeds" | wc -l) seed files; log in $work/fuzz.log"
# A hang is an input still running after 30 s. 10 s stopped a run on the shared 2-core machine at
# nice 19 (load 3): the page it flagged (51 KB of forms drawing text arrays) takes 2.6 s alone
# under the sanitizers, bounded by the interpreter's operator and form-run limits.
"$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=30 -max_len=65536 \
    -dict=Fuzz/pdf.dict -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" "$seeds" >"$work/fuzz.log" 2>&1
status=$?
grep -E '^(stat::|Done|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' "$work/fuzz.log" | tail -20
ls "$work/artifacts" | sed "s|^|found: $work/artifacts/|"
[ "$status" -eq 0 ] || exit 1
