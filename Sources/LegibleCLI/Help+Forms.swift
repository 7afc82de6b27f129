extension Help {
    static var forms: String { formsSpec.helpText }

    /// `legible forms --help`.
    static let formsSpec = CommandSpec(
        name: "forms", usage: ["forms INPUT OUTPUT [options]"], summary: "make a flat form fillable: fields found, named, tab-ordered",
        description: """
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
        and renamed into place; INPUT is never changed. INPUT '-' reads standard input,
        OUTPUT '-' writes standard output.
        """,
        options: [
            .valued("--review", nil, "FILE", .file, "also write the detected fields as JSON (page from 0, rect in points from the page's top-left as shown, kind, name, label, confidence, maxLength, exportValue, isDate) for a person to check and edit"),
            .valued("--from-review", nil, "FILE", .file, "build the form from an edited review file instead of detecting fields (no OCR, no detection); a field added by hand needs only page, rect and kind (a name is made from its label, or field_N)"),
            .flag("--keep-fields", "the input already has a form: keep it and add the fields found"),
            .flag("--replace-fields", "the input already has a form: remove its fields and widgets and write the fields found instead. Without either, an input that has a form is refused (exit 2)"),
            .valued("--language", "-l", "LANGS", .languages, "Tesseract languages for the labels of scans, e.g. eng+deu"),
            .valued("--jobs", "-j", "N", .text, "pages read in parallel (default: one per core)"),
            .valued("--pages", nil, "RANGES", .text, "only look for fields on these pages, e.g. 1,3-5"),
            .valued("--page-timeout", nil, "S", .text, "give up on a page's OCR after S seconds (exit 7)"),
            .password,
            .valued("--report", nil, "FILE", .file, "also write a JSON report: per page how it was read (vector, raster), fields found, detection and OCR seconds"),
            .quiet,
            .help,
        ],
        exitCodes: .list([.ok, .badArguments, .badInput, .missingDependency, .fileAccess, .pagesFailed, .encrypted, .other, .interrupted],
                         [.badArguments: "invalid arguments or a bad review file",
                          .badInput: "unreadable input, or an input that already has a form",
                          .pagesFailed: "a page could not be read (the others got their fields)"]))
}
