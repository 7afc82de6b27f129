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
