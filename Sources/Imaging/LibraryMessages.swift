import CLeptonica

/// What the C libraries under Leptonica (libjpeg, libtiff) print on standard error while they
/// decode, collected instead of printed (see library_messages.c), so that a damaged image
/// becomes a typed error with their words in it rather than raw lines on the terminal.
enum LibraryMessages {
    /// Runs `body` on this thread, keeping the lines C libraries print meanwhile.
    /// - Returns: `body`'s result and the kept lines, joined by "; " (empty when none).
    static func collecting<T>(_ body: () throws -> T) rethrows -> (T, String) {
        legible_collect_library_messages()
        var buffer = [CChar](repeating: 0, count: 512)
        defer { _ = legible_collected_library_messages(&buffer, buffer.count) }
        let result = try body()
        let length = legible_collected_library_messages(&buffer, buffer.count)
        let text = String(decoding: buffer.prefix(length).map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(" ") }.filter { !$0.isEmpty }
        return (result, lines.joined(separator: "; "))
    }

    /// Whether a libjpeg warning means image data was lost (the rest of the image would be
    /// made up: an even gray), rather than a harmless oddity such as extraneous bytes before
    /// the end marker. libjpeg's wording (jerror.h, JWRN_*).
    static func jpegLostData(_ message: String) -> Bool {
        ["Premature end", "premature end", "bad Huffman code", "instead of RST", "Corrupt JPEG data: found marker",
         "arithmetic", "Arithmetic"].contains { message.contains($0) }
    }
}
