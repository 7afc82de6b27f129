#!/bin/bash
# Builds and runs the library client on a sample scan with the real Tesseract engine, then
# checks its output with independent tools: poppler finds the word in the text layer and the
# field in the form, qpdf finds the file sound, linearized and restricted. Run by `make test`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$here"
# SwiftPM keeps its build plan while files are added to or removed from the path dependency's
# targets (then fails on "missing inputs"): drop the plan so that it is made again (cheap).
rm -f .build/debug.yaml .build/*/debug/description.json
swift build -q
"$(swift build --show-bin-path)/LibraryClient" ../scan-g4.pdf "$out/client.pdf" barometer
# Each tool's whole answer is read before it is searched (grep -q would close the pipe early).
text="$(pdftotext "$out/client.pdf" -)"
info="$(pdfinfo "$out/client.pdf")"
form="$(qpdf --json --json-key=acroform "$out/client.pdf")"
encryption="$(qpdf --show-encryption "$out/client.pdf")"
grep -qi barometer <<<"$text" || { echo "library client: the text layer has no 'barometer'"; exit 1; }
grep -q '^Form: *AcroForm' <<<"$info" || { echo "library client: no form in the output"; exit 1; }
grep -q '"fullname": "note"' <<<"$form" || { echo "library client: no field 'note'"; exit 1; }
grep -q 'modify anything: not allowed' <<<"$encryption" || { echo "library client: not restricted"; exit 1; }
qpdf --check "$out/client.pdf" >/dev/null || { echo "library client: qpdf --check fails"; exit 1; }
qpdf --check-linearization "$out/client.pdf" >/dev/null || { echo "library client: not linearized"; exit 1; }
echo "library client: OK (recognized, found, field added, written searchable, linearized and restricted)"
