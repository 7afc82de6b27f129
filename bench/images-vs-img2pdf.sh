#!/usr/bin/env bash
# `legible images` against img2pdf on every image of the shared corpus's scans and of Samples/:
# per file the output size of each tool (img2pdf's default pikepdf engine and its plain
# "internal" engine), their ratio, whether the image streams carry the same bytes, qpdf --check
# of our output, and whether our pixels are the input's (every image of our output extracted
# with `pdfimages -png` — soft masks too — against the input decoded independently by Pillow;
# JPEGs also byte for byte with `pdfimages -all`).
# Needs the release binary (make build). Environment: IMAGES_INPUTS (default: the files below),
# IMAGES_BENCH_OUT (default /tmp/legible-images-bench), BENCH_SHARED (default ../shared/bench,
# whose setup.sh provides a Python with img2pdf and Pillow).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${IMAGES_BENCH_OUT:-/tmp/legible-images-bench}
SHARED=${BENCH_SHARED:-../shared/bench}
BIN=${LEGIBLE_BIN:-$PWD/.build/release/legible}
eval "$("$SHARED/setup.sh")"
if [ -n "${IMAGES_INPUTS:-}" ]; then read -r -a files <<<"$IMAGES_INPUTS"; else
  mapfile -t files < <(find ../shared/corpus/scans Samples -maxdepth 1 -type f \
    \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.tif' -o -iname '*.tiff' \) | sort)
fi
rm -rf "$OUT" && mkdir -p "$OUT"

printf '%-28s %9s %9s %7s %9s %7s %-10s %-6s %s\n' file legible img2pdf ratio internal ratio same-data qpdf pixels
for f in "${files[@]}"; do
  name=$(basename "$f"); d="$OUT/$name"; mkdir -p "$d"
  "$BIN" images -q "$f" "$d/legible.pdf" 2>"$d/legible.err" || { echo "$name: legible failed: $(cat "$d/legible.err")"; continue; }
  "$BENCH_PY" -m img2pdf "$f" -o "$d/img2pdf.pdf" 2>/dev/null || rm -f "$d/img2pdf.pdf"
  "$BENCH_PY" -m img2pdf --engine internal "$f" -o "$d/internal.pdf" 2>/dev/null || rm -f "$d/internal.pdf"
  check=$(qpdf --check "$d/legible.pdf" >/dev/null 2>&1 && echo ok || echo FAIL)
  "$BENCH_PY" - "$f" "$d" "$check" <<'PY'
import os, subprocess, sys, glob
from PIL import Image, ImageSequence
import numpy as np
src, d, check = sys.argv[1:4]
def size(p): return os.path.getsize(p) if os.path.exists(p) else None
def streams(pdf):
    # the image streams' raw (still encoded) bytes, page by page
    import pikepdf
    with pikepdf.open(pdf) as doc:
        return [bytes(x.read_raw_bytes()) for page in doc.pages for x in page.get_images().values()]
ours, theirs, internal = size(f"{d}/legible.pdf"), size(f"{d}/img2pdf.pdf"), size(f"{d}/internal.pdf")
same = "n/a"
if theirs:
    same = "yes" if streams(f"{d}/legible.pdf") == streams(f"{d}/img2pdf.pdf") else "no"
# pixels: every frame's colour (and alpha, as a separate soft-mask image) against Pillow
subprocess.run(["pdfimages", "-png", f"{d}/legible.pdf", f"{d}/x"], check=True)
extracted = sorted(glob.glob(f"{d}/x-*.png"))
listing = subprocess.run(["pdfimages", "-list", f"{d}/legible.pdf"], capture_output=True, text=True).stdout.splitlines()[2:]
kinds = [l.split()[2] for l in listing]
expected = []
with Image.open(src) as im:
    for frame in ImageSequence.Iterator(im):
        fr = frame.copy()
        alpha = None
        if fr.mode in ("RGBA", "LA") or (fr.mode == "P" and "transparency" in fr.info):
            rgba = fr.convert("RGBA" if fr.mode != "LA" else "LA")
            alpha = np.asarray(rgba)[..., -1]
            fr = rgba.convert("RGB" if rgba.mode == "RGBA" else "L")
        expected.append(("image", fr))
        if alpha is not None and alpha.min() < 255:
            expected.append(("smask", alpha))
ok = len(expected) == len(extracted)
worst = 0.0
cmyk = False
for (kind, want), path, k in zip(expected, extracted, kinds):
    got = Image.open(path)
    if kind == "smask":
        a, b = np.asarray(got.convert("L"), dtype=np.int32), want.astype(np.int32)
    else:
        mode = {"1": "L", "P": "RGB", "CMYK": "CMYK", "I;16": "I", "I;16B": "I", "I": "I"}.get(want.mode, want.mode)
        if want.mode == "CMYK":  # pdfimages converts CMYK to RGB its own way: the JPEG bytes are compared below
            cmyk = True
            continue
        if mode == "I" and got.mode == "L":  # pdfimages -png writes 16-bit samples as 8-bit: compare the high bytes
            a, b = np.asarray(got, dtype=np.int32), np.asarray(want, dtype=np.int32) >> 8
        else:
            a = np.asarray(got.convert(mode) if got.mode != mode else got, dtype=np.int32)
            b = np.asarray(want.convert(mode) if want.mode != mode else want, dtype=np.int32)
    if a.shape != b.shape:
        ok = False; continue
    diff = float(np.abs(a - b).mean())
    worst = max(worst, diff)
    if diff != 0: ok = False
pixels = ("CMYK, not decoded" if cmyk else "identical") if ok else f"DIFFER(max mean {worst:.3f}, {len(extracted)} vs {len(expected)} images)"
if src.lower().endswith((".jpg", ".jpeg")):
    subprocess.run(["pdfimages", "-all", f"{d}/legible.pdf", f"{d}/raw"], check=True)
    raw = sorted(glob.glob(f"{d}/raw-*.jpg"))
    if raw and open(raw[0], "rb").read() == open(src, "rb").read():
        pixels += ", jpeg bytes identical"
    else:
        pixels += ", JPEG BYTES DIFFER"
def ratio(a, b): return f"{a / b:.4f}" if a and b else "n/a"
print(f"{os.path.basename(src):<28} {ours:>9} {theirs or 'n/a':>9} {ratio(ours, theirs):>7} {internal or 'n/a':>9} "
      f"{ratio(ours, internal):>7} {same:<10} {check:<6} {pixels}")
PY
done
