#!/usr/bin/env bash
# `legible fields` / `legible fill` round trip on every form of ../shared/corpus/forms-large/src (issue 22):
#   fields --json → every text field gets a distinct value (cut to its /MaxLen), every check box is
#   turned on, every radio group and choice field set to its last export value/option → fill →
#   fields --json must give the values back; pdftotext must show the text values; pypdf must read
#   them; qpdf --check must be clean (no error or warning the input did not have). The same values
#   are filled by pypdf (auto_regenerate) and both outputs are rendered by pdftoppm (first 3 pages,
#   50 dpi, gray): the mean absolute difference (0-255) between Legible's and pypdf's is printed,
#   beside the difference between the empty and the filled form for scale. Finally the time of
#   filling a 15-page form (qpdf joins ssa_632 + 5 of its pages; best of 5).
# Needs the release binary (make build; LEGIBLE=path overrides) and ../shared/bench. Exit 1 when a
# check fails on any form.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${BENCH_SHARED:-../shared/bench}
LEGIBLE=${LEGIBLE:-$PWD/.build/release/legible}
[ -x "$LEGIBLE" ] || { echo "no release binary: run make build first" >&2; exit 3; }
eval "$("$SHARED/setup.sh")"
OUT=${FILL_OUT:-/tmp/legible-bench/fill}
mkdir -p "$OUT"
exec "$BENCH_PY" bench/fill/roundtrip.py "$LEGIBLE" "$OUT" ../shared/corpus/forms-large/src "$@"
