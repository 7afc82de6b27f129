#!/usr/bin/env python3
"""Scores outlines Legible built against the outlines the documents came with (issue 20).

Usage: score.py RUNS.tsv
Each line of RUNS.tsv: original PDF, source, split (dev|held), first and last page of the
window used (0-based, inclusive, in the original), our PDF, the page of ours where the window
starts (0 when ours holds the window alone).

Both outlines are read with pypdf (an independent reader); only entries pointing into the
window count. A truth entry is found when an entry of ours on the same page has a title whose
normalized text, without a leading section number, is at least TITLE_SIMILARITY alike
(difflib ratio; normalization in outline_truth: an outline may or may not repeat the number
its page shows). Levels are compared relative to the shallowest level among the matched
entries of each outline (see levels_right).
Prints one line per document of the dev split (SHOW_HELD=1: of all), then the totals: title
precision, recall, F1, level accuracy over matched entries, for all documents, the dev split,
the held-out split, and each source left out of the rest (its own figure).
"""
import difflib, logging, os, sys, warnings
logging.disable(logging.CRITICAL)
warnings.filterwarnings("ignore")
from pypdf import PdfReader
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from outline_truth import truth_entries, without_number

# Recognized text differs from the outline's title by a character or two; 0.8 accepts that
# ("mochitest robocop mrc" vs "mochitest robocop mre") and rejects different titles.
TITLE_SIMILARITY = 0.8


def window_entries(reader, first, last, offset):
    """The outline's entries pointing into the window, pages counted from its start."""
    entries = [dict(e, page=e["page"] - offset) for e in truth_entries(reader)]
    return [e for e in entries if 0 <= e["page"] <= last - first]


def levels_right(pairs):
    """How many matched pairs sit at the same level, each outline's levels counted from its
    shallowest matched entry: a window may start below its chapter, and an extra entry above
    (a title page's line) moves every level of ours by one without changing their order."""
    if not pairs:
        return 0
    top_t = min(t["level"] for t, o in pairs)
    top_o = min(o["level"] for t, o in pairs)
    return sum(1 for t, o in pairs if t["level"] - top_t == o["level"] - top_o)


def match(truth, ours):
    """Greedy one-to-one matching, best similarity first; returns the matched pairs."""
    pairs = []
    for i, t in enumerate(truth):
        for j, o in enumerate(ours):
            if t["page"] == o["page"]:
                ratio = difflib.SequenceMatcher(None, without_number(t["title"]), without_number(o["title"])).ratio()
                if ratio >= TITLE_SIMILARITY:
                    pairs.append((ratio, i, j))
    pairs.sort(reverse=True)
    used_t, used_o, out = set(), set(), []
    for ratio, i, j in pairs:
        if i not in used_t and j not in used_o:
            used_t.add(i); used_o.add(j); out.append((truth[i], ours[j]))
    return out


def f1(tp, n_truth, n_ours):
    p = tp / n_ours if n_ours else 0.0
    r = tp / n_truth if n_truth else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def total(rows, label):
    tp = sum(r["matched"] for r in rows); nt = sum(r["truth"] for r in rows)
    no = sum(r["ours"] for r in rows); lv = sum(r["levels"] for r in rows)
    p, r, f = f1(tp, nt, no)
    acc = lv / tp if tp else 0.0
    print(f"{label}\tdocs={len(rows)}\ttruth={nt}\tours={no}\tmatched={tp}\tP={p:.3f}\tR={r:.3f}\tF1={f:.3f}\t"
          f"level_accuracy={acc:.3f}")


def main(runs):
    rows = []
    for line in open(runs):
        original, source, split, first, last, ours_path, offset = line.rstrip("\n").split("\t")
        first, last, offset = int(first), int(last), int(offset)
        truth = window_entries(PdfReader(original), first, last, first)
        try:
            ours = window_entries(PdfReader(ours_path), first, last, offset)
        except Exception:
            ours = []
        pairs = match(truth, ours)
        levels = levels_right(pairs)
        rows.append(dict(source=source, split=split, truth=len(truth), ours=len(ours), matched=len(pairs), levels=levels))
        if split == "dev" or os.environ.get("SHOW_HELD") == "1":
            p, r, f = f1(len(pairs), len(truth), len(ours))
            print(f"{original.rsplit('/', 1)[-1]}\t{source}\ttruth={len(truth)}\tours={len(ours)}\tmatched={len(pairs)}\t"
                  f"P={p:.2f}\tR={r:.2f}\tF1={f:.2f}\tlevels={levels}/{len(pairs)}")
    total(rows, "ALL")
    total([r for r in rows if r["split"] == "dev"], "DEV")
    total([r for r in rows if r["split"] == "held"], "HELD-OUT")
    if os.environ.get("SHOW_HELD") == "1":
        for source in sorted({r["source"] for r in rows}):
            total([r for r in rows if r["source"] == source], "source:" + source)


if __name__ == "__main__":
    main(sys.argv[1])
