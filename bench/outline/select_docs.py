#!/usr/bin/env python3
"""Picks the outline benchmark's documents from the corpus, by script (issue 20).

A document qualifies when it is born-digital, opens without a password, has an outline of at
least MIN_ENTRIES entries that point at pages, and most of those titles (FOUND_SHARE) appear as
text on the page they point at (pdftotext of that page, normalized): only then can headings
found on the page be compared with the outline. Copies (same titles) are kept once. Prints
one line per document: path, entries, pages used (at most MAX_PAGES, from the first).
"""
import glob, logging, subprocess, sys, warnings
logging.disable(logging.CRITICAL)
warnings.filterwarnings("ignore")
from pypdf import PdfReader
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from outline_truth import truth_entries, normalize

MIN_ENTRIES = 3      # fewer is a one-bookmark "Blank Page", not a table of contents
FOUND_SHARE = 0.6    # "most titles appear on their page"
MAX_PAGES = 12       # keeps the rendered/OCR'd half of the benchmark to minutes

def page_text(path, page):
    out = subprocess.run(["pdftotext", "-q", "-f", str(page + 1), "-l", str(page + 1), "-layout", path, "-"],
                         capture_output=True, text=True, errors="replace").stdout
    return normalize(out)

def main(root):
    seen = set()
    for path in sorted(glob.glob(root + "/**/*.pdf", recursive=True)):
        try:
            reader = PdfReader(path)
            if reader.is_encrypted:
                continue
            entries = truth_entries(reader, MAX_PAGES)
        except Exception:
            continue
        if len(entries) < MIN_ENTRIES:
            continue
        key = tuple(e["title"] for e in entries)
        if key in seen:
            continue
        texts = {}
        found = 0
        for e in entries:
            if e["page"] not in texts:
                texts[e["page"]] = page_text(path, e["page"])
            if e["title"] and e["title"] in texts[e["page"]]:
                found += 1
        if found / len(entries) >= FOUND_SHARE:
            seen.add(key)
            pages = min(len(reader.pages), MAX_PAGES)
            print(f"{path}\t{len(entries)}\t{pages}")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus")
