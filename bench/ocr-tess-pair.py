#!/usr/bin/env python3
"""Bare Tesseract run the way Legible runs (issue 21): the pages of one document read JOBS at a time
(default 2, as `legible ocr -j 2` and its OCRWorkerPool do), each by `tesseract IMAGE OUT --dpi D -l eng pdf`
with OMP_THREAD_LIMIT=1, and the whole document timed as one process tree by `/usr/bin/time -v`, the way
run_peer.py times Legible: CPU is user+sys of every tesseract process, wall is the document's.

The page images are taken out of the PDF before the clock starts, as the shared tess_floor.py does
(`pdfimages -all`; CCITT/JBIG2 natives, which tesseract cannot read, again with `-tiff`). Pages without
an image (born-digital) are not read, so such documents are timed but not scored. The per-page PDFs are
merged with qpdf and scored by the shared scorer. Results land where ocr-ratios.py reads them
(RESULTS/NAME/results.jsonl with pdf_cpu_s, pdf_wall_s and pages_ocr per document).

Usage: ocr-tess-pair.py [--corpus /tmp/ocrcorpus] [--name tess_pair] [--jobs 2] [--docs a,b]
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.environ.get("BENCH_SHARED", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                           "..", "..", "shared", "bench")), "ocr"))
import score  # noqa: E402
from run_peer import parse_time_v, cpu_busy  # noqa: E402

# The encodings pdfimages -all writes that tesseract (Leptonica) cannot open.
NATIVE_SUFFIXES = (".ccitt", ".params", ".jb2e", ".jb2g")


def extract_pages(inp, tmp):
    """[(page, image path, dpi)] for every page that carries an image: its first image, as tess_floor.py."""
    listing = score.run(["pdfimages", "-list", inp]).stdout.splitlines()[2:]
    dpi_of = {}
    for line in listing:
        f = line.split()
        dpi_of.setdefault(int(f[0]), int(f[12]))
    pages = []
    for p in sorted(dpi_of):
        pre = os.path.join(tmp, "p%03d" % p)
        score.run(["pdfimages", "-all", "-f", str(p), "-l", str(p), inp, pre])
        files = sorted(glob.glob(pre + "-*"))
        if any(x.endswith(NATIVE_SUFFIXES) for x in files):
            for x in files:
                os.remove(x)
            score.run(["pdfimages", "-tiff", "-f", str(p), "-l", str(p), inp, pre])
            files = sorted(glob.glob(pre + "-*"))
        pages.append((p, files[0], dpi_of[p]))
    return pages


def read_pages(pages, tmp, jobs, env):
    """Reads the pages JOBS at a time under one timed process tree; returns time's figures and the PDFs."""
    listing = os.path.join(tmp, "pages.txt")
    outs = []
    with open(listing, "w") as f:
        for p, img, dpi in pages:
            out = os.path.join(tmp, "o%03d" % p)
            outs.append(out + ".pdf")
            f.write("%s %s %d\n" % (img, out, dpi))
    # Temporary paths have no spaces, so xargs may split on blanks.
    cmd = ("xargs -a %s -P %d -n 3 sh -c 'exec tesseract \"$0\" \"$1\" --dpi \"$2\" -l eng pdf 2>/dev/null'"
           % (listing, jobs))
    tf = os.path.join(tmp, "time.txt")
    b0, _ = cpu_busy()
    t0 = time.monotonic()
    p = subprocess.run(["/usr/bin/time", "-v", "-o", tf, "bash", "-c", cmd], capture_output=True, text=True, env=env)
    wall = time.monotonic() - t0
    b1, _ = cpu_busy()
    d = parse_time_v(tf)
    d.update(wall_s=round(wall, 3), rc=p.returncode)
    d["other_cpu_s"] = round(max(0.0, (b1 - b0) - d.get("user_s", 0) - d.get("sys_s", 0)), 2)
    return d, outs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default="/tmp/ocrcorpus")
    ap.add_argument("--name", default="tess_pair")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--docs", default="")
    ap.add_argument("--outroot", default="/tmp/ocrbench")
    ap.add_argument("--results", default=os.environ.get("BENCH_RESULTS", "/tmp/legible-bench/ocr-results"))
    a = ap.parse_args()
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    outdir = os.path.join(a.outroot, a.name)
    resdir = os.path.join(a.results, a.name)
    os.makedirs(outdir, exist_ok=True)
    os.makedirs(resdir, exist_ok=True)
    rows = []
    for doc in score.corpus_docs(a.corpus, set(filter(None, a.docs.split(",")))):
        inp = os.path.join(a.corpus, doc["pdf"])
        tmp = tempfile.mkdtemp(prefix="tpair_", dir="/tmp")
        try:
            pages = extract_pages(inp, tmp)
            t, outs = read_pages(pages, tmp, a.jobs, env) if pages else (dict(wall_s=0.0, rc=0), [])
            r = dict(id=doc["id"], pages=doc["pages"], pages_ocr=len(pages), jobs=a.jobs, rc=t["rc"],
                     pdf_wall_s=t["wall_s"], pdf_cpu_s=round(t.get("user_s", 0) + t.get("sys_s", 0), 2),
                     peak_rss_mb=t.get("peak_rss_mb", 0), other_cpu_s=t.get("other_cpu_s", 0))
            out = os.path.join(outdir, doc["id"] + ".pdf")
            if os.path.exists(out):
                os.remove(out)
            if pages and len(pages) == doc["pages"] and t["rc"] == 0 and all(map(os.path.exists, outs)):
                score.run(["qpdf", "--empty", "--pages"] + outs + ["--", out])
                s = score.score_doc(os.path.join(a.corpus, doc["truth"]), inp, out)
                s.update(r)
                r = s
            else:
                r.update(ok=False, error="not scored (pages without images)" if t["rc"] == 0 else "exit %s" % t["rc"])
            rows.append(r)
            print(json.dumps(r), flush=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    agg = score.aggregate([r for r in rows if r.get("ok")])
    n = sum(r["pages_ocr"] for r in rows)
    agg.update(name=a.name, jobs=a.jobs, omp_thread_limit="1", pages_ocr=n,
               pdf_wall_s_total=round(sum(r["pdf_wall_s"] for r in rows), 2),
               pdf_cpu_s_per_page=round(sum(r["pdf_cpu_s"] for r in rows) / max(1, n), 3),
               other_cpu_s=round(sum(r["other_cpu_s"] for r in rows), 1),
               failures=[r["id"] for r in rows if r["rc"]])
    with open(os.path.join(resdir, "results.jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    with open(os.path.join(resdir, "summary.json"), "w") as f:
        json.dump(agg, f, indent=1)
    print(json.dumps({"summary": agg}))


if __name__ == "__main__":
    main()
