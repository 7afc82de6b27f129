#!/usr/bin/env bash
# Runs the PDF reader's libFuzzer target for SECONDS (default 1800), seeded with the small files
# of the shared PDF corpus, keeping what it learns in .build/fuzz/corpus and any crashing, leaking
# or hanging input in .build/fuzz/artifacts/. Exit status 1 when libFuzzer found something.
#   bash Fuzz/run.sh [SECONDS]
set -u
cd "$(dirname "$0")/.."
seconds=${1:-1800}
corpus=${CORPUS:-../shared/corpus/pdf}
bin=.build/fuzz/pdf-fuzz
bash Fuzz/build.sh "$bin" >/dev/null || exit 2

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
# Files under 64 KB (the fuzzer's input limit), names made plain.
find "$corpus" -type f -name '*.pdf' -size -64k | LC_ALL=C sort | while read -r file; do
    cp "$file" "$seeds/$(basename "$file" | tr -c 'A-Za-z0-9._\n-' '_')"
done
# One seed for each part the entry can drive on its own (first byte 0, 1, 2; see PDFFuzzEntry.swift):
# Flate with a PNG predictor over 4 columns, a content stream with an inline image, objects.
printf '\x00\x00\x0b\x01\x78\x9c\x63\x62\x64\x62\x66\x62\x61\x65\x63\xe0\xe4\xe4\x64\x22\x82\x0d\x00\x12\x90\x00\xd1' > "$seeds/part-filters"
printf '\x01q 1 0 0 1 0 0 cm BT /F1 12 Tf [(a) -20 (b)] TJ ET BI /W 2 /H 1 /CS /G /BPC 8 ID \x01\x02 EI Q' > "$seeds/part-content"
printf '\x02<< /A [1 2.5 -.5 (s\\)) <4142> /N#20x true null 3 0 R] >> 1 0 obj << /Type /Catalog >> endobj trailer << /Root 1 0 R >>' > "$seeds/part-syntax"
mkdir -p .build/fuzz/corpus .build/fuzz/artifacts
echo "fuzzing for $seconds s with $(ls "$seeds" | wc -l) seed files; log in .build/fuzz/fuzz.log"
"$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 -max_len=65536 \
    -dict=Fuzz/pdf.dict -print_final_stats=1 -artifact_prefix=.build/fuzz/artifacts/ \
    .build/fuzz/corpus "$seeds" > .build/fuzz/fuzz.log 2>&1
status=$?
grep -E '^(stat::|Done|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' .build/fuzz/fuzz.log | tail -20
ls .build/fuzz/artifacts | sed 's/^/found: .build\/fuzz\/artifacts\//'
[ "$status" -eq 0 ] || exit 1
