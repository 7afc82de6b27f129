extension Help {
    /// `legible text --help`.
    static let text = """
    legible text FILE [options]

    Prints the text of a PDF in reading order, one page after another, each followed by a
    form feed. Lines of a block follow one another; a blank line separates blocks; columns
    are read one after the other. Text the page only carries invisibly (an OCR layer) is
    included; text outside the page is not. Pages that are only images print as empty pages,
    unless --ocr recognizes them (nothing is written: the file stays as it is).

    Options:
          --pages RANGES     only these pages, e.g. 1,3-5,9-
          --json             print JSON instead: for each page its number, size and rotation,
                             its text, and its words with their boxes [x0, y0, x1, y1] in
                             points from the page's top-left corner as shown (y down, /Rotate
                             applied, like pdftotext -bbox), font, size, visibility and
                             whether --ocr recognized it
          --ocr              recognize the pages that have no text with Tesseract, on the fly
                             (Live Text); in --json their words have "ocr": true
      -l, --language LANGS   Tesseract languages for --ocr joined by '+' (default: eng)
          --password P       the password of an encrypted input (user or owner)
      -h, --help             show this help

    \(exitCodes)
    """

    /// `legible search --help`.
    static let search = """
    legible search FILE PATTERN [options]

    Finds PATTERN in the text of a PDF and prints one line per match: the page number, the
    match's box on each line it covers (x0 y0 x1 y1 in points from the page's top-left
    corner as shown, boxes of several lines separated by ';'), and the words matched, all
    separated by tabs. PATTERN is plain text; spaces in it match the space between words,
    also across line ends. Nothing is printed when there is no match.

    Options:
      -i, --ignore-case      match regardless of case
          --pages RANGES     only these pages, e.g. 1,3-5,9-
          --json             print a JSON array of {"page", "text", "boxes"} instead
          --password P       the password of an encrypted input (user or owner)
      -h, --help             show this help

    \(exitCodes)
    """
}
