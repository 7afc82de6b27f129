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
mkdir -p .build/fuzz/corpus .build/fuzz/artifacts
echo "fuzzing for $seconds s with $(ls "$seeds" | wc -l) seed files; log in .build/fuzz/fuzz.log"
"$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 -max_len=65536 \
    -dict=Fuzz/pdf.dict -print_final_stats=1 -artifact_prefix=.build/fuzz/artifacts/ \
    .build/fuzz/corpus "$seeds" > .build/fuzz/fuzz.log 2>&1
status=$?
grep -E '^(stat::|Done|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' .build/fuzz/fuzz.log | tail -20
ls .build/fuzz/artifacts | sed 's/^/found: .build\/fuzz\/artifacts\//'
[ "$status" -eq 0 ] || exit 1
