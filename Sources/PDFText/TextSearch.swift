import PDF

/// Finds a phrase in a page's lines; a match may run over several words and lines.
public enum TextSearch {
    /// `phrase` as a search pattern: runs of white space become single spaces (they match
    /// the break between words or lines), and leading and trailing space is dropped. Empty
    /// when `phrase` holds nothing to find.
    public static func pattern(_ phrase: String) -> String {
        phrase.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// One occurrence.
    public struct Match: Sendable, Equatable {
        /// The words matched, as they read.
        public var text: String
        /// One box per line the match covers, in user space.
        public var boxes: [PDFRect]
    }

    /// Every occurrence of `pattern` (single spaces between its words) in `lines`, which are
    /// read as one string with single spaces between words and lines.
    public static func matches(of pattern: String, in lines: [TextLine], ignoringCase: Bool) -> [Match] {
        // Words are folded one by one, so offsets stay true when folding changes a length.
        var scalars: [Unicode.Scalar] = []
        var spans: [(range: Range<Int>, line: Int, word: TextWord)] = []
        for (lineIndex, line) in lines.enumerated() {
            for word in line.words {
                if !scalars.isEmpty { scalars.append(" ") }
                let folded = Array((ignoringCase ? word.text.lowercased() : word.text).unicodeScalars)
                spans.append((scalars.count..<scalars.count + folded.count, lineIndex, word))
                scalars += folded
            }
        }
        let needle = Array((ignoringCase ? pattern.lowercased() : pattern).unicodeScalars)
        guard !needle.isEmpty else { return [] }
        var out: [Match] = []
        var start = 0
        while start + needle.count <= scalars.count {
            guard scalars[start] == needle[0], Array(scalars[start..<start + needle.count]) == needle else { start += 1; continue }
            let range = start..<start + needle.count
            let covered = spans.filter { $0.range.overlaps(range) }
            var boxes: [(line: Int, box: PDFRect)] = []
            for span in covered {
                if let last = boxes.last, last.line == span.line {
                    let b = last.box
                    boxes[boxes.count - 1].box = PDFRect(min(b.x0, span.word.box.x0), min(b.y0, span.word.box.y0),
                                                         max(b.x1, span.word.box.x1), max(b.y1, span.word.box.y1))
                } else {
                    boxes.append((span.line, span.word.box))
                }
            }
            out.append(Match(text: covered.map(\.word.text).joined(separator: " "), boxes: boxes.map(\.box)))
            start = range.upperBound
        }
        return out
    }
}
