/// Help texts, each made from its command's table (`CommandSpec`).
enum Help {
    /// Every command, in the order `legible --help` lists them.
    static var commands: [CommandSpec] {
        [ocrSpec, runSpec, batchSpec, watchSpec, flattenSpec, optimizeSpec, infoSpec, formsSpec, fieldsSpec, fillSpec, textSpec, searchSpec,
         imagesSpec, thumbnailsSpec, languagesSpec, helpSpec]
    }

    /// The command named `name`, if there is one.
    static func spec(named name: String) -> CommandSpec? { commands.first { $0.name == name } }

    static var main: String {
        let rows = commands.map { spec -> String in
            let head = "  legible " + (spec.usage.first ?? spec.name)
            return head.count + 2 > 39 ? head + "\n" + String(repeating: " ", count: 39) + spec.summary
                                       : head.padding(toLength: 39, withPad: " ", startingAt: 0) + spec.summary
        }
        return """
        legible — make scanned PDFs searchable.

        Usage:
        \(rows.joined(separator: "\n"))
          legible --version

        INPUT is a PDF or a JPEG, PNG, TIFF, GIF, BMP, WebP or PNM image (recognized by content).
        '-' as INPUT reads standard input, '-' as OUTPUT writes standard output.
        Run `legible help COMMAND` (or `legible COMMAND --help`) for a command's options.

        \(exitCodes)
        """
    }

    static var ocr: String { ocrSpec.helpText }

    static let ocrSpec = CommandSpec(
        name: "ocr", usage: ["ocr INPUT OUTPUT [options]"], summary: "add an invisible, word-aligned text layer",
        description: """
        Recognizes the text of scanned pages and writes OUTPUT: the same PDF with an invisible
        text layer on each recognized page, so it can be searched and its text selected and
        copied. Page images are left untouched. Image inputs (JPEG, PNG, single- or
        multi-page TIFF) become one page per image at the image's resolution first. OUTPUT is
        written to a temporary file and renamed into place: it never exists half-written, and
        INPUT is never changed. INPUT '-' reads standard input; OUTPUT '-' writes the PDF to
        standard output (and nothing else: notes and progress go to standard error).

        By default, pages without text are recognized, and so are the images of scans that
        carry a little real text (a stamp, a header: that text is kept and not duplicated);
        born-digital pages and pages that already have an OCR layer are left exactly as they
        were.
        """,
        options: [
            .valued("--language", "-l", "LANGS", .languages, "Tesseract languages joined by '+', e.g. eng+deu, or auto: each page's language chosen among the installed models (default: eng)"),
            .valued("--jobs", "-j", "N", .text, "pages recognized in parallel (default: one per core)"),
            .valued("--pages", nil, "RANGES", .text, "only consider these pages, e.g. 1,3-5,9- (others are copied as they are)"),
            .valued("--sidecar", nil, "FILE", .file, "also write the recognized text, pages separated by form feeds"),
            .flag("--skip-text", "leave every page that has any text exactly as it was"),
            .flag("--force-ocr", "recognize every page, even pages that already have text (a page's earlier Legible layer is replaced, never doubled)"),
            .flag("--redo-ocr", "replace earlier OCR layers (invisible text, Legible's or another tool's) with a fresh reading; visible text is kept"),
            .flag("--strict", "OCRmyPDF's default: if any page already has text, write nothing and exit with code 6"),
            .flag("--rotate-pages", "detect each page's orientation and set it upright through /Rotate (the image is never re-encoded); sideways and upside-down text is read and placed correctly even without this option"),
            .valued("--rotate-pages-threshold", nil, "C", .text, "orientation confidence needed before a page is turned (default 14)"),
            .valued("--page-timeout", nil, "S", .text, "give up on a page after S seconds of recognition: it is kept as it was, reported, and the exit code is 7"),
            .valued("--max-ocr-dpi", nil, "N", .text, "reduce finer scans to N dpi for recognition only (default 400); the output keeps the original image"),
        ], OptionSpec.outlineOptions, OptionSpec.scanOptions, OptionSpec.tesseractOptions, [
            .valued("--hocr", nil, "DIR", .directory, "also write one hOCR file per recognized page (page-0001.hocr, …)"),
            .valued("--alto", nil, "DIR", .directory, "also write one ALTO 4 XML file per recognized page (page-0001.xml, …)"),
            .valued("--words-json", nil, "FILE", .file, "also write every word with its box in PDF points and its confidence"),
            .valued("--report", nil, "FILE", .file, "also write a JSON report: each page's outcome and reason, timings"),
            .flag("--log-json", "print one JSON object per line on standard error instead of the progress bar and notes: each page's outcome, then the run's (as watch --log-json does)"),
            .valued("--title", nil, "TEXT", .text, "set the document's title (its information dictionary, and its XMP metadata when it has some)"),
            .valued("--author", nil, "TEXT", .text, "set the document's author"),
            .valued("--subject", nil, "TEXT", .text, "set the document's subject"),
            .valued("--keywords", nil, "TEXT", .text, "set the document's keywords"),
            .password,
        ], OptionSpec.writeOptions, [
            OptionSpec.outputType,
            OptionSpec.fastWebView,
            .valued("--pipeline", nil, "FILE", .file, "read default options from a job definition (Pipelines/*.json); options given on the command line win"),
            .flag("--forms", "also make the document's flat forms fillable, in the same pass and the same write (see legible forms --help); with --review FILE, --keep-fields, --replace-fields as there; not with --sidecar, --hocr, --alto, --words-json, --report or --rotate-pages"),
            .valued("--review", nil, "FILE", .file, "with --forms: also write the detected fields as JSON (see legible forms --help)"),
            .flag("--keep-fields", "with --forms: keep an existing form and add the fields found"),
            .flag("--replace-fields", "with --forms: replace an existing form's fields with the fields found"),
            .valued("--verbose", "-v", "N", .text, "also print each page's outcome (recognized, left as it was and why, failed); OCRmyPDF's levels 0-2 are taken, 0 meaning not verbose", optional: true),
            .quiet,
            .help,
        ],
        exitCodes: .list([.ok, .badArguments, .badInput, .missingDependency, .fileAccess, .priorText, .pagesFailed, .encrypted, .other, .interrupted]))

    /// All exit codes and their general meaning.
    static var exitCodes: String {
        "Exit codes:\n" + ExitCode.allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n")
    }

    static let languagesSpec = CommandSpec(
        name: "languages", usage: ["languages"], summary: "list installed Tesseract languages",
        description: "Lists the Tesseract languages installed (in the tessdata folder Tesseract uses, or TESSDATA_PREFIX), one per line.",
        options: [.help],
        exitCodes: .list([.ok, .missingDependency]), operands: .text)

    static let helpSpec = CommandSpec(
        name: "help", usage: ["help [COMMAND]"], summary: "show help",
        description: "Shows the help of COMMAND, or the list of commands.",
        options: [],
        exitCodes: .list([.ok, .badArguments], [.badArguments: "COMMAND is not a command"]), operands: .choices([]))
}
