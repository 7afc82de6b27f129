/// Help texts.
enum Help {
    static let main = """
    legible — make scanned PDFs searchable.

    Usage:
      legible ocr INPUT OUTPUT [options]   add an invisible, word-aligned text layer
      legible run --pipeline FILE IN OUT   run a job definition (Pipelines/*.json) on one file
      legible batch SRC DST [options]      process every document under SRC into a mirror tree DST
      legible watch INBOX --out DIR [...]  process documents as they arrive in a folder
      legible flatten IN OUT               burn annotations and form fields into the pages
      legible optimize IN OUT [...]        recompress images and streams for a smaller file
      legible info FILE [--json]           describe a PDF: version, encryption, pages and what they hold
      legible forms INPUT OUTPUT [options] make a flat form fillable: fields found, named, tab-ordered
      legible text FILE [options]          print the text of a PDF in reading order
      legible search FILE PATTERN          print the pages and boxes where PATTERN occurs
      legible images IMAGE... OUT.pdf      image files to a PDF, a page per image, never re-encoded
      legible thumbnails INPUT OUTDIR      one PNG per page (page-0001.png, …), longest side 256
      legible languages                    list installed Tesseract languages
      legible help [COMMAND]               show help
      legible --version

    INPUT is a PDF or a JPEG, PNG, TIFF, GIF, BMP, WebP or PNM image (recognized by content).
    Run `legible ocr --help` for the options.

    \(exitCodes)
    """

    static let ocr = """
    legible ocr INPUT OUTPUT [options]

    Recognizes the text of scanned pages and writes OUTPUT: the same PDF with an invisible
    text layer on each recognized page, so it can be searched and its text selected and
    copied. Page images are left untouched. Image inputs (JPEG, PNG, single- or
    multi-page TIFF) become one page per image at the image's resolution first. OUTPUT is
    written to a temporary file and renamed into place: it never exists half-written, and
    INPUT is never changed.

    Options:
      -l, --language LANGS   Tesseract languages joined by '+', e.g. eng+deu (default: eng)
      -j, --jobs N           pages recognized in parallel (default: one per core)
          --pages RANGES     only consider these pages, e.g. 1,3-5,9- (others are copied as they are)
          --sidecar FILE     also write the recognized text, pages separated by form feeds
                             By default, pages without text are recognized, and so are the
                             images of scans that carry a little real text (a stamp, a header:
                             that text is kept and not duplicated); born-digital pages and
                             pages that already have an OCR layer are left exactly as they were.
          --skip-text        leave every page that has any text exactly as it was
          --force-ocr        recognize every page, even pages that already have text (a page's
                             earlier Legible layer is replaced, never doubled)
          --redo-ocr         replace earlier OCR layers (invisible text, Legible's or another
                             tool's) with a fresh reading; visible text is kept
          --strict           OCRmyPDF's default: if any page already has text, write nothing
                             and exit with code 6
          --rotate-pages     detect each page's orientation and set it upright through /Rotate
                             (the image is never re-encoded); sideways and upside-down text is
                             read and placed correctly even without this option
          --rotate-pages-threshold C
                             orientation confidence needed before a page is turned (default 14)
          --page-timeout S   give up on a page after S seconds of recognition: it is kept as it
                             was, reported, and the exit code is 7
          --max-ocr-dpi N    reduce finer scans to N dpi for recognition only (default 400);
                             the output keeps the original image
          --hocr DIR         also write one hOCR file per recognized page (page-0001.hocr, …)
          --alto DIR         also write one ALTO 4 XML file per recognized page (page-0001.xml, …)
          --words-json FILE  also write every word with its box in PDF points and its confidence
          --report FILE      also write a JSON report: each page's outcome and reason, timings
          --password P       the password of an encrypted input (user or owner)
          --decrypt          write the output of an encrypted input unencrypted (without it,
                             the output keeps the input's encryption: same passwords and
                             permissions)
          --incremental      append the text layers to the original bytes (an incremental
                             update) instead of rewriting the file; the default for inputs
                             with a digital signature, which then stays valid
          --rewrite          rewrite the whole file (compact, object streams) even when it is
                             signed: the signature is then invalidated, and a warning says so
          --pdf-version V    the PDF version of a rewritten file: 1.4 writes a classic
                             cross-reference table without object streams (for old readers);
                             1.5, 1.6, 1.7 or 2.0 (default: the input's, at least 1.5)
          --deterministic    the same input gives the same output bytes (the document ID is
                             made from the content instead of at random)
          --linearize        write a linearized file ("fast web view": a viewer shows the first
                             page before the rest arrives); not with an incremental update
          --optimize LEVEL   recompress images and streams: lossless (pixels unchanged: Flate
                             level 9 with PNG predictors, bilevel images as CCITT Group 4),
                             screen (also images shown above --screen-dpi reduced to it and
                             stored as JPEG), jpeg[:QUALITY] (also 8-bit gray and colour images
                             as JPEG, default quality 40, or gray scans of text as 4-16 grays);
                             stored JPEGs are re-coded losslessly; an image is only replaced by a
                             smaller one, bilevel images never lossily; a note reports the
                             bytes before and after (not with an incremental update)
          --screen-dpi N     the resolution --optimize screen reduces to (default 150)
          --pipeline FILE    read default options from a job definition (Pipelines/*.json);
                             options given on the command line win
          --forms            also make the document's flat forms fillable, in the same pass
                             and the same write (see legible forms --help); with --review FILE,
                             --keep-fields, --replace-fields as there; not with --sidecar,
                             --hocr, --alto, --words-json, --report or --rotate-pages
      -q, --quiet            print errors only
      -h, --help             show this help

    \(exitCodes)
    """

    static var exitCodes: String {
        "Exit codes:\n" + ExitCode.allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n")
    }
}

import Foundation
