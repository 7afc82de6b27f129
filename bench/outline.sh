#!/usr/bin/env bash
# Outline benchmark (issue 20): do the outlines `legible ocr --outline` builds from headings
# match the outlines real born-digital PDFs came with?
#
# Documents: bench/outline/documents.tsv, picked from ../shared/corpus by
#   python3 bench/outline/select_docs.py ../shared/corpus > bench/outline/documents.tsv
# (outline of >= 3 entries whose titles mostly appear as text on their pages; ~15 min, so the
# list is kept; RESELECT=1 makes it again). At most MAX_PAGES (12) pages of each are used.
#   (a) born-digital: `legible ocr --replace-outline` on the PDF itself (its outline replaced
#       by the headings found in its text: font sizes and weights from PDFText);
#   (b) scanned: each page rendered flat at 200 dpi (pdftoppm, gray), made a PDF by
#       `legible images`, then `legible ocr --outline` (headings from recognized lines).
# Scored by bench/outline/score.py (pypdf reads both outlines): title F1, level accuracy.
# Peer figure: 0 — OCRmyPDF, Tesseract and Paperless-ngx make no outline.
# Untimed: run at nice 19 without the bench lock.
set -euo pipefail
cd "$(dirname "$0")/.."
LEGIBLE=${LEGIBLE:-.build/release/legible}
CORPUS=${CORPUS:-../shared/corpus}
MAX_PAGES=12
DPI=200
LIST=bench/outline/documents.tsv
WORK=$(mktemp -d /tmp/legible-outline.XXXXXX)
[ "${KEEP:-0}" = 1 ] && echo "work files kept in $WORK" >&2 || trap 'rm -rf "$WORK"' EXIT
[ -x "$LEGIBLE" ] || { echo "build legible first: swift build -c release" >&2; exit 3; }
python3 -c 'import pypdf' 2>/dev/null || { echo "pypdf is needed: pip install pypdf" >&2; exit 3; }
if [ "${RESELECT:-0}" = 1 ]; then python3 bench/outline/select_docs.py "$CORPUS" > "$LIST"; fi

born=() scanned=()
n=0
while IFS=$'\t' read -r path entries pages; do
  n=$((n + 1))
  doc="$CORPUS/${path#*/corpus/}"
  # (a) born-digital
  "$LEGIBLE" ocr --replace-outline --pages "1-$MAX_PAGES" "$doc" "$WORK/born-$n.pdf" -q 2>>"$WORK/log" || true
  born+=("$doc" "$WORK/born-$n.pdf")
  # (b) flat at 200 dpi, then OCR
  mkdir -p "$WORK/png-$n"
  pdftoppm -q -r "$DPI" -gray -png -l "$MAX_PAGES" "$doc" "$WORK/png-$n/p"
  "$LEGIBLE" images "$WORK"/png-$n/p-*.png "$WORK/flat-$n.pdf" 2>>"$WORK/log"
  "$LEGIBLE" ocr --outline "$WORK/flat-$n.pdf" "$WORK/scan-$n.pdf" -q 2>>"$WORK/log" || true
  scanned+=("$doc" "$WORK/scan-$n.pdf")
done < "$LIST"

echo "== (a) born-digital, ocr --replace-outline ($n documents, first $MAX_PAGES pages)"
python3 bench/outline/score.py "$MAX_PAGES" "${born[@]}"
echo "== (b) rendered flat at $DPI dpi, images -> ocr --outline"
python3 bench/outline/score.py "$MAX_PAGES" "${scanned[@]}"
echo "peer (OCRmyPDF, Tesseract, Paperless-ngx): no outline, F1 0"
