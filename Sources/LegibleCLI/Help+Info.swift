extension Help {
    static var info: String { infoSpec.helpText }

    /// `legible info --help`.
    static let infoSpec = CommandSpec(
        name: "info", usage: ["info FILE [--password P] [--json] [--check]"], summary: "describe a PDF: version, encryption, pages and what they hold",
        description: """
        Describes a PDF without changing it: its version, title, author, creator and producer,
        its encryption (handler, revision, key length, permissions), whether it was damaged and
        had to be recovered (with what the reader worked around), and for each page its size
        (points and inches), rotation and what it holds: text (counted in text-showing
        operators), images (pixel size, encoding, resolution on the page), vector graphics, or
        nothing, and what triage makes of it: text, scan, mixed (a little text on a page mostly
        covered by images), blank, own-layer (Legible's OCR layer) or other-layer (another
        tool's hidden text) — `legible ocr` reads scan and mixed pages by default. Damaged files
        are read as far as they can be, as qpdf reads them; a file with no page left reports 0
        pages. FILE '-' reads standard input.
        """,
        options: [
            .valued("--password", nil, "P", .text, "the user or owner password of an encrypted file (without it the empty user password is tried)"),
            .flag("--check", "also load every object and decode every stream but images' (as qpdf --check does), and list those that cannot be read (the exit code stays 0)"),
            .flag("--json", "print one JSON object instead (stable; keys are only ever added): version, pageCount, title, author, creator, producer, encryption (null, or {handler, revision, version, keyLength, method, permissions, permissionBits, ownerPassword}), recovered, warnings, pages (one object per page: {number, width, height, widthInches, heightInches, rotation, textOperators, pathOperators, images: [{width, height, filters, dpi}], holds, kind, error (only when unreadable)}), check (null, or with --check {objects, streams, problemCount, problems}), outline (the bookmarks in reading order, [] without: {title, level, page, top})"),
            .help,
        ],
        exitCodes: .list([.ok, .badArguments, .badInput, .fileAccess, .encrypted],
                         [.ok: "described", .badInput: "not a readable PDF (the reason is printed on one line)",
                          .fileAccess: "the file cannot be read", .encrypted: "encrypted, and the password is missing or wrong"]))
}
