extension Help {
    /// `legible thumbnails --help`.
    static let thumbnails = """
    legible thumbnails INPUT OUTDIR [options]

    Writes one PNG per page of INPUT (a PDF or a JPEG, PNG, TIFF, GIF, BMP, WebP or PNM image) into OUTDIR (made when
    missing), named page-0001.png, page-0002.png, … by page number, upright as a viewer shows
    the page. Each is the page's scanned images composed as Legible sees them for OCR,
    scaled down by area averaging so the longest side is the size asked for; colour pages
    stay colour, the rest are gray. Vector content (text, lines, fills) is not drawn: a
    born-digital page without images gives a white thumbnail of the page's shape. Each file
    is written to a temporary file and renamed into place; existing files of the same name
    are replaced.

    Options:
          --size N           pixels of the longest side (default 256, 8 to 4096)
          --pages RANGES     only these pages, e.g. 1,3-5,9-
          --password P       the password of an encrypted input (user or owner)
      -q, --quiet            print errors only
      -h, --help             show this help

    \(exitCodes)
    """
}
