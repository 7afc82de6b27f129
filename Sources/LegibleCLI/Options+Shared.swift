/// Option rows several commands share, written once.
extension OptionSpec {
    /// The job options `batch` and `watch` share (`JobOptions`).
    static let jobOptions: [OptionSpec] = [
        valued("--language", "-l", "LANGS", .languages, "Tesseract languages joined by '+', e.g. eng+deu, or auto: each page's language chosen among the installed models (default: eng)"),
        valued("--jobs", "-j", "N", .text, "OCR engines working in parallel (default: one per core)"),
        flag("--skip-text", "leave every page that has any text exactly as it was"),
        flag("--force-ocr", "recognize every page, even pages that already have text"),
        valued("--pipeline", nil, "FILE", .file, "read the job from a definition (Pipelines/*.json); options given on the command line win"),
    ] + outlineOptions

    /// `--outline` and `--replace-outline`, for `ocr`, `batch` and `watch` (`JobOptions.applyOutline`).
    static let outlineOptions: [OptionSpec] = [
        flag("--outline", "build an outline (bookmarks) from the headings found: larger, bold, numbered (2.3) or capitalized lines that stand apart, in recognized text and in born-digital text; levels from their sizes and numbering; an input's own outline is kept"),
        flag("--replace-outline", "as --outline, and replace the input's own outline"),
    ]

    /// The write options `ocr`, `flatten`, `optimize`, `batch` and `watch` share (`WriteFlags`).
    static let writeOptions: [OptionSpec] = [
        valued("--optimize", "-O", "LEVEL", .choices(["lossless", "screen", "jpeg", "0", "1", "2", "3"]),
               "recompress images and streams: lossless (pixels unchanged: Flate level 9 with PNG predictors, bilevel images as CCITT Group 4), screen (also images shown above --screen-dpi reduced to it and stored as JPEG), jpeg[:QUALITY] (also 8-bit gray and colour images as JPEG, quality 1-100, default 40, or gray scans of text as 4-16 grays); stored JPEGs are re-coded losslessly; an image is only replaced by a smaller one, bilevel images are never changed lossily; a note reports the bytes before and after (not with an incremental update). OCRmyPDF's levels (-O 0|1|2|3, --optimize N) are taken too: 0 none, 1 lossless, 2 jpeg:75 (OCRmyPDF's JPEG quality), 3 jpeg (quality 40); unlike OCRmyPDF, ocr optimizes nothing unless asked"),
        valued("--screen-dpi", nil, "N", .text, "the resolution --optimize screen reduces to (default 150)"),
        flag("--incremental", "append the changes to the original bytes (an incremental update) instead of rewriting the file; the default for inputs with a digital signature, which then stays valid"),
        flag("--rewrite", "rewrite the whole file (compact, object streams) even when it is signed: the signature is then invalidated, and a warning says so"),
        flag("--invalidate-digital-signatures", "OCRmyPDF's consent to invalidate signatures: a signed input is rewritten (as --rewrite) instead of getting an incremental update. Without it a signed input is not refused (as OCRmyPDF does) but updated incrementally, so its signature stays valid"),
        flag("--decrypt", "write the output of an encrypted input unencrypted (without it, the output keeps the input's encryption: same passwords and permissions)"),
        valued("--pdf-version", nil, "V", .choices(["1.4", "1.5", "1.6", "1.7", "2.0"]),
               "the PDF version of a rewritten file: 1.4 writes a classic cross-reference table without object streams (for old readers); 1.5, 1.6, 1.7 or 2.0 (default: the input's, at least 1.5)"),
        flag("--deterministic", "the same input gives the same output bytes (the document ID is made from the content instead of at random)"),
        flag("--linearize", "write a linearized file (\"fast web view\": a viewer shows the first page before the rest arrives); not with an incremental update"),
    ]

    /// `--output-type TYPE` (OCRmyPDF's), for the commands that OCR (`ocr`, `run`, `batch`, `watch`).
    static let outputType = valued("--output-type", nil, "TYPE", .choices(["pdf", "pdfa", "pdfa-2", "pdfa-2b", "pdfa-2u", "pdfa-3", "pdfa-3b", "none"]),
        "pdf (default), pdfa (= pdfa-2b, as OCRmyPDF), pdfa-2b, pdfa-2u, pdfa-3b, or none (no PDF: for --sidecar, --hocr, --alto, --words-json runs). A PDF/A output gets XMP metadata matching its information dictionary, an sRGB output intent made by Legible, no encryption (an encrypted input needs --password and --decrypt), no JavaScript; it is checked with Legible's own validator (legible check) before it is written, and where the input cannot conform without changing how it looks (fonts not embedded, CMYK without a CMYK profile…) a plain PDF is written and a note says why")

    /// `--fast-web-view MB`, for the commands that write one file.
    static let fastWebView = valued("--fast-web-view", nil, "MB", .text,
        "OCRmyPDF's fast web view: linearize (as --linearize) when the input is larger than MB megabytes; 0 never linearizes")

    /// Tesseract's own settings, passed to every engine (`ocr`, `batch`, `watch`).
    static let tesseractOptions: [OptionSpec] = [
        valued("--tesseract-timeout", nil, "S", .text,
               "OCRmyPDF's name for --page-timeout: give up on a page after S seconds of recognition; 0 recognizes nothing (the file is only rewritten, e.g. with -O)"),
        valued("--tesseract-pagesegmode", nil, "N", .choices((0...13).map(String.init)),
               "Tesseract's page segmentation mode (tesseract --psm: 3 automatic, the default; 4 one column; 6 one block; 7 one line; 11 sparse text…)"),
        valued("--tesseract-oem", nil, "N", .choices(["0", "1", "2", "3"]),
               "Tesseract's engine mode (tesseract --oem: 0 legacy, 1 LSTM, 2 both, 3 default); 0 and 2 need models that include the legacy engine"),
        valued("--tesseract-config", nil, "FILE", .file,
               "a Tesseract config file (one 'variable value' per line, e.g. tessedit_char_whitelist); may be given once"),
        valued("--user-words", nil, "FILE", .file, "a list of words, one per line, Tesseract should expect (its user_words_file)"),
        valued("--user-patterns", nil, "FILE", .file, "patterns of words (\\d digits, \\c letters…), one per line, Tesseract should expect (its user_patterns_file)"),
    ]
}
