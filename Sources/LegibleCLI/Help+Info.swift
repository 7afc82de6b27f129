extension Help {
    /// `legible info --help`.
    static let info = """
    legible info FILE [--password P] [--json] [--check]

    Describes a PDF without changing it: its version, title, author, creator and producer,
    its encryption (handler, revision, key length, permissions), whether it was damaged and
    had to be recovered (with what the reader worked around), and for each page its size
    (points and inches), rotation and what it holds: text (counted in text-showing
    operators), images (pixel size, encoding, resolution on the page), vector graphics, or
    nothing, and what triage makes of it: text, scan, mixed (a little text on a page mostly
    covered by images), blank, own-layer (Legible's OCR layer) or other-layer (another
    tool's hidden text) — `legible ocr` reads scan and mixed pages by default. Damaged files
    are read as far as they can be, as qpdf reads them; a file with no page left reports 0
    pages.

    Options:
          --password P       the user or owner password of an encrypted file (without it
                             the empty user password is tried)
          --check            also load every object and decode every stream but images' (as
                             qpdf --check does), and list those that cannot be read (the
                             exit code stays 0)
          --json             print one JSON object instead (stable; keys are only ever added):
                               version      header version, e.g. "1.7"
                               pageCount    number of pages
                               title, author, creator, producer
                                            from the information dictionary, or null
                               encryption   null, or {handler, revision, version, keyLength,
                                            method, permissions, permissionBits, ownerPassword}
                               recovered    true when the cross-reference had to be rebuilt
                               warnings     what the reader worked around, one string each
                               pages        one object per page: {number, width, height,
                                            widthInches, heightInches, rotation, textOperators,
                                            pathOperators, images: [{width, height, filters,
                                            dpi}], holds, kind, error (only when
                                            unreadable)}
                               check        null, or with --check {objects, streams,
                                            problemCount, problems}
      -h, --help             show this help

    Exit codes: 0 described; 1 bad arguments; 2 not a readable PDF (the reason is printed on
    one line); 5 the file cannot be read; 8 encrypted, and the password is missing or wrong.
    """
}
