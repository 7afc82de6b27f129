#!/usr/bin/env bash
# make-samples.sh — regenerates Legible's small scanned sample inputs in this folder.
#
# Every sample is made here from our own text: a PostScript page is set with the
# URW base-35 fonts (Times-Roman, Helvetica), rasterized by Ghostscript at 300 dpi,
# degraded a little (blur, seeded noise) with ImageMagick and wrapped into a PDF
# (tiff2pdf, qpdf).  No third-party document is copied.  See manifest.tsv for what
# each file exercises and the words OCR must find in it.
#
# Needs (Debian packages): bash, ghostscript, fonts-urw-base35 (or gsfonts),
# imagemagick, libtiff-tools (tiff2pdf, tiffcp, tiffset), qpdf.
# Optional, for --check: poppler-utils (pdfinfo, pdfimages, pdftoppm), tesseract-ocr,
# tesseract-ocr-eng.
#
# Usage:  Samples/make-samples.sh            # (re)write the samples next to this script
#         Samples/make-samples.sh --check    # ... then verify them (qpdf, pdfimages, tesseract)
#
# Output is deterministic-ish: fixed noise seeds, fixed dates (SOURCE_DATE_EPOCH,
# TIFF DateTime), qpdf --deterministic-id.  Byte identity across tool versions is
# not promised.
set -euo pipefail
export LC_ALL=C SOURCE_DATE_EPOCH=1704067200   # 2024-01-01T00:00:00Z
OUT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CHECK=0; [ "${1:-}" = "--check" ] && CHECK=1
for t in gs convert tiff2pdf tiffcp tiffset qpdf; do
  command -v "$t" >/dev/null || { echo "make-samples: missing tool '$t' (see header)" >&2; exit 1; }
done
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
DPI=300
PAGE_W=360 PAGE_H=288        # 5 x 4 inches, in points: keeps every file small

# ---------------------------------------------------------------------------
# PostScript: a tiny word-wrapping typesetter.  page_ps FILE FONT SIZE TITLE PARA...
# (Text must not contain the characters ( ) \ .)
page_ps() {
  local file=$1 font=$2 size=$3 title=$4; shift 4
  {
    cat <<EOF
%!PS-Adobe-3.0
%%BoundingBox: 0 0 $PAGE_W $PAGE_H
<< /PageSize [$PAGE_W $PAGE_H] >> setpagedevice
/LM 28 def /RM $((PAGE_W - 28)) def /y $((PAGE_H - 36)) def /x LM def
/lead $size 1.3 mul def
/nl { /y y lead sub def /x LM def } def
/word { dup stringwidth pop x add RM gt { nl } if
        x y moveto dup show stringwidth pop x add ( ) stringwidth pop add /x exch def } def
/para { { ( ) search { word pop } { word exit } ifelse } loop nl /y y lead 0.35 mul sub def } def
/$(bold_of "$font") findfont $size 1.25 mul scalefont setfont
($title) para
/$font findfont $size scalefont setfont
EOF
    local p; for p in "$@"; do printf '(%s) para\n' "$p"; done
    echo "showpage"
  } > "$W/$file.ps"
}

bold_of() { case $1 in Times-Roman) echo Times-Bold ;; *) echo "$1-Bold" ;; esac; }

# raster NAME: $W/NAME.ps -> $W/NAME.png (8-bit gray, clean, 300 dpi)
raster() {
  gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pnggray -r$DPI \
     -dTextAlphaBits=4 -dGraphicsAlphaBits=4 -o "$W/$1.png" "$W/$1.ps"
}

# degrade NAME SEED [extra convert args]: $W/NAME.png -> $W/NAME-scan.png
# slight blur, seeded Gaussian noise, then levels so paper goes back to near white
degrade() {
  local n=$1 seed=$2; shift 2
  convert "$W/$n.png" -seed "$seed" "$@" -blur 0x0.7 -attenuate 0.35 +noise Gaussian \
          -level 12%,88% -colorspace Gray -depth 8 -strip \
          -units PixelsPerInch -density $DPI "$W/$n-scan.png"
}

# g4tif NAME OUT.tif: bilevel CCITT G4 TIFF at 300 dpi with a fixed DateTime
g4tif() {
  convert "$W/$1-scan.png" -strip -threshold 55% -type Bilevel -compress Group4 \
          -units PixelsPerInch -density $DPI "$2"
  tiffset -s 306 "2024:01:01 00:00:00" "$2"
}

# vector_pdf NAME: $W/NAME.ps -> $W/NAME.pdf with real text, fonts embedded (subset)
vector_pdf() {
  gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -dOmitXMP -dOmitID \
     -dEmbedAllFonts=true -dSubsetFonts=true -o "$W/$1.pdf" \
     -c "<< /NeverEmbed [ ] >> setdistillerparams" -f "$W/$1.ps"
}

# finish TMP.pdf OUT.pdf: fixed /ID, object streams left as is
finish() { qpdf --deterministic-id "$1" "$2"; }

# ---------------------------------------------------------------------------
# Texts (our own prose; one topic per sample so results can be told apart)

page_ps g4 Times-Roman 12 "The Lighthouse Keeper" \
  "Every evening at dusk the keeper climbed the spiral staircase, trimmed the wick and polished the great lens until it shone like water." \
  "Ships passing the northern reef saw the beam sweep across the waves twice a minute, and they knew the harbour was near." \
  "In winter storms he wrote short notes in a leather logbook about the wind, the barometer and the gulls."

page_ps jpeg Helvetica 11 "Orchard Bakery Notes" \
  "The bakery on Quince Lane opens before sunrise. Its ovens are warmed with apple wood cut from the old orchard behind the mill." \
  "On Saturdays the baker sells cinnamon loaves, walnut bread and a sourdough that rises slowly overnight in wicker baskets." \
  "Customers queue patiently, chatting about the harvest, the weather and the price of butter."

page_ps flate Times-Roman 12 "Along the Canal" \
  "The towpath follows the canal for eleven miles, past brick warehouses, a tall chimney and seven wooden locks painted black and white." \
  "Narrowboats move at walking pace. Herons stand motionless in the reeds while kingfishers flash blue beneath the bridges." \
  "A volunteer lockkeeper keeps a tidy garden of geraniums beside the third lock."

page_ps p1 Times-Roman 12 "The Observatory, Part One" \
  "High on the ridge above the village stands a small observatory with a copper dome that turns on iron wheels." \
  "Astronomers gather there on clear nights to measure the brightness of variable stars and to photograph distant galaxies." \
  "The telescope was ground by hand from a single disc of glass more than a century ago."

page_ps p2 Helvetica 11 "The Glacier, Part Two" \
  "Further up the valley a glacier creeps down between granite walls, grinding pebbles into a fine grey flour." \
  "Meltwater streams carry that flour to a turquoise lake where trout feed in the cold shallows." \
  "Surveyors return each autumn to mark how far the ice has retreated since the previous summer."

page_ps rot Times-Roman 12 "Night Train to the Coast" \
  "The sleeper train leaves the capital shortly before midnight and reaches the coast at breakfast time." \
  "Passengers fall asleep to the rhythm of the rails while the conductor checks tickets by lantern light." \
  "At dawn the carriages rattle over a viaduct and the sea appears, silver and enormous, beyond the dunes."

page_ps born Helvetica 11 "Municipal Library Bulletin" \
  "This page was typeset directly as vector text, so it already carries a real text layer and must be left untouched by the recogniser." \
  "The reading room will close early on Thursday for the annual inventory of atlases, encyclopaedias and periodicals." \
  "Overdue books may be returned without penalty during the amnesty week in March."

page_ps mixb Times-Roman 12 "Harbour Authority Notice" \
  "This first page is born digital. Fishing vessels must report their catch to the harbourmaster before unloading at the eastern quay." \
  "Dredging of the channel continues until the spring tides, so pilots should keep to the marked buoys."

page_ps mixs Helvetica 11 "Beekeeping in Spring" \
  "This second page is a scan. When the hawthorn blooms the colonies grow quickly and the beekeeper adds another super to each hive." \
  "Swarming is prevented by giving the queen room to lay and by removing queen cells every nine days." \
  "Lavender and clover give the summer honey its pale colour and gentle flavour."

page_ps jpgimg Times-Roman 12 "Falconry at the Castle" \
  "The falconer walks onto the lawn with a peregrine hooded on her leather gauntlet." \
  "When the hood is removed the bird climbs in wide circles, then stoops towards the lure at astonishing speed." \
  "Visitors applaud as the falcon lands gently and receives a morsel of meat as reward."

page_ps pngimg Helvetica 11 "The Potter's Workshop" \
  "Clay from the riverbank is wedged on a slate bench to push out air bubbles before it is thrown on the wheel." \
  "Finished bowls dry slowly on wooden shelves, then spend a day in the kiln at a temperature hot enough to melt copper." \
  "The glazes are mixed from ash, feldspar and iron oxide."

page_ps tif1 Times-Roman 12 "The Violin Maker, Frame One" \
  "In a narrow workshop the luthier carves spruce and maple into the arched plates of a violin." \
  "Each plate is tapped and listened to, then scraped thinner until it rings with the right tone." \
  "Varnish made from amber and linseed oil is brushed on in many thin coats."

page_ps tif2 Helvetica 11 "The Cartographer, Frame Two" \
  "The cartographer spreads a survey sheet across the drafting table and inks the contour lines with a fine pen." \
  "Rivers are drawn in blue, roads in red, and the marshes are stippled with tiny symbols of reeds." \
  "A compass rose and a scale bar are added last, in the lower corner of the map."

for n in g4 jpeg flate p1 p2 rot born mixb mixs jpgimg pngimg tif1 tif2; do
  [ "$n" = born ] || [ "$n" = mixb ] || raster "$n"
done

# ---------------------------------------------------------------------------
# scan-g4.pdf: bilevel CCITT G4, tiff2pdf passes the G4 data through
degrade g4 101
g4tif g4 "$W/g4.tif"
tiff2pdf -o "$W/g4.pdf" "$W/g4.tif"
finish "$W/g4.pdf" "$OUT/scan-g4.pdf"

# scan-jpeg.pdf: colour (cream paper, slightly skewed 0.5 deg) JPEG -> DCTDecode
degrade jpeg 102 -background white -rotate 0.5 -gravity center -extent 1500x1200 +repage
# paper tint: multiply the gray scan by a cream colour
convert "$W/jpeg-scan.png" \( -size 1500x1200 xc:'#f4ecd8' \) -compose Multiply -composite -strip \
        -type TrueColor -depth 8 -compress None -units PixelsPerInch -density $DPI "$W/jpeg.tif"
tiffset -s 306 "2024:01:01 00:00:00" "$W/jpeg.tif"
# drop WhitePoint/PrimaryChromaticities so tiff2pdf writes /DeviceRGB, not /CalRGB
tiffset -u 318 "$W/jpeg.tif"; tiffset -u 319 "$W/jpeg.tif"
tiff2pdf -j -q 60 -o "$W/jpeg.pdf" "$W/jpeg.tif"
finish "$W/jpeg.pdf" "$OUT/scan-jpeg.pdf"

# scan-flate.pdf: 8-bit gray, deflate TIFF -> FlateDecode
degrade flate 103
convert "$W/flate-scan.png" -strip -compress Zip -units PixelsPerInch -density $DPI "$W/flate.tif"
tiffset -s 306 "2024:01:01 00:00:00" "$W/flate.tif"
tiff2pdf -z -o "$W/flate.pdf" "$W/flate.tif"
finish "$W/flate.pdf" "$OUT/scan-flate.pdf"

# two-pages.pdf: two G4 pages, different text
degrade p1 104; degrade p2 105
g4tif p1 "$W/p1.tif"; g4tif p2 "$W/p2.tif"
tiffcp "$W/p1.tif" "$W/p2.tif" "$W/two.tif"
tiff2pdf -o "$W/two.pdf" "$W/two.tif"
finish "$W/two.pdf" "$OUT/two-pages.pdf"

# rotated.pdf: raster stored sideways (turned 270 deg clockwise), page /Rotate 90 -> displays upright
degrade rot 106 -rotate 270
g4tif rot "$W/rot.tif"
tiff2pdf -o "$W/rot0.pdf" "$W/rot.tif"
qpdf --deterministic-id --rotate=+90 "$W/rot0.pdf" "$OUT/rotated.pdf"

# born-digital.pdf: real vector text (embedded Type 1 font)
vector_pdf born
finish "$W/born.pdf" "$OUT/born-digital.pdf"

# mixed.pdf: page 1 born-digital, page 2 a G4 scan
vector_pdf mixb
degrade mixs 107
g4tif mixs "$W/mixs.tif"
tiff2pdf -o "$W/mixs.pdf" "$W/mixs.tif"
qpdf --deterministic-id --empty --pages "$W/mixb.pdf" "$W/mixs.pdf" -- "$OUT/mixed.pdf"

# flat-form.pdf: a born-digital flat form (vector rules, boxes, comb, check-box squares,
# labels as real text) for `legible forms` — made by its own script
bash "$OUT/make-form-sample.sh" "$OUT"

# Image inputs
degrade jpgimg 108
convert "$W/jpgimg-scan.png" -strip -quality 70 -sampling-factor 1x1 \
        -units PixelsPerInch -density $DPI "$OUT/scan.jpg"
degrade pngimg 109
convert "$W/pngimg-scan.png" +profile '*' -colors 16 -colorspace Gray -depth 8 \
        -units PixelsPerInch -density $DPI -define png:exclude-chunks=date,time,tEXt,zTXt,bKGD \
        -define png:color-type=0 "$OUT/scan.png"
degrade tif1 110; degrade tif2 111
g4tif tif1 "$W/tif1.tif"; g4tif tif2 "$W/tif2.tif"
tiffcp -c g4 "$W/tif1.tif" "$W/tif2.tif" "$OUT/scan-multipage.tif"

# Image inputs for `legible images` (how each kind is embedded)
page_ps exifimg Helvetica 11 "The Ferry Timetable" \
  "The morning ferry leaves the slipway at seven and crosses the estuary in twenty minutes." \
  "Cyclists board first, then cars, then a flock of sheep bound for the island market." \
  "The skipper rings a brass bell when the ramp is raised."
page_ps stripimg Times-Roman 12 "Notes on Bookbinding" \
  "Folded sections are sewn onto linen tapes, then glued at the spine and rounded with a hammer." \
  "Marbled endpapers are pasted down and the boards covered in goatskin or buckram." \
  "Gold tooling on the spine names the title and the year."
raster exifimg; raster stripimg
# scan-exif6.jpg: stored turned 90 deg anticlockwise, EXIF Orientation 6 ("turn clockwise to show")
degrade exifimg 112 -rotate 270
convert "$W/exifimg-scan.png" -strip -quality 70 -sampling-factor 1x1 \
        -units PixelsPerInch -density $DPI "$W/exif.jpg"
# SOI + the 16-byte JFIF APP0 come first; our APP1 goes after them: big-endian TIFF header,
# one IFD entry: tag 0x0112 SHORT 1 = 6
[ "$(head -c 6 "$W/exif.jpg" | od -An -tx1 | tr -d ' \n')" = "ffd8ffe00010" ] \
  || { echo "make-samples: unexpected JPEG header from convert" >&2; exit 1; }
{ head -c 20 "$W/exif.jpg"
  printf '\377\341\000\042Exif\000\000MM\000\052\000\000\000\010\000\001\001\022\000\003\000\000\000\001\000\006\000\000\000\000\000\000'
  tail -c +21 "$W/exif.jpg"; } > "$OUT/scan-exif6.jpg"
# scan-multistrip.tif: bilevel G4 in strips of 64 rows (each strip coded on its own)
degrade stripimg 113
g4tif stripimg "$W/strip.tif"
tiffcp -c g4 -r 64 "$W/strip.tif" "$OUT/scan-multistrip.tif"
# scan-g3.tif: the same page coded with CCITT G3 2-D, one strip
tiffcp -c g3:2d -r 1200 "$W/strip.tif" "$OUT/scan-g3.tif"
# scan-palette.png: 16-colour palette PNG (colour type 3) on cream paper, pHYs 300 dpi
convert "$W/stripimg-scan.png" \( -size 1500x1200 xc:'#f4ecd8' \) -compose Multiply -composite +dither -colors 16 \
        -units PixelsPerInch -density $DPI -define png:exclude-chunks=date,time,tEXt,zTXt,bKGD \
        -define png:color-type=3 +profile '*' "$OUT/scan-palette.png"
# scan-16bit.png: 16-bit gray PNG, 750x600 at 150 dpi (clean raster, halved)
convert "$W/stripimg.png" -resize 50% -colorspace Gray -depth 16 -units PixelsPerInch -density 150 \
        -define png:exclude-chunks=date,time,tEXt,zTXt,bKGD -define png:color-type=0 -define png:bit-depth=16 \
        +profile '*' "$OUT/scan-16bit.png"

echo "make-samples: wrote $(cd "$OUT" && ls scan-g4.pdf scan-jpeg.pdf scan-flate.pdf two-pages.pdf rotated.pdf born-digital.pdf mixed.pdf flat-form.pdf scan.jpg scan.png scan-multipage.tif scan-exif6.jpg scan-multistrip.tif scan-g3.tif scan-palette.png scan-16bit.png | tr '\n' ' ')"

# ---------------------------------------------------------------------------
# --check: structure and OCR-ability of every sample against manifest.tsv
if [ $CHECK = 1 ]; then
  fail=0
  for f in "$OUT"/*.pdf; do
    qpdf --check "$f" >/dev/null || { echo "FAIL qpdf --check $f"; fail=1; }
  done
  while IFS=$'\t' read -r file kind pages what words; do
    mkdir -p "$W/ocr"; rm -f "$W"/ocr/*
    case $file in
      *.pdf) n=$(pdfinfo "$OUT/$file" | awk '/^Pages:/{print $2}')
             enc=$(pdfimages -list "$OUT/$file" | awk 'NR>2{printf "%s%s/%sbpc", sep, $9, $8; sep=","}')
             echo "     $file: $n page(s), images: ${enc:-none}"
             [ "$n" = "$pages" ] || { echo "FAIL $file: $n pages, manifest says $pages"; fail=1; }
             pdftoppm -r 300 -gray -png "$OUT/$file" "$W/ocr/p" ;;
      *.tif) convert "$OUT/$file" "$W/ocr/p-%d.png" ;;
      *-exif*.jpg) convert "$OUT/$file" -auto-orient "$W/ocr/p.png" ;;   # shown as its EXIF tag says
      *)     cp "$OUT/$file" "$W/ocr/p.${file##*.}" ;;
    esac
    text=$(for i in "$W"/ocr/*; do OMP_THREAD_LIMIT=1 tesseract "$i" - 2>/dev/null; done)
    miss=""
    for w in $words; do grep -qiw -- "$w" <<<"$text" || miss="$miss $w"; done
    if [ -z "$miss" ]; then echo "ok   $file"; else echo "MISS $file:$miss"; fail=1; fi
  done < <(tail -n +2 "$OUT/manifest.tsv")
  exit $fail
fi
