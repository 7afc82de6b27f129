extension Help {
    static var text: String { textSpec.helpText }
    static var search: String { searchSpec.helpText }

    /// `legible text --help`.
    static let textSpec = CommandSpec(
        name: "text", usage: ["text FILE [options]"], summary: "print the text of a PDF in reading order",
        description: """
        Prints the text of a PDF in reading order, one page after another, each followed by a
        form feed. Lines of a block follow one another; a blank line separates blocks; columns
        are read one after the other. Text the page only carries invisibly (an OCR layer) is
        included; text outside the page is not. Pages that are only images print as empty pages,
        unless --ocr recognizes them (nothing is written: the file stays as it is); without it,
        a note on standard error says how many pages had no text and suggests --ocr.
        FILE '-' reads standard input.
        """,
        options: [
            .pages,
            .flag("--json", "print JSON instead: for each page its number, size and rotation, its text, and its words with their boxes [x0, y0, x1, y1] in points from the page's top-left corner as shown (y down, /Rotate applied, like pdftotext -bbox), font, size, visibility and whether --ocr recognized it"),
            .flag("--ocr", "recognize the pages that have no text with Tesseract, on the fly (Live Text); in --json their words have \"ocr\": true"),
            .valued("--language", "-l", "LANGS", .languages, "Tesseract languages for --ocr joined by '+', or auto (default: eng)"),
            .password,
            .help,
        ],
        exitCodes: .list([.ok, .badArguments, .badInput, .missingDependency, .fileAccess, .pagesFailed, .encrypted, .other],
                         [.badInput: "FILE is not a readable PDF", .missingDependency: "Tesseract or a language for --ocr is missing",
                          .pagesFailed: "the text was printed, but some pages could not be read (damaged content, or past a limit); they printed empty, each named on standard error",
                          .encrypted: "FILE is encrypted and the password is missing or wrong"]))

    /// `legible search --help`.
    static let searchSpec = CommandSpec(
        name: "search", usage: ["search FILE PATTERN [options]"], summary: "print the pages and boxes where PATTERN occurs",
        description: """
        Finds PATTERN in the text of a PDF and prints one line per match: the page number, the
        match's box on each line it covers (x0 y0 x1 y1 in points from the page's top-left
        corner as shown, boxes of several lines separated by ';'), and the words matched, all
        separated by tabs. PATTERN is plain text; spaces in it match the space between words,
        also across line ends. Nothing is printed when there is no match, and the exit code is
        1 (as grep's). FILE '-' reads standard input.
        """,
        options: [
            .flag("--ignore-case", "-i", "match regardless of case"),
            .pages,
            .flag("--json", "print a JSON array of {\"page\", \"text\", \"boxes\"} instead"),
            .password,
            .help,
        ],
        exitCodes: .list([.ok, .badArguments, .badInput, .fileAccess, .encrypted, .other],
                         [.ok: "PATTERN was found", .badArguments: "no match (nothing printed), or invalid arguments",
                          .badInput: "FILE is not a readable PDF", .encrypted: "FILE is encrypted and the password is missing or wrong"]))
}
