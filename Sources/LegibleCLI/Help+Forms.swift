extension Help {
    /// `legible forms --help`.
    static let forms = """
    legible forms INPUT OUTPUT [options]

    Makes a flat form fillable: finds its fields from the page layout — rules, boxes,
    comb cells, check-box squares, radio circles, signature lines — names each from its
    printed label, and writes OUTPUT with an interactive form (AcroForm): one field per
    blank, text fields fitted to their boxes, multi-line and comb fields marked, check
    boxes and radio groups with their on and off appearances, signature fields, Tab
    moving in reading order. The page itself is not changed.

    Born-digital pages (real text and vector rules) are read from their drawing and text,
    without rasterizing or OCR. Scanned pages are read from their pixels; their labels
    come from their text layer or, when they have none, from OCR (which is not added to
    the output: `legible ocr --forms` does both). OUTPUT is written to a temporary file
    and renamed into place; INPUT is never changed.

    Options:
          --review FILE      also write the detected fields as JSON (page from 0, rect in
                             points from the page's top-left as shown, kind, name, label,
                             confidence, maxLength, exportValue, isDate) for a person to
                             check and edit
          --from-review FILE build the form from an edited review file instead of
                             detecting fields (no OCR, no detection)
          --keep-fields      the input already has a form: keep it and add the fields found
          --replace-fields   the input already has a form: remove its fields and widgets and
                             write the fields found instead
                             Without either, an input that has a form is refused (exit 2).
      -l, --language LANGS   Tesseract languages for the labels of scans, e.g. eng+deu
      -j, --jobs N           pages read in parallel (default: one per core)
          --pages RANGES     only look for fields on these pages, e.g. 1,3-5
          --page-timeout S   give up on a page's OCR after S seconds (exit 7)
          --password P       the password of an encrypted input
          --report FILE      also write a JSON report: per page how it was read (vector,
                             raster), fields found, detection and OCR seconds
      -q, --quiet            print errors only
      -h, --help             show this help

    \(exitCodes)
    """
}
