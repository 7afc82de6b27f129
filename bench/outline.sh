#!/usr/bin/env bash
# Outline benchmark (issue 20): do the outlines `legible ocr --outline` builds from headings
# match the outlines real born-digital PDFs came with?
#
# Documents: bench/outline/documents.tsv, picked by rule (see bench/outline/select_docs.py)
# from ../shared/corpus and from the born-digital manuals of a few Debian documentation
# packages (the corpus alone holds ~10 usable documents); of each, the 8 consecutive pages
# holding the most outline entries. RESELECT=1 picks them again (~1 min).
#   (a) born-digital: the window's pages (qpdf, no outline) through `legible ocr --outline`:
#       headings from the text's font sizes and weights (PDFText);
#   (b) scanned: the same pages rendered flat at 200 dpi (pdftoppm, gray), made a PDF by
#       `legible images`, then `legible ocr --outline` (headings from recognized lines).
# Scored by bench/outline/score.py (pypdf reads both outlines): title F1 and level accuracy,
# for all documents, the "dev" split (looked at while tuning) and the held-out split (not).
# Peer figure: 0 — OCRmyPDF, Tesseract and Paperless-ngx make no outline.
# Untimed: run at nice 19 without the bench lock. BORN_ONLY=1 skips (b) (seconds, not ~15 min);
# SHOW_HELD=1 prints the held-out documents and each source's own figure too.
set -euo pipefail
cd "$(dirname "$0")/.."
LEGIBLE=${LEGIBLE:-.build/release/legible}
CORPUS=${CORPUS:-../shared/corpus}
DPI=200
LIST=bench/outline/documents.tsv
UNPACKED=${OUTLINE_DOCS:-/tmp/legible-outline-docs}
WORK=$(mktemp -d /tmp/legible-outline.XXXXXX)
[ "${KEEP:-0}" = 1 ] && echo "work files kept in $WORK" >&2 || trap 'rm -rf "$WORK"' EXIT
[ -x "$LEGIBLE" ] || { echo "build legible first: swift build -c release" >&2; exit 3; }
python3 -c 'import pypdf' 2>/dev/null || { echo "pypdf is needed: pip install pypdf" >&2; exit 3; }
missing=()
for p in $(python3 bench/outline/select_docs.py --packages); do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "documents of these packages are left out (apt-get install ${missing[*]}):" >&2
  fi
fi
if [ "${RESELECT:-0}" = 1 ]; then python3 bench/outline/select_docs.py "$CORPUS" "$UNPACKED" > "$LIST"; fi
cp "$LIST" "$WORK/documents.tsv"   # the list as it was when the run began

: > "$WORK/born.tsv"; : > "$WORK/scan.tsv"
n=0
while IFS=$'\t' read -r path source split first last entries; do
  n=$((n + 1))
  case "$path" in ../shared/corpus/*) doc="$CORPUS/${path#../shared/corpus/}" ;; *) doc="$path" ;; esac
  [ -f "$doc" ] || { echo "missing, left out: $doc" >&2; continue; }
  case "$doc" in *.gz) base=$(basename "${doc%.gz}"); gunzip -c "$doc" > "$WORK/$n-$base"; doc="$WORK/$n-$base" ;; esac
  # The window alone, without the outline (which would point at pages no longer there).
  qpdf --empty --pages "$doc" "$((first + 1))-$((last + 1))" -- "$WORK/win-$n.pdf" 2>>"$WORK/log" || true
  # (a) born-digital
  "$LEGIBLE" ocr --outline "$WORK/win-$n.pdf" "$WORK/born-$n.pdf" -q 2>>"$WORK/log" || true
  printf '%s\t%s\t%s\t%s\t%s\t%s\t0\n' "$doc" "$source" "$split" "$first" "$last" "$WORK/born-$n.pdf" >> "$WORK/born.tsv"
  [ "${BORN_ONLY:-0}" = 1 ] && continue
  # (b) flat at 200 dpi, then OCR
  mkdir -p "$WORK/png-$n"
  pdftoppm -q -r "$DPI" -gray -png "$WORK/win-$n.pdf" "$WORK/png-$n/p"
  "$LEGIBLE" images "$WORK"/png-$n/p-*.png "$WORK/flat-$n.pdf" 2>>"$WORK/log"
  "$LEGIBLE" ocr --outline "$WORK/flat-$n.pdf" "$WORK/scan-$n.pdf" -q 2>>"$WORK/log" || true
  printf '%s\t%s\t%s\t%s\t%s\t%s\t0\n' "$doc" "$source" "$split" "$first" "$last" "$WORK/scan-$n.pdf" >> "$WORK/scan.tsv"
done < "$WORK/documents.tsv"

echo "== (a) born-digital, ocr --outline ($n documents, 8 pages each)"
python3 bench/outline/score.py "$WORK/born.tsv"
if [ "${BORN_ONLY:-0}" != 1 ]; then
  echo "== (b) rendered flat at $DPI dpi, images -> ocr --outline"
  python3 bench/outline/score.py "$WORK/scan.tsv"
fi
echo "peer (OCRmyPDF, Tesseract, Paperless-ngx): no outline, F1 0"
