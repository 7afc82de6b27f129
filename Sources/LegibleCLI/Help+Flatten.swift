extension Help {
    /// The write options `flatten`, `optimize`, `batch` and `watch` share with `ocr`.
    static let writeOptions = """
          --optimize LEVEL   recompress images and streams: lossless (pixels unchanged: Flate
                             level 9 with PNG predictors, bilevel images as CCITT Group 4),
                             screen (also images shown above --screen-dpi reduced to it and
                             stored as JPEG), jpeg[:QUALITY] (also 8-bit gray and colour images
                             as JPEG, quality 1-100, default 40, or gray scans of text as 4-16
                             grays); stored JPEGs are re-coded losslessly (Huffman tables fitted
                             to the image); an image is only replaced by a
                             smaller one, bilevel images are never changed lossily
          --screen-dpi N     the resolution --optimize screen reduces to (default 150)
          --incremental      append the changes to the original bytes (an incremental update);
                             the default for signed inputs, whose signature then stays valid
          --rewrite          rewrite the whole file even when it is signed (the signature is
                             then invalidated, and a warning says so)
          --decrypt          write the output of an encrypted input unencrypted
          --pdf-version V    1.4 (classic cross-reference table), 1.5, 1.6, 1.7 or 2.0
          --deterministic    the same input gives the same output bytes
          --linearize        write a linearized file ("fast web view")
    """

    /// `legible flatten --help`.
    static let flatten = """
    legible flatten INPUT OUTPUT [options]

    Burns every visible annotation into its page (PDFKit's burnInAnnotations): the
    annotation's normal appearance, form fields included, is drawn into the page content
    exactly where a viewer shows it, and the annotations and the interactive form are
    removed, so every viewer and printer shows the same page and nothing can be edited.
    Hidden annotations and those not meant for the screen are removed without being drawn.
    OUTPUT is written to a temporary file and renamed into place; INPUT is never changed.

    Options:
          --password P       the password of an encrypted input (user or owner)
    \(writeOptions)
      -q, --quiet            print errors only
      -h, --help             show this help

    \(exitCodes)
    """
}
