#!/usr/bin/env python3
"""Makes a duplex-scanned document with known blank backs, for bench/blank-pages.sh.

Usage: python3 make-duplex-set.py OUTDIR [--corpus ../shared/corpus] [--dpi 150] [--seed 7]

Fronts are real scans from ../shared/corpus/scans (rendered gray with pdftoppm), plus two
sparse fronts made here (a lone page number; a short handwritten-style note in light ink),
which must never be removed. Each front is followed by a back synthesized at the same size:
paper tone with sensor noise, and by turns show-through (the front mirrored at 6-18 % of its
contrast, blurred), punch holes (two or three 6 mm holes 12 mm from the binding edge, dark as
a scanner lid shows them, or light), a scanner edge shadow, and dust specks. Writes
OUTDIR/duplex.pdf (JPEG pages, via img2pdf) and OUTDIR/truth.json: {"pages": [{"page": n,
"blank": bool, "what": "..."}]}. Deterministic for a seed.
"""
import argparse
import io
import json
import os
import subprocess
import tempfile

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont
import img2pdf

# (file under corpus/scans, page) — text scans of several kinds: JBIG2, CCITT, JPEG, and a
# page with a skewed scan.
FRONTS = [("cardinal.pdf", 1), ("cardinal.pdf", 2), ("epson.pdf", 1), ("francais.pdf", 1), ("kcs.pdf", 1),
          ("multipage.pdf", 1), ("multipage.pdf", 5), ("rotated_skew.pdf", 1), ("cardinal.pdf", 3)]
BACKS = ["noise", "show-through", "punch-dark", "show-through+punch-light", "edge-shadow+dust",
         "show-through-strong", "punch-dark+show-through", "noise+dust", "edge-shadow+punch-dark"]


def render(pdf, page, dpi):
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", pdf,
                        os.path.join(tmp, "p")], check=True)
        name = sorted(os.listdir(tmp))[0]
        return np.asarray(Image.open(os.path.join(tmp, name)).convert("L"), dtype=np.float32)


def paper(shape, rng):
    tone = rng.uniform(236, 248)
    return np.full(shape, tone, np.float32) + rng.normal(0, 3.5, shape).astype(np.float32)


def back_for(front, kind, rng, dpi):
    h, w = front.shape
    img = paper(front.shape, rng)
    if "show-through" in kind:
        contrast = rng.uniform(0.14, 0.18) if "strong" in kind else rng.uniform(0.06, 0.12)
        mirrored = Image.fromarray(np.clip(front, 0, 255).astype(np.uint8)).transpose(Image.FLIP_LEFT_RIGHT)
        mirrored = np.asarray(mirrored.filter(ImageFilter.GaussianBlur(1.2)), dtype=np.float32)
        img -= contrast * (255 - mirrored)
    if "punch" in kind:
        mm = dpi / 25.4
        radius, inset = 3 * mm, 12 * mm
        holes = 2 if rng.random() < 0.5 else 3
        ys = [h / 2 - 40 * mm, h / 2 + 40 * mm] if holes == 2 else [h / 2 - 108 * mm * 0.5, h / 2, h / 2 + 108 * mm * 0.5]
        # A back's binding edge is on the right (the front's left, seen from behind).
        cx = w - inset
        yy, xx = np.mgrid[0:h, 0:w]
        shade = rng.uniform(15, 45) if "dark" in kind else rng.uniform(150, 185)
        for cy in ys:
            img[(xx - cx) ** 2 + (yy - cy) ** 2 <= radius ** 2] = shade
    if "edge-shadow" in kind:
        band = int(rng.uniform(0.04, 0.12) * dpi)
        img[:, :band] = rng.uniform(40, 90)
    if "dust" in kind:
        for _ in range(40):
            y, x = int(rng.uniform(0, h - 2)), int(rng.uniform(0, w - 2))
            img[y:y + 2, x:x + 2] = rng.uniform(60, 140)
    return img


def sparse_front(shape, rng, dpi, kind):
    img = Image.fromarray(np.clip(paper(shape, rng), 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(img)
    h, w = shape
    try:
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", int(dpi * 10 / 72))
    except OSError:
        font = ImageFont.load_default()
    if kind == "page-number":
        draw.text((w / 2, h - dpi * 0.6), "17", fill=30, font=font, anchor="mm")
    else:
        draw.text((dpi * 1.2, dpi * 1.5), "Seen - ok, J.", fill=120, font=font)
    return np.asarray(img, dtype=np.float32)


def jpeg(arr):
    out = io.BytesIO()
    Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).save(out, "JPEG", quality=85)
    return out.getvalue()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "../../../shared/corpus"))
    ap.add_argument("--dpi", type=int, default=150)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    os.makedirs(args.outdir, exist_ok=True)
    pages, truth = [], []
    fronts = [(f"{name} p{page}", render(os.path.join(args.corpus, "scans", name), page, args.dpi)) for name, page in FRONTS]
    letter = (int(11 * args.dpi), int(8.5 * args.dpi))
    fronts += [("sparse: a lone page number", sparse_front(letter, rng, args.dpi, "page-number")),
               ("sparse: a short note in light ink", sparse_front(letter, rng, args.dpi, "note"))]
    for index, (what, front) in enumerate(fronts):
        kind = BACKS[index % len(BACKS)]
        pages.append(jpeg(front))
        truth.append({"page": len(truth) + 1, "blank": False, "what": what})
        pages.append(jpeg(back_for(front, kind, rng, args.dpi)))
        truth.append({"page": len(truth) + 1, "blank": True, "what": "back: " + kind})
    layout = img2pdf.get_fixed_dpi_layout_fun((args.dpi, args.dpi))
    with open(os.path.join(args.outdir, "duplex.pdf"), "wb") as f:
        f.write(img2pdf.convert(pages, layout_fun=layout))
    with open(os.path.join(args.outdir, "truth.json"), "w") as f:
        json.dump({"dpi": args.dpi, "seed": args.seed, "pages": truth}, f, indent=1)
    print(f"{len(truth)} pages ({sum(p['blank'] for p in truth)} blank backs) -> {args.outdir}/duplex.pdf")


if __name__ == "__main__":
    main()
