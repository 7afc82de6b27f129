#!/usr/bin/env python3
"""--deskew on the skewed pages of the OCR benchmark corpus, for bench/deskew.sh.

Usage: deskew_bench.py LEGIBLE CORPUS WORKDIR SKEW_TOOL SCORE_PY

Documents: the corpus's skewed scans (noisy300_skew: 0.7 and -1.4 deg; noisy200_skew2: 2 deg;
multi30 pages 9 and 12: -1.92 and -0.92 deg; all gray JPEG) and both pages of g4_300 turned 1.2 deg
here (Pillow, thresholded, stored as CCITT G4 by Pillow's libtiff and wrapped unchanged by img2pdf),
each scored against the truth of exactly its own pages. Each is OCR'd with and without --deskew.
Per document and run:
  skew     largest |skew| of the pages as poppler draws them (pdftoppm -gray, RENDER_DPI), by
           Leptonica (SKEW_TOOL, bench/scans/skew.c): what a reader sees, whether the image was
           stored turned (G4, Flate) or is drawn turned (JPEG, its bytes kept)
  enc      the image encodings pdfimages reports
  size     output bytes / input bytes
  recall   the shared scorer's bag-of-words word_recall against the truth (SCORE_PY)
  box fit  the text layer's words (pdftotext -bbox) against the truth's word boxes, paired and
           scored by the shared scorer itself (SCORE_PY's extract_words and match_page: equal text,
           greedy nearest centre), so the figures mean what bench/run-ocr-bench.sh's do:
             iou50   pairs with IoU >= 0.5 / truth words, against the truth's em box (ascent to
                     descent, the advance width: the box a born-digital word has and our layer
                     draws); ink50 the same against the word's tight ink box
             med     median IoU of the pairs (em box)
           The truth's boxes are where the words are on the page as scanned (for a skewed page, the
           axis-aligned bounds of the turned em box). --deskew moves the words, so for its output
           the truth is turned the same way: each word's upright em box (the bounds unturned
           exactly: the corpus turned a known box by a known angle) turned by the skew the output
           page still has (RENDER_DPI render, SKEW_TOOL). A straight page's word then has its own
           tight em box, not the inflated bounds of a turned one.
  tess     the earlier measure, kept for comparison: the layer's words against the words Tesseract
           reads from the same output page as drawn (RENDER_DPI; same text, nearest centre), median
           IoU. Tesseract's boxes are ink boxes, so this stays near 0.75 however well the layer fits.
"""

RENDER_DPI = 200   # the resolution of the OCR corpus's lowest scans; Tesseract reads it well
import json, os, re, shutil, statistics, subprocess, sys, tempfile
import numpy as np
from PIL import Image
import img2pdf
import importlib.util

legible, corpus, work, skew_tool, score_py = sys.argv[1:6]
os.makedirs(work, exist_ok=True)
_spec = importlib.util.spec_from_file_location("score", score_py)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

G4_TURN = 1.2   # degrees counter-clockwise (PIL) the bench turns g4_300's pages by


def turned_bounds(box, ccw, width, height):
    """Axis-aligned bounds of `box` turned `ccw` degrees counter-clockwise (as seen, y down) about
    the page centre: the corpus generator's own rule (make_corpus.skew_box)."""
    if not ccw or box is None:
        return box
    t = np.deg2rad(ccw)
    pts = np.array([[box[0], box[1]], [box[2], box[1]], [box[0], box[3]], [box[2], box[3]]]) - [width / 2, height / 2]
    x = pts[:, 0] * np.cos(t) + pts[:, 1] * np.sin(t)
    y = -pts[:, 0] * np.sin(t) + pts[:, 1] * np.cos(t)
    return [float(x.min() + width / 2), float(y.min() + height / 2), float(x.max() + width / 2), float(y.max() + height / 2)]


def unturned_box(bounds, ccw, width, height):
    """The upright box whose bounds, turned `ccw` degrees, are `bounds` (inverse of turned_bounds):
    the centre turns back; the sides solve w|cos|+h|sin| = W', w|sin|+h|cos| = H'."""
    if not ccw or bounds is None:
        return bounds
    t = np.deg2rad(ccw)
    c, s = abs(np.cos(t)), abs(np.sin(t))
    bw, bh = bounds[2] - bounds[0], bounds[3] - bounds[1]
    w, h = (bw * c - bh * s) / (c * c - s * s), (bh * c - bw * s) / (c * c - s * s)
    x, y = (bounds[0] + bounds[2]) / 2 - width / 2, (bounds[1] + bounds[3]) / 2 - height / 2
    ux, uy = x * np.cos(t) - y * np.sin(t), x * np.sin(t) + y * np.cos(t)
    cx, cy = ux + width / 2, uy + height / 2
    return [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2]


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
        tiffs = []
        for n, name in enumerate(sorted(x for x in os.listdir(tmp) if x.startswith("g-"))):
            page = Image.open(f"{tmp}/{name}").convert("L")
            turned = page.rotate(1.2, resample=Image.BICUBIC, fillcolor=255).point(lambda v: 255 if v >= 128 else 0).convert("1")
            turned.save(f"{tmp}/g4-{n}.tif", compression="group4", dpi=(300, 300))
            tiffs.append(f"{tmp}/g4-{n}.tif")
        with open(f"{work}/g4_skewed.pdf", "wb") as f:
            f.write(img2pdf.convert(tiffs))
    truth = json.load(open(f"{corpus}/truth/g4_300.json"))
    for p in truth["pages"]:
        p["skew_deg"] = G4_TURN
        for w in p["words"]:
            w["box"] = turned_bounds(w["box"], G4_TURN, p["width"], p["height"])
            w["ink_box"] = turned_bounds(w.get("ink_box"), G4_TURN, p["width"], p["height"])
    truth["id"] = "g4_skewed"
    json.dump(truth, open(f"{work}/g4_skewed.json", "w"))
    docs["g4_skewed"] = (f"{work}/g4_skewed.pdf", f"{work}/g4_skewed.json")
    return docs


def rendered(pdf, tmp):
    """The pages as poppler draws them, gray PNGs at RENDER_DPI."""
    run(["pdftoppm", "-gray", "-png", "-r", str(RENDER_DPI), pdf, f"{tmp}/r"])
    return sorted(f"{tmp}/{n}" for n in os.listdir(tmp) if n.startswith("r-"))


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
    return statistics.median(ious) if ious else 0.0


def truth_fit(pdf, truth, residual_ccw):
    """Box fit against the truth, by the shared scorer's own pairing (see the module doc).
    residual_ccw: per output page, the skew it still has (degrees counter-clockwise), or None to
    score against the truth as scanned (a run without --deskew)."""
    pages = json.load(open(truth))["pages"]
    out = score.extract_words(pdf)
    em, ink, n_truth = [], [], 0
    for k, (tp, op) in enumerate(zip(pages, out)):
        W, H = tp["width"], tp["height"]
        sx, sy = op["w"] / W, op["h"] / H
        tw = []
        for w in tp["words"]:
            box, inkbox = w["box"], w.get("ink_box")
            if residual_ccw is not None:
                box = turned_bounds(unturned_box(box, tp["skew_deg"], W, H), residual_ccw[k], W, H)
                inkbox = turned_bounds(unturned_box(inkbox, tp["skew_deg"], W, H), residual_ccw[k], W, H)
            scale = lambda b: [b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy] if b else None
            tw.append((score.norm(w["text"]), scale(box), scale(inkbox)))
        n_truth += len(tw)
        for a, b, _ in score.match_page(tw, op["words"]):
            em.append(a)
            ink.append(b)
    return dict(iou50=sum(v >= 0.5 for v in em) / n_truth, ink50=sum(v >= 0.5 for v in ink) / n_truth,
                med=statistics.median(em) if em else 0.0, pairs=len(em), truth_words=n_truth)


def measure(name, pdf_in, truth, deskew):
    out = f"{work}/out-{name}-{'deskew' if deskew else 'plain'}.pdf"
    cmd = [legible, "ocr", "-q", "-j", "2"] + (["--deskew"] if deskew else []) + [pdf_in, out]
    subprocess.run(cmd, check=True, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    with tempfile.TemporaryDirectory() as tmp:
        pngs = rendered(out, tmp)
        signed = [float(line.split()[1]) for line in run([skew_tool] + pngs).splitlines()]
        skews = [abs(v) for v in signed]
        tess_median = text_layer_fit(out, pngs)
    # The skew tool's sign is the corpus's (noisy300_skew, made +0.7 and -1.4 deg counter-clockwise,
    # measures +0.672 and -1.422).
    fit = truth_fit(out, truth, signed if deskew else None)
    scored = run([sys.executable, score_py, "--truth", truth, "--input", pdf_in, "--output", out, "--no-visual"]).splitlines()[0]
    recall = json.loads(scored)["word_recall"]
    return dict(skew=max(skews), enc=",".join(encodings(out)), size=os.path.getsize(out) / os.path.getsize(pdf_in),
                recall=recall, tess=tess_median, **fit)


docs = prepare()
print(f"{'document':16} {'run':7} {'in skew':>8} {'out skew':>8} {'enc':>6} {'size':>6} {'recall':>7} {'iou50':>7} {'ink50':>7} {'med':>6} {'tess':>6}")
summary = {}
for name, (pdf_in, truth) in docs.items():
    with tempfile.TemporaryDirectory() as tmp:
        in_skew = max(abs(float(l.split()[1])) for l in run([skew_tool] + rendered(pdf_in, tmp)).splitlines())
    in_enc = ",".join(encodings(pdf_in))
    for deskew in (False, True):
        m = measure(name, pdf_in, truth, deskew)
        summary[(name, deskew)] = m
        print(f"{name:16} {'deskew' if deskew else 'plain':7} {in_skew:8.3f} {m['skew']:8.3f} {m['enc']:>6} {m['size']:6.2f} "
              f"{m['recall']:7.4f} {m['iou50']:7.4f} {m['ink50']:7.4f} {m['med']:6.3f} {m['tess']:6.3f}   (input {in_enc}; {m['pairs']}/{m['truth_words']} words paired)")
# The "recall not lower" over the skewed pages taken together: each document's recall
# weighted by its truth words, i.e. the share of all truth words found. Printed beside the stricter
# per-document check, which one page can fail by a couple of words (noisy200_skew2: specks read as
# stops that glue two words; bench/scans/deskew-seeds.sh measures ten more pages of its kind).
def pooled_recall(deskew):
    words = sum(summary[(n, deskew)]["truth_words"] for n in docs)
    return sum(summary[(n, deskew)]["recall"] * summary[(n, deskew)]["truth_words"] for n in docs) / words
print(f"recall over all skewed pages: plain {pooled_recall(False):.4f}, --deskew {pooled_recall(True):.4f}")
checks = {
    "residual skew < 0.1 deg": all(summary[(n, True)]["skew"] < 0.1 for n in docs),
    "box IoU>=0.5 rate >= 0.95": all(summary[(n, True)]["iou50"] >= 0.95 for n in docs),
    "box fit not lower than without --deskew": all(summary[(n, True)]["iou50"] >= summary[(n, False)]["iou50"] for n in docs),
    "recall over all skewed pages not lower": pooled_recall(True) >= pooled_recall(False),
    "recall not lower on every document": all(summary[(n, True)]["recall"] >= summary[(n, False)]["recall"] for n in docs),
    "G4 stays G4": summary[("g4_skewed", True)]["enc"] == "ccitt",
    "size within 10%": all(abs(summary[(n, True)]["size"] - 1) <= 0.10 for n in docs),
}
for check, ok in checks.items():
    print(f"{'met' if ok else 'NOT met'}: {check}")
sys.exit(0 if all(checks.values()) else 1)
