extension Help {
    static var thumbnails: String { thumbnailsSpec.helpText }

    /// `legible thumbnails --help`.
    static let thumbnailsSpec = CommandSpec(
        name: "thumbnails", usage: ["thumbnails INPUT OUTDIR [options]"], summary: "one PNG per page (page-0001.png, …), longest side 256",
        description: """
        Writes one PNG per page of INPUT (a PDF or a JPEG, PNG, TIFF, GIF, BMP, WebP or PNM image) into OUTDIR (made when
        missing), named page-0001.png, page-0002.png, … by page number, upright as a viewer shows
        the page. Each is the page's scanned images composed as Legible sees them for OCR,
        scaled down by area averaging so the longest side is the size asked for; colour pages
        stay colour, the rest are gray. Vector content (text, lines, fills) is not drawn: a
        born-digital page without images gives a white thumbnail of the page's shape. Each file
        is written to a temporary file and renamed into place; existing files of the same name
        are replaced. INPUT '-' reads standard input.
        """,
        options: [
            .valued("--size", nil, "N", .text, "pixels of the longest side (default 256, 8 to 4096)"),
            .pages,
            .password,
            .quiet,
            .help,
        ],
        exitCodes: .list([.ok, .badArguments, .badInput, .fileAccess, .pagesFailed, .encrypted, .other],
                         [.badInput: "FILE is not a readable PDF or image, or none of its pages can be read",
                          .pagesFailed: "some pages lost their content or images, or their images cannot be decoded: they got no thumbnail, the others did"]))
}
