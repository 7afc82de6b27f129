#!/usr/bin/env bash
# Part 1: `legible flatten` on every PDF of ../shared/corpus/pdf and ../shared/corpus/forms/src that has
# annotations: qpdf --check must find no error the input did not have, and poppler must render the
# flattened pages (first 5, 30 dpi, gray) like the original with its annotations drawn. Prints the
# files whose mean absolute pixel difference exceeds 1.0 (0-255 scale), the files Legible refuses,
# and the counts. Needs the release binary (make build; LEGIBLE=path overrides) and ../shared/bench.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${BENCH_SHARED:-../shared/bench}
LEGIBLE=${LEGIBLE:-$PWD/.build/release/legible}
[ -x "$LEGIBLE" ] || { echo "no release binary: run make build first" >&2; exit 3; }
eval "$("$SHARED/setup.sh")"
OUT=${FLATTEN_OUT:-/tmp/legible-bench/flatten}
mkdir -p "$OUT"
grep -l -a "/Annots" -r ../shared/corpus/pdf ../shared/corpus/forms/src 2>/dev/null | sort > "$OUT/files.txt" || true

"$BENCH_PY" - "$LEGIBLE" "$OUT" <<'PY'
import os, re, subprocess, sys, tempfile
import numpy as np

legible, out = sys.argv[1], sys.argv[2]

def pages(pdf):
    with tempfile.TemporaryDirectory() as tmp:
        try:
            r = subprocess.run(["pdftoppm", "-q", "-gray", "-r", "30", "-l", "5", pdf, os.path.join(tmp, "p")],
                               capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            return None
        if r.returncode != 0:
            return None
        result = []
        for name in sorted(os.listdir(tmp)):
            data = open(os.path.join(tmp, name), "rb").read()
            m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
            w, h = int(m.group(1)), int(m.group(2))
            result.append(np.frombuffer(data[m.end():m.end() + w * h], dtype=np.uint8).reshape(h, w).astype(np.int16))
        return result

def qpdf_errors(pdf):
    return subprocess.run(["qpdf", "--check", pdf], capture_output=True).returncode == 2

files = [line.strip() for line in open(os.path.join(out, "files.txt")) if line.strip()]
counts = {"same": 0, "different": 0, "refused": 0, "new qpdf errors": 0, "timeouts": 0}
flat = os.path.join(out, "flat.pdf")
for f in files:
    try:
        r = subprocess.run([legible, "flatten", "-q", f, flat], capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        counts["timeouts"] += 1
        print("timeout", f)
        continue
    if r.returncode != 0:
        counts["refused"] += 1
        print(f"refused (exit {r.returncode})", f, r.stderr.decode(errors="replace").strip()[:120])
        continue
    if qpdf_errors(flat) and not qpdf_errors(f):
        counts["new qpdf errors"] += 1
        print("qpdf --check errors", f)
    before, after = pages(f), pages(flat)
    if before is None or after is None:
        continue
    diffs = [np.abs(a - b).mean() if a.shape == b.shape else 255.0 for a, b in zip(before, after)]
    worst = 255.0 if len(before) != len(after) else max(diffs, default=0.0)
    if worst > 1.0:
        counts["different"] += 1
        print(f"differs {worst:.2f}", f)
    else:
        counts["same"] += 1
print(f"{len(files)} files with annotations:", ", ".join(f"{v} {k}" for k, v in counts.items()))
PY

# Filled forms whose values have no appearance streams: every text field of each fillable form of
# ../shared/corpus/forms/src gets a unique token (pypdf), its widgets lose /AP and the form says
# /NeedAppearances, as fillers that leave drawing to the viewer write them. After `legible flatten`
# pdftotext must find every token that poppler shows on the filled input (it draws missing
# appearances itself).
"$BENCH_PY" - "$LEGIBLE" "$OUT" <<'PY'
import glob, logging, os, re, subprocess, sys
from pypdf import PdfReader, PdfWriter
from pypdf.generic import BooleanObject, NameObject, TextStringObject

logging.getLogger("pypdf").setLevel(logging.ERROR)  # its notes on the forms' duplicate keys
legible, out = sys.argv[1], sys.argv[2]
folder = os.path.join(out, "filled")
os.makedirs(folder, exist_ok=True)

def tokens(pdf):
    r = subprocess.run(["pdftotext", pdf, "-"], capture_output=True)
    return set(re.findall(r"V\d{3}x", r.stdout.decode(errors="replace")))

total = {"forms": 0, "filled": 0, "poppler": 0, "flattened": 0}
for src in sorted(glob.glob("../shared/corpus/forms/src/*.pdf")):
    name = os.path.basename(src)
    try:
        writer = PdfWriter(clone_from=PdfReader(src))
    except Exception as error:
        print(f"skipped {name}: pypdf cannot read it ({str(error)[:60]})")
        continue
    count = 0
    for page in writer.pages:
        for annot in page.get("/Annots") or []:
            widget = annot.get_object()
            if widget.get("/Subtype") != "/Widget":
                continue
            field = widget if "/T" in widget or "/Parent" not in widget else widget["/Parent"].get_object()
            kind = field.get("/FT") or (field["/Parent"].get_object().get("/FT") if "/Parent" in field else None)
            if kind != "/Tx":
                continue
            count += 1
            field[NameObject("/V")] = TextStringObject(f"V{count:03d}x")
            if "/AP" in widget:
                del widget["/AP"]
    if "/AcroForm" in writer._root_object:
        writer._root_object["/AcroForm"][NameObject("/NeedAppearances")] = BooleanObject(True)
    filled = os.path.join(folder, name)
    writer.write(filled)
    flat = os.path.join(folder, name.replace(".pdf", ".flat.pdf"))
    r = subprocess.run([legible, "flatten", "-q", filled, flat], capture_output=True, timeout=300)
    shown, kept = tokens(filled), tokens(flat) if r.returncode == 0 else set()
    total["forms"] += 1
    total["filled"] += count
    total["poppler"] += len(shown)
    total["flattened"] += len(kept)
    lost = sorted(shown - kept)
    print(f"{name}: {count} filled, poppler shows {len(shown)}, flattened shows {len(kept)}"
          + (f", LOST {lost[:5]}" if lost else "") + (f" (exit {r.returncode})" if r.returncode else ""))
print(f"filled forms: {total['forms']} forms, {total['filled']} values, poppler shows {total['poppler']}, "
      f"flattened shows {total['flattened']}")
PY
