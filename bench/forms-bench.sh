#!/usr/bin/env bash
# Forms benchmark (issue 8): `legible forms` over ../shared/corpus/forms/flat and flat_noisy (scans)
# and over src/ with its widgets removed ("vector": born-digital flat forms, read without OCR),
# scored by ../shared/bench/forms/score.py and summarize.py against the real forms' widgets
# ("visible" view), with detection time per page (no OCR) next to OCR time per page from
# Legible's --report. Then every field of every output is filled with an independent library
# (pypdf) and the filled files are rendered (pdftotext for text values, pdftoppm pixels
# inside button widgets): the filled values must show.
# Needs the release binary (make build) and ../shared/bench (setup.sh installs pypdf).
# bench/forms/report.py then prints per field type, per drawing convention and per source.
#   bash bench/forms-bench.sh                   # the 15 original forms
#   CORPUS=large bash bench/forms-bench.sh      # ../shared/corpus/forms-large (148 forms), from the renders
#                                               # of ../shared/bench/forms/render-flat.sh (flat, flat_noisy)
# Environment: BENCH_SHARED (default ../shared/bench), CORPUS (original | large), FORMS_CORPUS (truth
# and src/), FORMS_RENDERS (the folder holding flat/ and flat_noisy/), FORMS_OUT (default
# /tmp/legible-forms-bench, or /tmp/legible-forms-bench-large), JOBS (default 2),
# SKIP_RUN=1 (score and fill the outputs of an earlier run again, without running legible),
# VARIANTS (default "flat flat_noisy vector"; "flat flat_noisy" for the large corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${BENCH_SHARED:-../shared/bench}
case ${CORPUS:-original} in
  original) CORPUS_DIR=${FORMS_CORPUS:-../shared/corpus/forms}; RENDERS=${FORMS_RENDERS:-$CORPUS_DIR}
            OUT=${FORMS_OUT:-/tmp/legible-forms-bench}; VARIANTS=${VARIANTS:-flat flat_noisy vector} ;;
  large)    CORPUS_DIR=${FORMS_CORPUS:-../shared/corpus/forms-large}; RENDERS=${FORMS_RENDERS:-/tmp/legible-forms-large}
            OUT=${FORMS_OUT:-/tmp/legible-forms-bench-large}; VARIANTS=${VARIANTS:-flat flat_noisy} ;;
  *) echo "forms-bench: CORPUS is original or large" >&2; exit 1 ;;
esac
CORPUS=$CORPUS_DIR
JOBS=${JOBS:-2}
BIN=$PWD/.build/release/legible
[ -x "$BIN" ] || { echo "forms-bench: build the release binary first (make build)" >&2; exit 1; }
eval "$("$SHARED/setup.sh")"
"$BENCH_PY" -c "import pypdf" 2>/dev/null || "$BENCH_PY" -m pip install -q pypdf
export OMP_THREAD_LIMIT=1

# Born-digital variant: each real form of src/ with its widgets (and every other annotation, as the
# flat renders hide them) and its AcroForm removed: the vector path's input, no OCR expected.
mkdir -p "$OUT/inputs/vector"
"$BENCH_PY" - "$CORPUS/src" "$OUT/inputs/vector" <<'PY'
import glob, os, sys
import pikepdf
for src in sorted(glob.glob(sys.argv[1] + "/*.pdf")):
    try:
        with pikepdf.open(src) as pdf:
            for page in pdf.pages:
                if "/Annots" in page.obj:
                    del page.obj["/Annots"]
            if "/AcroForm" in pdf.Root:
                del pdf.Root["/AcroForm"]
            pdf.save(os.path.join(sys.argv[2], os.path.basename(src)))
    except Exception as e:
        print("   cannot strip %s: %s" % (os.path.basename(src), e))
PY

input_dir() { case $1 in vector) echo "$OUT/inputs/vector" ;; *) echo "$RENDERS/$1" ;; esac; }

for variant in $VARIANTS; do
  dir=$OUT/$variant
  in=$(input_dir "$variant")
  fail=0
  if [ "${SKIP_RUN:-0}" != 1 ]; then
  rm -rf "$dir"; mkdir -p "$dir/reports" "$dir/filled"
  echo "== $variant: legible forms on $(ls "$in"/*.pdf | wc -l) files"
  echo "{" > "$dir/timings.json"; sep=""
  for f in "$in"/*.pdf; do
    id=$(basename "$f" .pdf)
    start=$(date +%s.%N)
    if ! "$BIN" forms -q -j "$JOBS" "$f" "$dir/$id.pdf" --report "$dir/reports/$id.json" 2>"$dir/reports/$id.err"; then
      echo "   FAILED $id: $(head -c 300 "$dir/reports/$id.err")"; fail=$((fail + 1))
    fi
    end=$(date +%s.%N)
    printf '%s"%s": %s\n' "$sep" "$id" "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')" >> "$dir/timings.json"; sep=","
    if [ -f "$dir/$id.pdf" ] && ! qpdf --check "$dir/$id.pdf" >/dev/null 2>&1; then
      echo "   qpdf --check FAILED on $id"; fail=$((fail + 1))
    fi
  done
  echo "}" >> "$dir/timings.json"
  else
    echo "== $variant: scoring the outputs already in $dir (SKIP_RUN=1)"
  fi
  "$BENCH_PY" "$SHARED/forms/score.py" --truth-dir "$CORPUS/truth" --pred-dir "$dir" --tool "legible-$variant" \
    --out "$dir/scores.jsonl" > "$dir/score.log" 2>&1 || { echo "   score.py failed:"; tail -5 "$dir/score.log"; }
  "$BENCH_PY" "$SHARED/forms/summarize.py" "--truth-dir=$CORPUS/truth" "$dir/scores.jsonl:$dir"
  "$BENCH_PY" bench/forms/report.py --truth-dir "$CORPUS/truth" --pred-dir "$dir" | sed 's/^/   /'
  # Detection (no OCR) and OCR seconds per page, from Legible's own report.
  "$BENCH_PY" - "$dir/reports" <<'PY'
import glob, json, sys
pages = []
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    pages += json.load(open(f))["pages"]
n = len(pages)
det = sum(p["detectSeconds"] for p in pages)
ocr = [p["ocrSeconds"] for p in pages if p["ocrSeconds"] > 0]
methods = {m: sum(1 for p in pages if p["method"] == m) for m in ("vector", "raster", "none")}
print(f"   pages {n} ({methods['vector']} vector, {methods['raster']} raster, {methods['none']} none); "
      f"detection {det / max(n, 1):.3f} s/page (without OCR); "
      f"OCR {sum(ocr) / max(len(ocr), 1):.2f} s/page on {len(ocr)} pages; fields {sum(p['fields'] for p in pages)}")
PY
  # Fill every field with pypdf, render, and check the values show.
  "$BENCH_PY" - "$dir" <<'PY'
import glob, os, subprocess, sys
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject
from PIL import Image, ImageChops
out = sys.argv[1]
tot = dict(text=0, text_shown=0, button=0, button_shown=0, files=0, errors=0)
for src in sorted(glob.glob(out + "/*.pdf")):
    fid = os.path.basename(src)[:-4]
    try:
        reader = PdfReader(src)
        writer = PdfWriter(clone_from=reader)
        tokens, buttons = {}, []
        for pno, page in enumerate(writer.pages):
            values = {}
            for annot in page.get("/Annots") or []:
                w = annot.get_object()
                if w.get("/Subtype") != "/Widget":
                    continue
                field = w if "/T" in w else w.get("/Parent").get_object()
                name, ft = field.get("/T"), field.get("/FT")
                if ft == "/Tx":
                    token = "LGB%dX%d" % (pno, len(tokens))
                    maxlen = int(field.get("/MaxLen") or 0)
                    if maxlen and maxlen < len(token):
                        # A comb field: a shorter token that fits its cells.
                        token = ("Z%d" % len(tokens))[:maxlen]
                    tokens[token] = (pno, [float(x) for x in w["/Rect"]])
                    values[name] = token
                elif ft == "/Btn":
                    states = [k for k in w["/AP"]["/N"].keys() if k != "/Off"]
                    if not states or (name in values):
                        continue
                    values[name] = states[0]
                    buttons.append((pno, [float(x) for x in w["/Rect"]]))
            if values:
                writer.update_page_form_field_values(page, values, auto_regenerate=False)
        writer.set_need_appearances_writer(False)
        filled = out + "/filled/" + fid + ".pdf"
        with open(filled, "wb") as fh:
            writer.write(fh)
        text = subprocess.run(["pdftotext", filled, "-"], capture_output=True, text=True).stdout
        tot["text"] += len(tokens)
        # Comb fields spread their characters over the cells, which pdftotext may read apart or
        # between other words: compare without spaces, then the text inside the widget alone.
        flat = "".join(text.split())
        def inside(token):
            pno, rect = tokens[token]
            box = reader.pages[pno].cropbox
            crop = subprocess.run(["pdftotext", "-f", str(pno + 1), "-l", str(pno + 1), "-r", "72",
                                   "-x", str(int(rect[0] - float(box.left)) - 1), "-y", str(int(float(box.top) - rect[3]) - 1),
                                   "-W", str(int(rect[2] - rect[0]) + 3), "-H", str(int(rect[3] - rect[1]) + 3), filled, "-"],
                                  capture_output=True, text=True).stdout
            return token in "".join(crop.split())
        tot["text_shown"] += sum(1 for t in tokens if t in text or t in flat or inside(t))
        # Buttons: the pixels inside the widget must change once it is on.
        for pno, rect in buttons:
            imgs = []
            for f in (src, filled):
                base = out + "/filled/_r"
                subprocess.run(["pdftoppm", "-r", "72", "-gray", "-f", str(pno + 1), "-l", str(pno + 1), "-singlefile", f, base],
                               check=True, capture_output=True)
                imgs.append(Image.open(base + ".pgm").copy())
            mb = PdfReader(src).pages[pno].mediabox
            box = (int(rect[0] - float(mb.left)), int(float(mb.top) - rect[3]), int(rect[2] - float(mb.left)) + 1, int(float(mb.top) - rect[1]) + 1)
            diff = ImageChops.difference(imgs[0].crop(box), imgs[1].crop(box)).getbbox()
            tot["button"] += 1
            tot["button_shown"] += diff is not None
        tot["files"] += 1
    except Exception as e:  # a file pypdf cannot fill is a finding, not a crash of the bench
        tot["errors"] += 1
        print("   fill failed on %s: %s" % (fid, e))
print("   pypdf fill: %d files, text fields %d/%d values shown (pdftotext), buttons %d/%d shown (pdftoppm), %d errors"
      % (tot["files"], tot["text_shown"], tot["text"], tot["button_shown"], tot["button"], tot["errors"]))
PY
  echo "   $fail failures (legible exit status or qpdf --check)"
done
