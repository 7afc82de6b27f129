#!/usr/bin/env python3
"""Renders the OCR benchmark corpus (../shared/bench/ocr) again with every scanned page at one
resolution (e.g. 400 or 600 dpi), for the resolution sweep of issue 21.

Usage: make-ocr-dpi-variant.py DPI OUTDIR [--reference /tmp/ocrcorpus] [--only id,id]
Run it with the bench interpreter ($BENCH_PY from ../shared/bench/setup.sh).

The pages are rendered from the same vector source by the same generator (make_corpus.py, imported,
not copied), so text, fonts, layout, skew, rotation, noise and encodings are those of the reference
corpus and only the pixel density changes. The truth is the reference's: word boxes are in points,
independent of resolution, and after rendering every document's words are checked to be identical
to the reference truth (the script fails otherwise).
"""
import argparse
import json
import os
import subprocess
import sys

SHARED = os.environ.get("BENCH_SHARED", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench"))
sys.path.insert(0, os.path.join(SHARED, "ocr"))
import make_corpus  # noqa: E402


def page_size_pt(pdf):
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("Page size:"):
            f = line.split()
            return float(f[2]), float(f[4])
    raise RuntimeError("no page size in " + pdf)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dpi", type=int)
    ap.add_argument("outdir")
    ap.add_argument("--reference", default="/tmp/ocrcorpus", help="the 300 dpi corpus whose truth must match")
    ap.add_argument("--only", default="")
    a = ap.parse_args()

    specs = make_corpus.corpus_spec

    def at_dpi():
        docs = []
        for doc_id, desc, tags, pages in specs():
            pages = [dict(p, dpi=a.dpi) if p.get("kind", "scan") != "born_digital" else p for p in pages]
            docs.append((doc_id, desc + " (re-rendered at %d dpi)" % a.dpi, tags, pages))
        return docs

    render = make_corpus.rasterize

    def rasterize_rounded(pdf, dpi, tmp):
        # pdftoppm rounds a fractional pixel size up; the generator expects it rounded to nearest
        # (exact at 300 dpi, where its A4 page is a whole number of pixels). Drop the extra row/column.
        a_ = render(pdf, dpi, tmp)
        w, h = page_size_pt(pdf)
        return a_[:round(h * dpi / 72.0), :round(w * dpi / 72.0)]

    make_corpus.corpus_spec = at_dpi
    make_corpus.rasterize = rasterize_rounded
    sys.argv = [sys.argv[0], a.outdir] + (["--only", a.only] if a.only else [])
    make_corpus.main()

    if a.only:
        # make_corpus writes a partial run's list apart; fold it into the corpus's manifest so that
        # documents can be rendered a few at a time (600 dpi pages take minutes each).
        path, part = os.path.join(a.outdir, "manifest.json"), os.path.join(a.outdir, "manifest-partial.json")
        manifest = json.load(open(path)) if os.path.exists(path) else json.load(open(part))
        fresh = json.load(open(part))["docs"]
        ids = {d["id"] for d in fresh}
        manifest["docs"] = [d for d in manifest["docs"] if d["id"] not in ids] + fresh
        manifest["total_pages"] = sum(d["pages"] for d in manifest["docs"])
        with open(path, "w") as f:
            json.dump(manifest, f, indent=1)
        os.remove(part)

    mismatched = []
    for name in sorted(os.listdir(os.path.join(a.outdir, "truth"))):
        ref = os.path.join(a.reference, "truth", name)
        if not name.endswith(".json") or not os.path.exists(ref):
            continue
        mine, theirs = json.load(open(os.path.join(a.outdir, "truth", name))), json.load(open(ref))
        if [p["words"] for p in mine["pages"]] != [p["words"] for p in theirs["pages"]]:
            mismatched.append(name)
    if mismatched:
        sys.exit("truth differs from the reference corpus for: " + ", ".join(mismatched))
    print(json.dumps({"dpi": a.dpi, "truth": "identical to " + a.reference}))


if __name__ == "__main__":
    main()
