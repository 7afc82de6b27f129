/// The generated tables (Tables/*.swift) are texts of fields separated by spaces and line
/// breaks. Splitting them over their UTF-8 bytes rather than into Characters (grapheme
/// breaking) matters because a short `legible info` or `legible text` run builds several of
/// them: together they cost more than reading a one-page PDF.
enum TableText {
    /// The fields of `text`, in order (the tables are ASCII, where both splits agree).
    static func fields(_ text: String) -> [Substring] {
        text.utf8.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }).map { Substring($0) }
    }
}
