"""Reads an outline as (title, level, page) entries with pypdf, and normalizes titles for
matching: shared by the benchmark's selector and scorer."""
import re, unicodedata

def normalize(text):
    """Case, accents, punctuation and spacing do not count: 'Chapter 2.3 — Results' and
    'chapter 2 3 results' match."""
    text = unicodedata.normalize("NFKD", text or "")
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join(re.findall(r"[^\W_]+", text))

# A leading section number: "5.4.3.5", "A.3.1", "IV." become tokens "5 4 3 5", "a 3 1", "iv".
SECTION_NUMBER = re.compile(r"^(?:(?:\d+|[a-z]|[ivxl]+)(?: \d+)+|\d+) ")
# The word a division's number follows ("Appendix C", "Chapter 2"), in the languages of the
# detector's own labels (Sources/Headings/HeadingLabels.swift).
DIVISION_WORD = re.compile(r"^(?:appendix|chapter|part|annexe|chapitre|partie|anhang|kapitel|teil) (?=(?:\d+|[a-z]|[ivxl]+) )")


def without_number(title):
    """A normalized title without its section number: outlines differ in whether they repeat
    the number the page shows ("Identifier" for "5.4.3.5 Identifier"), so matching ignores it;
    likewise the word before a division's number ("C Platform notes" for "Appendix C Platform
    notes" in R-admin's outline)."""
    return SECTION_NUMBER.sub("", DIVISION_WORD.sub("", title))


def truth_entries(reader, max_pages=None):
    """The outline's entries pointing at pages below max_pages, in outline order."""
    out = []
    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
                continue
            try:
                page = reader.get_destination_page_number(item)
            except Exception:
                page = None
            if page is None or page < 0 or (max_pages is not None and page >= max_pages):
                continue
            out.append({"title": normalize(str(item.title)), "level": level, "page": page})
    walk(reader.outline, 0)
    return out
