#!/usr/bin/env bash
# Builds the PDF reader's libFuzzer target: Sources/PDF/**/*.swift and Fuzz/PDFFuzzEntry.swift
# compiled as one module by swiftc with -sanitize=fuzzer,address, linked with zlib. Outside the
# Swift package, so `swift build` and `swift test` never see it.
#   bash Fuzz/build.sh [OUTPUT]      (default .build/fuzz/pdf-fuzz)
set -eu
cd "$(dirname "$0")/.."
out=${1:-.build/fuzz/pdf-fuzz}
mkdir -p "$(dirname "$out")"
mapfile -t sources < <(find Sources/PDF -name '*.swift' | LC_ALL=C sort)
swiftc -parse-as-library -module-name PDFFuzz -swift-version 6 -O -g \
    -sanitize=fuzzer,address -use-ld=lld \
    -I Sources/CZlib -lz \
    "${sources[@]}" Fuzz/PDFFuzzEntry.swift -o "$out"
echo "$out"
