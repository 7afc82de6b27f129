extension Help {
    static var optimize: String { optimizeSpec.helpText }

    /// `legible optimize --help`.
    static let optimizeSpec = CommandSpec(
        name: "optimize", usage: ["optimize INPUT OUTPUT [--optimize lossless|screen|jpeg[:QUALITY]] [options]"],
        summary: "recompress images and streams for a smaller file",
        description: """
        Rewrites a PDF smaller (PDFKit's saveAllImagesAsJPEG and optimizeImagesForScreen):
        images and streams recompressed as --optimize says (default lossless), unreachable
        objects dropped, objects packed into object streams. Soft masks, stencil masks, /Decode
        arrays and colour spaces (palettes included) are kept; an image is only replaced by a
        smaller encoding. A line reports the images changed and the bytes before and after.
        OUTPUT is written to a temporary file and renamed into place; INPUT is never changed.
        A signed input is written as an incremental update, which keeps its signature valid but
        cannot make it smaller: give --rewrite (or --invalidate-digital-signatures) to optimize
        it (the signature is then invalidated). INPUT '-' reads standard input, OUTPUT '-'
        writes standard output.
        """,
        options: [.password], OptionSpec.writeOptions, [
            OptionSpec.fastWebView,
            .flag("--json", "print the summary as one JSON object on standard output: level, imagesSeen, imagesChanged, imagesDownsampled, streamsRecompressed, imageBytesBefore/After, streamBytesBefore/After, fileBytesBefore/After, skippedReason (when not optimized)"),
            .quiet,
            .help,
        ],
        exitCodes: .list([.ok, .badArguments, .badInput, .fileAccess, .encrypted, .other, .interrupted]))
}
