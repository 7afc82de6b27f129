#!/usr/bin/env python3
"""CPU per page of every tool of one OCR benchmark run, over the same pages, and the ratios
issue 21 is judged by: Legible's CPU per page against bare Tesseract's, OCRmyPDF's wall time
against Legible's. Reads run_peer.py / tess_floor.py results (BENCH_RESULTS).

Usage: ocr-ratios.py [--results DIR] [--legible NAME] [--tess tess_pair|tess_floor]
                     ratios of legible, bare Tesseract and ocrmypdf; when DIR holds rep1, rep2, ... (run-ocr-bench.sh
                     with REPEAT) each tool's CPU and wall per page is the median over its repeats
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


def runs_of(results):
    """The repeats of one benchmark: RESULTS/rep1, rep2, ... (run-ocr-bench.sh with REPEAT), or RESULTS itself."""
    reps = sorted((d for d in os.listdir(results) if d.startswith("rep") and d[3:].isdigit()), key=lambda d: int(d[3:])) \
        if os.path.isdir(results) else []
    return [os.path.join(results, d) for d in reps] or [results]


def median(xs):
    xs = sorted(xs)
    k = len(xs) // 2
    return xs[k] if len(xs) % 2 else (xs[k - 1] + xs[k]) / 2


def ratios(a):
    runs = runs_of(a.results)
    names = [a.legible, a.tess, "ocrmypdf"]
    # every repeat of every tool present in the first repeat
    tools = {n: [r for r in (load(run, n) for run in runs) if r is not None] for n in names}
    tools = {n: reps for n, reps in tools.items() if reps}
    if a.legible not in tools:
        raise SystemExit("no results for %s in %s" % (a.legible, a.results))
    # The pages every tool read in every repeat: documents bare Tesseract could read (it has no born-digital pages).
    common = set.intersection(*(set(rep) for reps in tools.values() for rep in reps))
    tess = tools.get(a.tess)
    pages = {d: (tess[0][d]["pages_ocr"] if tess else tools[a.legible][0][d]["pages"]) for d in common}
    n = sum(pages.values())
    print("| tool | repeats | docs | OCR pages | CPU s/page (median; each repeat) | wall s/page (median) | CER best | word recall | box IoU>=.5 |")
    print("|---|---|---|---|---|---|---|---|---|")
    cpu_med, wall_med = {}, {}
    for name in names:
        reps = tools.get(name)
        if not reps:
            continue
        cpus = [sum(cpu(t[d]) for d in common) / n for t in reps]
        walls = [sum(wall(t[d]) for d in common) / n for t in reps]
        cpu_med[name], wall_med[name] = median(cpus), median(walls)
        print("| %s | %d | %d | %d | %.3f (%s) | %.3f | %s | %s | %s |" % (
            (name, len(reps), len(common), n, cpu_med[name], " ".join("%.3f" % c for c in cpus), wall_med[name])
            + accuracy([reps[0][d] for d in common])))
    if tess:
        print("\nLegible CPU per page / bare Tesseract's (%s, same %d pages, medians of %d and %d repeats): %.3f" % (
            a.tess, n, len(tools[a.legible]), len(tess), cpu_med[a.legible] / cpu_med[a.tess]))
    if "ocrmypdf" in tools:
        leg, ocrm = tools[a.legible], tools["ocrmypdf"]
        both = [d for d in common if all(t[d].get("ok") for t in leg + ocrm)]
        lw = median([sum(wall(t[d]) for d in both) for t in leg])
        ow = median([sum(wall(t[d]) for d in both) for t in ocrm])
        lc = median([sum(cpu(t[d]) for d in both) for t in leg])
        oc = median([sum(cpu(t[d]) for d in both) for t in ocrm])
        print("OCRmyPDF wall / Legible wall (the %d documents both finished, medians): %.2f" % (len(both), ow / lw))
        print("OCRmyPDF CPU / Legible CPU (same documents, medians): %.2f" % (oc / lc))


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
    ap.add_argument("--tess", default=os.environ.get("TESS_PEER", "tess_pair"),
                    help="the bare-Tesseract run to compare with: tess_pair (two pages at a time, as Legible) or tess_floor")
    ap.add_argument("--sweep", nargs="+")
    ap.add_argument("--split", help="with --sweep: also one table for these doc ids (comma-separated) and one for the rest")
    a = ap.parse_args()
    sweep(a) if a.sweep else ratios(a)


if __name__ == "__main__":
    main()
