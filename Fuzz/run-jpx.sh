#!/usr/bin/env bash
# Runs the JPEG 2000 decoder's libFuzzer target for SECONDS (default 1800), seeded with every
# JPXDecode stream of the corpus PDFs (raw, from qpdf), keeping what it learns in
# .build/fuzz-jpx/corpus and any crashing, leaking or hanging input in .build/fuzz-jpx/artifacts/.
# Exit status 1 when libFuzzer found something.
#   bash Fuzz/run-jpx.sh [SECONDS]
set -u
cd "$(dirname "$0")/.."
seconds=${1:-1800}
corpus=${CORPUS:-../shared/corpus}
work=.build/fuzz-jpx
bin=$work/jpx-fuzz
mkdir -p "$work/corpus" "$work/artifacts"
mapfile -t sources < <(find Sources/Imaging/JPX -name 'JPX*.swift' ! -name '*PixImage*' | LC_ALL=C sort)
swiftc -parse-as-library -module-name JPXFuzz -swift-version 6 -O -g -sanitize=fuzzer,address -use-ld=lld \
    "${sources[@]}" Sources/Imaging/ImagingError.swift Sources/Imaging/JBIG2/JBIG2ArithmeticDecoder.swift \
    Fuzz/JPXFuzzEntry.swift -o "$bin" || exit 2

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
grep -rl --include='*.pdf' JPXDecode "$corpus/pdf" "$corpus/scans" 2>/dev/null | LC_ALL=C sort | while read -r file; do
    pdfimages -list "$file" 2>/dev/null | awk '$9 == "jpx" { print $11 }' | sort -un | while read -r object; do
        qpdf --show-object="$object" --raw-stream-data "$file" >"$seeds/$(basename "$file" .pdf)-$object.jpx" 2>/dev/null
    done
done
echo "fuzzing for $seconds s with $(ls "$seeds" | wc -l) seed files; log in $work/fuzz.log"
"$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 -max_len=262144 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" "$seeds" >"$work/fuzz.log" 2>&1
status=$?
grep -E '^(stat::|Done|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' "$work/fuzz.log" | tail -20
ls "$work/artifacts" | sed "s|^|found: $work/artifacts/|"
[ "$status" -eq 0 ] || exit 1
