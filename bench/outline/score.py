#!/usr/bin/env python3
"""Scores outlines Legible built against the outlines the documents came with (issue 20).

Usage: score.py MAX_PAGES ORIGINAL OURS [ORIGINAL OURS ...]
Both outlines are read with pypdf (an independent reader), entries pointing past MAX_PAGES
left out. A truth entry is found when an entry of ours on the same page has a title whose
normalized text is at least TITLE_SIMILARITY alike (difflib ratio; normalization in
outline_truth.normalize). Prints one line per document and the totals: title precision,
recall, F1 over all entries, level accuracy over matched entries, and the F1 of each half of
the documents (in list order: the first half, then the second), so a figure can be read on
documents nothing was looked at for.
"""
import difflib, logging, sys, warnings
logging.disable(logging.CRITICAL)
warnings.filterwarnings("ignore")
from pypdf import PdfReader
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from outline_truth import truth_entries

# Recognized text differs from the outline's title by a character or two; 0.8 accepts that
# ("mochitest robocop mrc" vs "mochitest robocop mre") and rejects different titles.
TITLE_SIMILARITY = 0.8

def match(truth, ours):
    """Greedy one-to-one matching, best similarity first; returns the matched pairs."""
    pairs = []
    for i, t in enumerate(truth):
        for j, o in enumerate(ours):
            if t["page"] == o["page"]:
                ratio = difflib.SequenceMatcher(None, t["title"], o["title"]).ratio()
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

def main(args):
    max_pages = int(args[0])
    docs = list(zip(args[1::2], args[2::2]))
    rows = []
    for original, ours_path in docs:
        truth = truth_entries(PdfReader(original), max_pages)
        try:
            ours = truth_entries(PdfReader(ours_path), max_pages)
        except Exception:
            ours = []
        pairs = match(truth, ours)
        levels = sum(1 for t, o in pairs if t["level"] == o["level"])
        rows.append((original, len(truth), len(ours), len(pairs), levels))
        p, r, f = f1(len(pairs), len(truth), len(ours))
        print(f"{original.rsplit('/', 1)[-1]}\ttruth={len(truth)}\tours={len(ours)}\tmatched={len(pairs)}\t"
              f"P={p:.2f}\tR={r:.2f}\tF1={f:.2f}\tlevels={levels}/{len(pairs)}")
    def total(part, label):
        tp = sum(r[3] for r in part); nt = sum(r[1] for r in part); no = sum(r[2] for r in part)
        lv = sum(r[4] for r in part)
        p, r, f = f1(tp, nt, no)
        acc = lv / tp if tp else 0.0
        print(f"{label}\tdocs={len(part)}\ttruth={nt}\tours={no}\tmatched={tp}\tP={p:.3f}\tR={r:.3f}\tF1={f:.3f}\tlevel_accuracy={acc:.3f}")
    half = (len(rows) + 1) // 2
    total(rows, "ALL")
    total(rows[:half], "HALF-A")
    total(rows[half:], "HALF-B")

if __name__ == "__main__":
    main(sys.argv[1:])
