#!/usr/bin/env bash
# Output sizes of `legible ocr --optimize lossless|screen|jpeg` next to `ocrmypdf -O1|-O2|-O3` on
# ../shared/bench/ocr's corpus, both run here one after the other on the same inputs, with a visual
# difference beside each size: the mean absolute difference of the output's pages from the input's,
# both rendered by pdftoppm at 150 dpi in gray (0 = identical, 255 = inverted). OCRmyPDF runs with
# --output-type pdf (no PDF/A conversion, which would change sizes for reasons unrelated to
# optimization). Then `legible optimize` at each level on image-heavy PDFs of ../shared/corpus.
# Needs the release binary (make build). Environment: BENCH_SHARED (default ../shared/bench),
# OCR_CORPUS (default /tmp/ocrcorpus), OPTIMIZE_OUT (default /tmp/legible-bench/optimize),
# OPTIMIZE_DOCS (space-separated document names without .pdf, default all), LEGIBLE_BIN (default
# .build/release/legible). Fails (exit 1) when a level's total is larger than OCRmyPDF's, lossless
# changes a pixel, or qpdf --check finds an error in an output.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${BENCH_SHARED:-../shared/bench}
CORPUS=${OCR_CORPUS:-/tmp/ocrcorpus}
OUT=${OPTIMIZE_OUT:-/tmp/legible-bench/optimize}
LEGIBLE=${LEGIBLE_BIN:-$PWD/.build/release/legible}
[ -x "$LEGIBLE" ] || { echo "no release binary: run make build first" >&2; exit 3; }
eval "$("$SHARED/setup.sh")"
[ -d "$CORPUS/docs" ] || "$BENCH_PY" "$SHARED/ocr/make_corpus.py" "$CORPUS"
export OMP_THREAD_LIMIT=1
rm -rf "$OUT" && mkdir -p "$OUT"/{legible,ocrmypdf,files}

# OCRmyPDF refuses -O2/-O3 without pngquant; Debian has it (jbig2enc it does not).
if ! command -v pngquant >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get install -y -qq pngquant >/dev/null 2>&1 || echo "pngquant missing and not installable: ocrmypdf -O2/-O3 will fail" >&2
fi
echo "OCRmyPDF $("$OCRMYPDF" --version 2>/dev/null); jbig2enc: $(command -v jbig2 || echo 'not installed (no JBIG2 at -O1..-O3)'); pngquant: $(command -v pngquant || echo 'not installed')"
echo "OCRmyPDF options: --output-type pdf --skip-text -j 2 -O N; Legible: ocr -q -j 2 --optimize LEVEL"

docs=${OPTIMIZE_DOCS:-$(cd "$CORPUS/docs" && ls *.pdf | sed 's/\.pdf$//')}
levels=(lossless:1 screen:2 jpeg:3)
for doc in $docs; do
  in="$CORPUS/docs/$doc.pdf"
  for pair in "${levels[@]}"; do
    level=${pair%%:*}; n=${pair##*:}
    "$LEGIBLE" ocr -q -j 2 --optimize "$level" "$in" "$OUT/legible/$doc.$level.pdf" || echo "legible failed on $doc ($level)" >&2
    "$OCRMYPDF" -q --output-type pdf --skip-text -j 2 -O "$n" "$in" "$OUT/ocrmypdf/$doc.O$n.pdf" || echo "ocrmypdf failed on $doc (-O$n)" >&2
  done
done

# Image-heavy PDFs of the corpus through `legible optimize` (no OCR).
files=(../shared/corpus/scans/multipage.pdf ../shared/corpus/scans/enormous.pdf ../shared/corpus/scans/francais.pdf
       ../shared/corpus/scans/epson.pdf ../shared/corpus/scans/graph_ocred.pdf Samples/scan-flate.pdf Samples/scan-jpeg.pdf
       ../shared/corpus/pdf/pdfjs/issue16263.pdf ../shared/corpus/pdf/pdfjs/issue6410.pdf)
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  name=$(basename "$f" .pdf)
  cp "$f" "$OUT/files/$name.pdf"
  for level in lossless screen jpeg; do
    "$LEGIBLE" optimize -q --optimize "$level" "$f" "$OUT/files/$name.$level.pdf" || echo "legible optimize failed on $name ($level)" >&2
  done
done

"$BENCH_PY" - "$CORPUS/docs" "$OUT" "$docs" <<'PY'
import os, re, subprocess, sys, tempfile
import numpy as np

docs_dir, out, docs = sys.argv[1], sys.argv[2], sys.argv[3].split()

def pages(pdf):
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run(["pdftoppm", "-q", "-gray", "-r", "150", pdf, os.path.join(tmp, "p")], capture_output=True)
        if r.returncode != 0:
            return None
        result = []
        for name in sorted(os.listdir(tmp)):
            with open(os.path.join(tmp, name), "rb") as fh:
                data = fh.read()
            m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
            w, h = int(m.group(1)), int(m.group(2))
            result.append(np.frombuffer(data[m.end():m.end() + w * h], dtype=np.uint8).reshape(h, w))
        return result

def difference(reference, pdf):
    if not os.path.exists(pdf):
        return None
    other = pages(pdf)
    if other is None or len(other) != len(reference):
        return None
    diffs = [np.abs(a.astype(np.int16) - b.astype(np.int16)).mean() if a.shape == b.shape else 255.0
             for a, b in zip(reference, other)]
    return float(np.mean(diffs))

def qpdf_ok(pdf):
    return subprocess.run(["qpdf", "--check", pdf], capture_output=True).returncode in (0, 3)

def size(pdf):
    return os.path.getsize(pdf) if os.path.exists(pdf) else None

def fmt(n):
    return "-" if n is None else f"{n / 1000:.0f}K"

def fd(d):
    return "-" if d is None else f"{d:.2f}"

levels = [("lossless", 1), ("screen", 2), ("jpeg", 3)]
print()
print("legible ocr --optimize LEVEL vs ocrmypdf -O N: output bytes (K = 1000 bytes), mean abs pixel difference from the input at 150 dpi")
print(f"{'document':22} {'input':>8} | " + " | ".join(f"{'L ' + l:>12} {'diff':>5} {'O' + str(n):>8} {'diff':>5} {'L/O':>5}" for l, n in levels))
totals = {l: [0, 0] for l, _ in levels}
not_larger = {l: 0 for l, _ in levels}
diffs = {l: [[], []] for l, _ in levels}
bad_qpdf = []
for doc in docs:
    src = os.path.join(docs_dir, doc + ".pdf")
    reference = pages(src)
    row = f"{doc:22} {fmt(size(src)):>8} | "
    cells = []
    for level, n in levels:
        ours = os.path.join(out, "legible", f"{doc}.{level}.pdf")
        theirs = os.path.join(out, "ocrmypdf", f"{doc}.O{n}.pdf")
        so, st = size(ours), size(theirs)
        do, dt = difference(reference, ours), difference(reference, theirs)
        if so and not qpdf_ok(ours):
            bad_qpdf.append(ours)
        if so and st:
            totals[level][0] += so; totals[level][1] += st
            not_larger[level] += so <= st
        if do is not None: diffs[level][0].append(do)
        if dt is not None: diffs[level][1].append(dt)
        ratio = f"{so / st:.2f}" if so and st else "-"
        cells.append(f"{fmt(so):>12} {fd(do):>5} {fmt(st):>8} {fd(dt):>5} {ratio:>5}")
    print(row + " | ".join(cells))
print()
for level, n in levels:
    ours, theirs = totals[level]
    mo = np.mean(diffs[level][0]) if diffs[level][0] else float("nan")
    mt = np.mean(diffs[level][1]) if diffs[level][1] else float("nan")
    print(f"{level:8} vs -O{n}: total {ours / 1e6:.2f} MB vs {theirs / 1e6:.2f} MB (ratio {ours / max(theirs, 1):.3f}); "
          f"no larger on {not_larger[level]} of {len(docs)} documents; mean pixel difference {mo:.2f} vs {mt:.2f}")
print("qpdf --check errors in Legible's outputs:", len(bad_qpdf), " ".join(bad_qpdf))
# The targets (issue 4): at each level no larger than OCRmyPDF in total, lossless pixel for pixel.
misses = [f"{level} total larger than -O{n}" for level, n in levels if totals[level][0] > totals[level][1]]
if any(d > 0 for d in diffs["lossless"][0]):
    misses.append("lossless changed pixels")

print()
print("legible optimize on image-heavy corpus PDFs: output bytes, mean abs pixel difference at 150 dpi")
print(f"{'file':22} {'input':>8} | {'lossless':>9} {'diff':>5} | {'screen':>9} {'diff':>5} | {'jpeg':>9} {'diff':>5}")
files_dir = os.path.join(out, "files")
for name in sorted(f[:-4] for f in os.listdir(files_dir) if f.count(".") == 1):
    src = os.path.join(files_dir, name + ".pdf")
    reference = pages(src)
    cells = []
    for level in ("lossless", "screen", "jpeg"):
        pdf = os.path.join(files_dir, f"{name}.{level}.pdf")
        if os.path.exists(pdf) and not qpdf_ok(pdf):
            bad_qpdf.append(pdf)
        cells.append(f"{fmt(size(pdf)):>9} {fd(difference(reference, pdf) if reference else None):>5}")
    print(f"{name:22} {fmt(size(src)):>8} | " + " | ".join(cells))
if bad_qpdf:
    misses.append("qpdf --check errors")
print()
print("targets:", "met" if not misses else "MISSED: " + "; ".join(misses))
sys.exit(1 if misses else 0)
PY
