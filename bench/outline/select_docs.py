#!/usr/bin/env python3
"""Picks the outline benchmark's documents, by rule (issue 20).

Usage: select_docs.py CORPUS UNPACKED > documents.tsv
       select_docs.py --packages     (the Debian packages it reads)

Where from. The real-world corpus (CORPUS) holds only about ten documents whose outline titles
are text on their pages, about a hundred entries: too few to judge a heuristic on. So the
benchmark also reads the born-digital manuals that Debian ships in the documentation packages
named in DOC_PACKAGES (installed by bench/outline.sh): each made by a different tool chain
(texinfo, LaTeX/hyperref, Sphinx, DocBook with dblatex, Doxygen, Yodl, ReportLab,
Prawn), which is the
variety a heading detector must survive. Gzipped ones are unpacked into UNPACKED.

Which. A document qualifies when it opens without a password and its outline has entries whose
titles appear as text on the page they point at (pdftotext of that page, normalized) — only
then can headings found on the page be compared with the outline. Of each document, WINDOW
consecutive pages are used: the window holding the most such entries (the earliest of equals),
which keeps the rendered and OCR'd half of the benchmark to minutes however long the manual,
starting at an entry of the window's shallowest level.
The window must hold MIN_ENTRIES entries, FOUND_SHARE of them on their page. Copies (the same
titles) are kept once; at most MAX_PER_SOURCE documents of one source (translations of one
manual, one project's manuals), so no single tool chain decides the figure.

Split. Sources alternate, in sorted order, between "dev" (looked at while changing the
detector) and "held" (only the totals are looked at): the held-out figure is one nothing was
tuned on.

Prints one line per document: path (as installed; gzipped ones the bench unpacks), source, split, first page, last page (0-based, inclusive),
entries in the window.
"""
import glob, gzip, logging, os, shutil, subprocess, sys, warnings
logging.disable(logging.CRITICAL)
warnings.filterwarnings("ignore")
from pypdf import PdfReader
sys.path.insert(0, __file__.rsplit("/", 1)[0])
from outline_truth import truth_entries, normalize

MIN_ENTRIES = 3       # fewer is a one-bookmark "Blank Page", not a table of contents
FOUND_SHARE = 0.6     # "most titles appear on their page"
WINDOW = 8            # pages of each document (8 × ~25 documents: ~200 pages to render and OCR)
MAX_PER_SOURCE = 3    # one manual family may not outweigh the rest
SCAN_PAGES = 300      # pages of a long manual searched for the window (refman has thousands)

# Debian documentation packages with born-digital PDF manuals, and the source each counts as.
DOC_PACKAGES = {
    "r-doc-pdf": "/usr/share/doc/r-doc-pdf/manual/*.pdf",
    "live-manual-pdf": "/usr/share/doc/live-manual/pdf/live-manual.portrait.*.a4.pdf*",
    "c++-annotations-pdf": "/usr/share/doc/c++-annotations/cplusplus.pdf",
    "ubuntu-packaging-guide-pdf": "/usr/share/doc/ubuntu-packaging-guide-pdf/*.pdf*",
    "auto-multiple-choice-doc-pdf": "/usr/share/doc/auto-multiple-choice/*.pdf",
    "why3-doc-pdf": "/usr/share/doc/why3-doc-pdf/*.pdf",
    "gri-pdf-doc": "/usr/share/doc/gri/*.pdf*",
    "siscone-doc-pdf": "/usr/share/doc/siscone-doc-pdf/pdf/*.pdf*",
    "docbook-xsl-doc-pdf": "/usr/share/doc/docbook-xsl-doc-pdf/doc/*.pdf*",
    "libtasn1-doc": "/usr/share/doc/libtasn1-doc/*.pdf",
    "shared-mime-info": "/usr/share/doc/shared-mime-info/*.pdf",
    "python-reportlab-doc": "/usr/share/doc/python-reportlab-doc/*.pdf",
    "ruby-prawn-doc": "/usr/share/doc/ruby-prawn/manual.pdf*",
}


def candidates(corpus, unpacked):
    """(path, readable path, source) of every PDF to consider, corpus first."""
    for path in sorted(glob.glob(corpus + "/**/*.pdf", recursive=True)):
        rel = os.path.relpath(path, corpus).split(os.sep)
        yield path, path, "corpus-" + "-".join(rel[:2] if rel[0] == "pdf" else rel[:1])
    os.makedirs(unpacked, exist_ok=True)
    for package, pattern in sorted(DOC_PACKAGES.items()):
        for path in sorted(glob.glob(pattern)):
            readable = path
            if path.endswith(".gz"):
                readable = os.path.join(unpacked, os.path.basename(path)[:-3])
                if not os.path.exists(readable):
                    with gzip.open(path) as src, open(readable, "wb") as dst:
                        shutil.copyfileobj(src, dst)
            yield path, readable, package


def page_texts(path, pages):
    """Each page's normalized text (pdftotext), the first `pages` pages."""
    out = subprocess.run(["pdftotext", "-q", "-l", str(pages), "-layout", path, "-"],
                         capture_output=True, text=True, errors="replace").stdout
    return [normalize(t) for t in out.split("\f")]


def best_window(entries, found):
    """(first, last, count) of the WINDOW pages holding most entries found on their page."""
    best = None
    for first in sorted({e["page"] for e in entries}):
        window = [(e, f) for e, f in zip(entries, found) if first <= e["page"] < first + WINDOW]
        inside = [f for e, f in window]
        if len(inside) < MIN_ENTRIES or sum(inside) < FOUND_SHARE * len(inside):
            continue
        # The window starts at an entry of its shallowest level, so that its outline nests
        # by itself (an outline made of its pages alone cannot put its first entry deeper).
        if window[0][0]["level"] != min(e["level"] for e, f in window):
            continue
        if best is None or sum(inside) > best[2]:
            best = (first, first + WINDOW - 1, sum(inside))
    return best


def main(corpus, unpacked):
    seen, per_source, rows = set(), {}, []
    for listed, path, source in candidates(corpus, unpacked):
        if per_source.get(source, 0) >= MAX_PER_SOURCE:
            continue
        try:
            reader = PdfReader(path)
            if reader.is_encrypted:
                continue
            entries = truth_entries(reader, SCAN_PAGES)
        except Exception:
            continue
        if len(entries) < MIN_ENTRIES:
            continue
        key = tuple(e["title"] for e in entries)
        if key in seen:
            continue
        texts = page_texts(path, min(len(reader.pages), SCAN_PAGES))
        found = [bool(e["title"]) and e["page"] < len(texts) and e["title"] in texts[e["page"]] for e in entries]
        window = best_window(entries, found)
        if window is None:
            continue
        seen.add(key)
        per_source[source] = per_source.get(source, 0) + 1
        last = min(window[1], len(reader.pages) - 1)
        rows.append((listed, source, window[0], last, window[2]))
    sources = sorted({r[1] for r in rows})
    split = {s: ("dev" if i % 2 == 0 else "held") for i, s in enumerate(sources)}
    for path, source, first, last, count in rows:
        print(f"{path}\t{source}\t{split[source]}\t{first}\t{last}\t{count}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--packages"]:
        print(" ".join(sorted(DOC_PACKAGES)))
        sys.exit(0)
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus",
         sys.argv[2] if len(sys.argv) > 2 else "/tmp/legible-outline-docs")
