#!/usr/bin/env python3
"""--deskew on the skewed pages of the OCR benchmark corpus, for bench/deskew.sh.

Usage: deskew_bench.py LEGIBLE CORPUS WORKDIR SKEW_TOOL SCORE_PY

Documents: the corpus's skewed scans (noisy300_skew: 0.7 and -1.4 deg; noisy200_skew2: 2 deg;
multi30 pages 9 and 12: -1.92 and -0.92 deg; all gray JPEG) and g4_300's page turned 1.2 deg here
(Pillow, thresholded, stored as CCITT G4 by Pillow's libtiff and wrapped unchanged by img2pdf).
Each is OCR'd with and without --deskew. Per document and run:
  skew     largest |skew| of the stored page images, by Leptonica (SKEW_TOOL, bench/scans/skew.c)
  enc      the image encodings pdfimages reports
  size     output bytes / input bytes
  recall   the shared scorer's bag-of-words word_recall against the truth (SCORE_PY)
  iou      text-layer fit: the output's words (pdftotext -bbox) against Tesseract's words read from
           the output's stored image (same text, nearest centre), median IoU and share >= 0.5
"""
import json, os, re, shutil, statistics, subprocess, sys, tempfile
import numpy as np
from PIL import Image
import img2pdf

legible, corpus, work, skew_tool, score_py = sys.argv[1:6]
os.makedirs(work, exist_ok=True)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def prepare():
    docs = {}
    for name in ["noisy300_skew", "noisy200_skew2"]:
        docs[name] = (f"{corpus}/docs/{name}.pdf", f"{corpus}/truth/{name}.json")
    sub = f"{work}/multi30_skewed.pdf"
    run(["qpdf", f"{corpus}/docs/multi30.pdf", "--pages", ".", "9,12", "--", sub])
    truth = json.load(open(f"{corpus}/truth/multi30.json"))
    truth["pages"] = [p for p in truth["pages"] if p["page"] in (9, 12)]
    for i, p in enumerate(truth["pages"]):
        p["page"] = i + 1
    truth["text"] = "\f".join(p["text"] for p in truth["pages"])
    truth["id"] = "multi30_skewed"
    json.dump(truth, open(f"{work}/multi30_skewed.json", "w"))
    docs["multi30_skewed"] = (sub, f"{work}/multi30_skewed.json")
    with tempfile.TemporaryDirectory() as tmp:
        run(["pdfimages", "-png", f"{corpus}/docs/g4_300.pdf", f"{tmp}/g"])
        page = Image.open(f"{tmp}/g-000.png").convert("L")
        turned = page.rotate(1.2, resample=Image.BICUBIC, fillcolor=255).point(lambda v: 255 if v >= 128 else 0).convert("1")
        turned.save(f"{tmp}/g4.tif", compression="group4", dpi=(300, 300))
        with open(f"{work}/g4_skewed.pdf", "wb") as f:
            f.write(img2pdf.convert(f"{tmp}/g4.tif"))
    docs["g4_skewed"] = (f"{work}/g4_skewed.pdf", f"{corpus}/truth/g4_300.json")
    return docs


def images(pdf, tmp):
    run(["pdfimages", "-j", "-png", pdf, f"{tmp}/i"])   # JPEGs as stored (fast), the rest as PNG
    return sorted(f"{tmp}/{n}" for n in os.listdir(tmp) if n.startswith("i-"))


def encodings(pdf):
    rows = run(["pdfimages", "-list", pdf]).splitlines()[2:]
    return sorted({r.split()[8] for r in rows})


def text_layer_fit(pdf, pngs):
    html = run(["pdftotext", "-bbox", pdf, "-"])
    pages = html.split("<page ")[1:]
    ious = []
    for page_html, png in zip(pages, pngs):
        layer = [(m[4], [float(m[0]), float(m[1]), float(m[2]), float(m[3])]) for m in
                 re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', page_html)]
        width_pt = float(re.search(r'width="([\d.]+)"', page_html).group(1))
        image = Image.open(png)
        scale = width_pt / image.width
        tsv = run(["tesseract", png, "-", "--dpi", str(round(72 / scale)), "tsv"], env={**os.environ, "OMP_THREAD_LIMIT": "1"})
        read = {}
        for row in tsv.splitlines()[1:]:
            f = row.split("\t")
            if len(f) == 12 and f[0] == "5" and f[11].strip():
                x, y, w, h = (int(v) * scale for v in f[6:10])
                read.setdefault(f[11].strip(), []).append([x, y, x + w, y + h])
        for text, box in layer:
            candidates = read.get(text.strip())
            if not candidates:
                continue
            c = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            other = min(candidates, key=lambda b: ((b[0] + b[2]) / 2 - c[0]) ** 2 + ((b[1] + b[3]) / 2 - c[1]) ** 2)
            ix = max(0, min(box[2], other[2]) - max(box[0], other[0]))
            iy = max(0, min(box[3], other[3]) - max(box[1], other[1]))
            inter = ix * iy
            union = (box[2] - box[0]) * (box[3] - box[1]) + (other[2] - other[0]) * (other[3] - other[1]) - inter
            ious.append(inter / union if union > 0 else 0)
    if not ious:
        return 0.0, 0.0
    return statistics.median(ious), sum(i >= 0.5 for i in ious) / len(ious)


def measure(name, pdf_in, truth, deskew):
    out = f"{work}/out-{name}-{'deskew' if deskew else 'plain'}.pdf"
    cmd = [legible, "ocr", "-q", "-j", "2"] + (["--deskew"] if deskew else []) + [pdf_in, out]
    subprocess.run(cmd, check=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    with tempfile.TemporaryDirectory() as tmp:
        pngs = images(out, tmp)
        skews = [abs(float(line.split()[1])) for line in run([skew_tool] + pngs).splitlines()]
        iou_median, iou50 = text_layer_fit(out, pngs)
    scored = run([sys.executable, score_py, "--truth", truth, "--input", pdf_in, "--output", out, "--no-visual"]).splitlines()[0]
    recall = json.loads(scored)["word_recall"]
    return dict(skew=max(skews), enc=",".join(encodings(out)), size=os.path.getsize(out) / os.path.getsize(pdf_in),
                recall=recall, iou=iou_median, iou50=iou50)


docs = prepare()
print(f"{'document':16} {'run':7} {'in skew':>8} {'out skew':>8} {'enc':>6} {'size':>6} {'recall':>7} {'IoU med':>8} {'IoU>=.5':>8}")
summary = {}
for name, (pdf_in, truth) in docs.items():
    with tempfile.TemporaryDirectory() as tmp:
        in_skew = max(abs(float(l.split()[1])) for l in run([skew_tool] + images(pdf_in, tmp)).splitlines())
    in_enc = ",".join(encodings(pdf_in))
    for deskew in (False, True):
        m = measure(name, pdf_in, truth, deskew)
        summary[(name, deskew)] = m
        print(f"{name:16} {'deskew' if deskew else 'plain':7} {in_skew:8.3f} {m['skew']:8.3f} {m['enc']:>6} {m['size']:6.2f} "
              f"{m['recall']:7.4f} {m['iou']:8.3f} {m['iou50']:8.3f}   (input {in_enc})")
checks = {
    "residual skew < 0.1 deg": all(summary[(n, True)]["skew"] < 0.1 for n in docs),
    "IoU median >= 0.95": all(summary[(n, True)]["iou"] >= 0.95 for n in docs),
    "recall not lower": all(summary[(n, True)]["recall"] >= summary[(n, False)]["recall"] for n in docs),
    "G4 stays G4": summary[("g4_skewed", True)]["enc"] == "ccitt",
    "size within 10%": all(abs(summary[(n, True)]["size"] - 1) <= 0.10 for n in docs),
}
for check, ok in checks.items():
    print(f"{'met' if ok else 'NOT met'}: {check}")
sys.exit(0 if all(checks.values()) else 1)
