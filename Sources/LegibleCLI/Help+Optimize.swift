extension Help {
    /// `legible optimize --help`.
    static let optimize = """
    legible optimize INPUT OUTPUT [--optimize lossless|screen|jpeg[:QUALITY]] [options]

    Rewrites a PDF smaller (PDFKit's saveAllImagesAsJPEG and optimizeImagesForScreen):
    images and streams recompressed as --optimize says (default lossless), unreachable
    objects dropped, objects packed into object streams. Soft masks, stencil masks, /Decode
    arrays and colour spaces (palettes included) are kept; an image is only replaced by a
    smaller encoding. A line reports the images changed and the bytes before and after.
    OUTPUT is written to a temporary file and renamed into place; INPUT is never changed.
    A signed input is written as an incremental update, which keeps its signature valid but
    cannot make it smaller: give --rewrite to optimize it (the signature is then invalidated).

    Options:
          --password P       the password of an encrypted input (user or owner)
    \(writeOptions)
          --json             print the summary as one JSON object on standard output: level,
                             imagesSeen, imagesChanged, imagesDownsampled, streamsRecompressed,
                             imageBytesBefore/After, streamBytesBefore/After,
                             fileBytesBefore/After, skippedReason (when not optimized)
      -q, --quiet            print errors only
      -h, --help             show this help

    \(exitCodes)
    """
}
