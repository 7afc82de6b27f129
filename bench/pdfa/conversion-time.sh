#!/usr/bin/env bash
# The PDF/A conversion's own cost, without OCR's noise: `legible ocr` on files that already carry
# a text layer (pages left as they are: a plain rewrite) with --output-type pdf and with TYPE, each
# REPEAT times (the fastest counts), summed over the folder's PDFs. Prints both sums and their
# difference, which is what --output-type TYPE adds to an `ocr` run of the same files.
# Usage: bench/pdfa/conversion-time.sh LEGIBLE FOLDER [TYPE=pdfa] [REPEAT=3]
set -uo pipefail
BIN=$1 DIR=$2 TYPE=${3:-pdfa} REPEAT=${4:-3}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
fastest() {
  local best=
  for _ in $(seq "$REPEAT"); do
    local start end took
    start=$(date +%s.%N)
    "$BIN" ocr -q --output-type "$1" "$2" "$OUT/out.pdf" 2>/dev/null
    end=$(date +%s.%N)
    took=$(echo "$end - $start" | bc)
    if [ -z "$best" ] || [ "$(echo "$took < $best" | bc)" = 1 ]; then best=$took; fi
  done
  echo "$best"
}
plain=0 converted=0
for f in "$DIR"/*.pdf; do
  a=$(fastest pdf "$f"); b=$(fastest "$TYPE" "$f")
  plain=$(echo "$plain + $a" | bc); converted=$(echo "$converted + $b" | bc)
done
printf 'rewrite as pdf %.2f s, as %s %.2f s: the conversion adds %.2f s\n' "$plain" "$TYPE" "$converted" "$(echo "$converted - $plain" | bc)"
