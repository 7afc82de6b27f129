#!/usr/bin/env bash
# make-form-sample.sh OUTDIR — the born-digital flat form sample (flat-form.pdf), called by
# make-samples.sh and runnable on its own.
#
# A one-page "library card application" drawn in PostScript by this script: labels as real
# Helvetica text, underlines and signature lines as stroked rules, text boxes and a multi-line
# box as stroked rectangles, an 8-cell comb box, three check-box squares.  Ghostscript's
# pdfwrite turns it into a PDF with the font embedded; no form fields — finding them is
# `legible forms`'s job, from the vectors and the text alone (no raster, no OCR).
# Deterministic: fixed SOURCE_DATE_EPOCH, no XMP, no ID from gs, qpdf --deterministic-id.
# Needs: gs (ghostscript, fonts-urw-base35), qpdf.
set -euo pipefail
export LC_ALL=C SOURCE_DATE_EPOCH=1704067200
OUT=${1:?usage: make-form-sample.sh OUTDIR}
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
cat > "$W/form.ps" <<'PS'
%!PS-Adobe-3.0
%%BoundingBox: 0 0 360 432
<< /PageSize [360 432] >> setpagedevice
/label { /Helvetica findfont 10 scalefont setfont moveto show } def
/rule { newpath moveto lineto stroke } def
0.8 setlinewidth 0 setgray
/Helvetica-Bold findfont 14 scalefont setfont 28 400 moveto (Library Card Application) show
(Full name) 28 364 label            332 362 108 362 rule
(Date of birth) 28 338 label        210 336 108 336 rule
(Email address) 28 312 label        108 306 224 18 rectstroke
(Member number) 28 282 label        108 276 112 18 rectstroke
1 1 7 { 14 mul 108 add dup 276 moveto 294 lineto stroke } for
(Membership) 28 252 label
108 249 9 9 rectstroke  (Adult) 121 250 label
170 249 9 9 rectstroke  (Student) 183 250 label
240 249 9 9 rectstroke  (Senior) 253 250 label
(Comments) 28 222 label             108 150 224 78 rectstroke
(Signature) 28 112 label            250 110 108 110 rule
(Date) 258 112 label                332 110 285 110 rule
showpage
PS
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -dOmitXMP -dOmitID \
   -dEmbedAllFonts=true -dSubsetFonts=true -o "$W/form.pdf" \
   -c "<< /NeverEmbed [ ] >> setdistillerparams" -f "$W/form.ps"
qpdf --deterministic-id "$W/form.pdf" "$OUT/flat-form.pdf"
