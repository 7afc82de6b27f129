#!/usr/bin/env python3
"""CPU per page of every tool of one OCR benchmark run, over the same pages, and the ratios
issue 21 is judged by: Legible's CPU per page against bare Tesseract's, OCRmyPDF's wall time
against Legible's. Reads run_peer.py / tess_floor.py results (BENCH_RESULTS).

Usage: ocr-ratios.py [--results DIR] [--legible NAME]          ratios of legible, tess_floor, ocrmypdf
       ocr-ratios.py [--results DIR] --sweep NAME [NAME ...]    one row per run, CPU against the first
                     [--split DOC,DOC]                          and per part: these documents, the rest
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.environ.get("BENCH_SHARED", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                           "..", "..", "shared", "bench")), "ocr"))
import score  # noqa: E402  (the scorer's own micro averages, over the documents compared)


def load(results, name):
    path = os.path.join(results, name, "results.jsonl")
    if not os.path.exists(path):
        return None
    return {r["id"]: r for r in map(json.loads, open(path))}


def cpu(row):
    if "pdf_cpu_s" in row:  # tess_floor: the `pdf` renderer's calls, one per page image
        return row["pdf_cpu_s"]
    return row.get("user_s", 0) + row.get("sys_s", 0)


def wall(row):
    return row.get("pdf_wall_s", row.get("wall_s", 0))


def micro(rows, key_edits, key_len):
    n = sum(r.get(key_len, 0) for r in rows)
    return sum(r.get(key_edits, 0) for r in rows) / n if n else None


def accuracy(rows):
    """CER best, word recall and box IoU>=.5 over these documents, as the scorer aggregates them."""
    s = score.aggregate([r for r in rows if r.get("ok")])
    return s.get("cer_best"), s.get("word_recall"), s.get("iou50")


def ratios(a):
    tools = {n: load(a.results, n) for n in (a.legible, "tess_floor", "ocrmypdf")}
    leg, tess, ocrm = tools[a.legible], tools["tess_floor"], tools["ocrmypdf"]
    if leg is None:
        raise SystemExit("no results for %s in %s" % (a.legible, a.results))
    print("| tool | docs | OCR pages | CPU s/page | wall s/page | CER best | word recall | box IoU>=.5 |")
    print("|---|---|---|---|---|---|---|---|")
    # The pages every tool read: documents bare Tesseract could read (it has no born-digital pages).
    common = set(leg)
    for t in (tess, ocrm):
        if t:
            common &= set(t)
    pages = {d: (tess[d]["pages_ocr"] if tess else leg[d]["pages"]) for d in common}
    n = sum(pages.values())
    for name, t in ((a.legible, leg), ("tess_floor", tess), ("ocrmypdf", ocrm)):
        if not t:
            continue
        print("| %s | %d | %d | %.3f | %.3f | %s | %s | %s |" % (
            (name, len(common), n, sum(cpu(t[d]) for d in common) / n, sum(wall(t[d]) for d in common) / n)
            + accuracy([t[d] for d in common])))
    if tess:
        print("\nLegible CPU per page / bare Tesseract's (same %d pages): %.3f" % (
            n, sum(cpu(leg[d]) for d in common) / sum(cpu(tess[d]) for d in common)))
    if ocrm:
        both = [d for d in common if leg[d].get("ok") and ocrm[d].get("ok")]
        print("OCRmyPDF wall / Legible wall (the %d documents both finished): %.2f" % (
            len(both), sum(wall(ocrm[d]) for d in both) / sum(wall(leg[d]) for d in both)))
        print("OCRmyPDF CPU / Legible CPU (same documents): %.2f" % (
            sum(cpu(ocrm[d]) for d in both) / sum(cpu(leg[d]) for d in both)))


def sweep(a):
    runs = [(n, load(a.results, n)) for n in a.sweep]
    runs = [(n, r) for n, r in runs if r]
    if not runs:
        raise SystemExit("no sweep results in %s" % a.results)
    common = set.intersection(*(set(r) for _, r in runs))
    if a.split:
        # Parameters fitted on some documents are judged on the others: one table for each part.
        held = set(a.split.split(","))
        for title, part in (("documents " + a.split, common & held), ("the other documents", common - held)):
            print("\n%s:" % title)
            sweep_table(runs, part)
        print("\nall documents:")
    sweep_table(runs, common)


def sweep_table(runs, common):
    base = sum(cpu(runs[0][1][d]) for d in common)
    pages = sum(runs[0][1][d]["pages"] for d in common)
    print("| run | docs | pages | CPU s/page | CPU vs %s | CER best | word recall | box IoU>=.5 | peak RSS MB |" % runs[0][0])
    print("|---|---|---|---|---|---|---|---|---|")
    for n, r in runs:
        c = sum(cpu(r[d]) for d in common)
        print("| %s | %d | %d | %.3f | %.3f | %s | %s | %s | %s |" % (
            (n, len(common), pages, c / pages, c / base) + accuracy([r[d] for d in common])
            + (max(r[d].get("peak_rss_mb", 0) for d in common),)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--results", default=os.environ.get("BENCH_RESULTS", "/tmp/legible-bench/ocr-results"))
    ap.add_argument("--legible", default="legible")
    ap.add_argument("--sweep", nargs="+")
    ap.add_argument("--split", help="with --sweep: also one table for these doc ids (comma-separated) and one for the rest")
    a = ap.parse_args()
    sweep(a) if a.sweep else ratios(a)


if __name__ == "__main__":
    main()
