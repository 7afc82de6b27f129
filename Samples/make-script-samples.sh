#!/usr/bin/env bash
# Makes the right-to-left and CJK sample scans (issue 19) with ImageMagick and Debian's Noto fonts
# (fonts-noto-core, fonts-noto-cjk): 8-bit gray PNGs at 200 dpi, text whose logical order is known.
# ImageMagick here draws glyphs left to right with no bidi reordering, so the Hebrew lines are given
# to it reversed (visual order); the picture then reads as Hebrew is printed.
set -euo pipefail
cd "$(dirname "$0")"
hebrew=/usr/share/fonts/truetype/noto/NotoSerifHebrew-Regular.ttf
cjk=/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc
for font in "$hebrew" "$cjk"; do [ -f "$font" ] || { echo "missing $font: apt-get install fonts-noto-core fonts-noto-cjk" >&2; exit 1; }; done
visual() { python3 -c 'import sys; print(sys.argv[1][::-1])' "$1"; }
convert -size 1700x400 xc:white -font "$hebrew" -pointsize 48 -fill black \
  -annotate +100+150 "$(visual 'הספרייה העירונית פתוחה בכל יום')" \
  -annotate +100+280 "$(visual 'שלום עולם ברוכים הבאים')" \
  -colorspace Gray -depth 8 -density 200 -units PixelsPerInch -strip hebrew.png
convert -size 1700x400 xc:white -font "$cjk" -pointsize 44 -fill black \
  -annotate +100+150 '市立図書館は毎朝八時に開きます。' \
  -annotate +100+280 '今日は良い天気です。' \
  -colorspace Gray -depth 8 -density 200 -units PixelsPerInch -strip japanese.png
# Latin pages in two languages for `-l auto` (issue 19): running text, so that the language shows
# in its function words, as on a real page.
latin=/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf
page() { # page NAME LINE...
  local name=$1; shift
  local args=() y=120
  for line in "$@"; do args+=(-annotate "+100+$y" "$line"); y=$((y + 90)); done
  convert -size 1700x$((y + 40)) xc:white -font "$latin" -pointsize 40 -fill black "${args[@]}" \
    -colorspace Gray -depth 8 -density 200 -units PixelsPerInch -strip "$name"
}
page german.png 'Die Bibliothek der Stadt ist an jedem Tag der Woche' \
  'von acht Uhr bis zum Abend für alle Besucher geöffnet.' \
  'Wer ein Buch ausleihen will, braucht nur einen Ausweis' \
  'und kann es dann für vier Wochen mit nach Hause nehmen.' \
  'Die Zeitschriften und die Karten sind im ersten Stock.'
page french.png 'La bibliothèque de la ville est ouverte tous les jours' \
  'de la semaine, du matin au soir, pour tous les lecteurs.' \
  'Pour emprunter un livre, il suffit de montrer sa carte' \
  'et on peut le garder chez soi pendant quatre semaines.' \
  'Les journaux et les cartes sont au premier étage.'
# A German page with one French line: too few French function words for the page's text to show
# the second language; `-l auto` finds it from the line's words missing in the German dictionary.
page german-french.png 'Die Bibliothek der Stadt ist an jedem Tag der Woche' \
  'von acht Uhr bis zum Abend für alle Besucher geöffnet.' \
  'Une carte suffit pour emprunter quatre livres.' \
  'Wer ein Buch ausleihen will, braucht nur einen Ausweis.'
# Vertical Japanese (issue 19): three columns read top to bottom, right to left, one character
# per cell as vertical typesetting sets them (ImageMagick has no vertical layout of its own).
columns=('市立図書館は毎朝八時に開きます。' '閲覧室には雑誌があります。' '今日は良い天気です。')
args=(); x=1500
for column in "${columns[@]}"; do
  y=150
  while IFS= read -r character; do args+=(-annotate "+$x+$y" "$character"); y=$((y + 60)); done < <(grep -o . <<< "$column")
  x=$((x - 120))
done
convert -size 1700x1200 xc:white -font "$cjk" -pointsize 44 -fill black "${args[@]}" \
  -colorspace Gray -depth 8 -density 200 -units PixelsPerInch -strip japanese-vertical.png
