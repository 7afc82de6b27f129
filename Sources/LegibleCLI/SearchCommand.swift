import Foundation
import PDF
import PDFText
import Pipeline

/// `legible search FILE PATTERN [-i] [--pages R] [--json] [--password P]`: the pages and
/// boxes where PATTERN occurs in the document's text.
struct SearchCommand {
    let arguments: [String]

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, valued: ["--pages", "--password"],
                                             flags: ["--ignore-case", "--json", "--help"],
                                             aliases: ["-i": "--ignore-case", "-h": "--help"])
            if parsed.flags.contains("--help") { print(Help.search); return .ok }
            guard parsed.positionals.count == 2 else {
                throw CLIError.usage("search needs FILE and PATTERN (see legible search --help)")
            }
            let pattern = parsed.positionals[1].split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !pattern.isEmpty else { throw CLIError.usage("the search PATTERN is empty") }
            let source = try TextSource(path: parsed.positionals[0], password: parsed.values["--password"],
                                        pages: parsed.values["--pages"])
            let json = parsed.flags.contains("--json")
            var out = OutputBuffer()
            var first = true
            if json { out.append("[") }
            for page in source.pages {
                guard let text = source.text(of: page) else { continue }
                let frame = PageFrame(page)
                for match in TextSearch.matches(of: pattern, in: text.lines, ignoringCase: parsed.flags.contains("--ignore-case")) {
                    let boxes = match.boxes.map { displayBox($0, frame) }
                    if json {
                        let encoded = String(decoding: try JSONEncoder().encode(match.text), as: UTF8.self)
                        let list = boxes.map { "[" + $0.map { String($0) }.joined(separator: ",") + "]" }.joined(separator: ",")
                        out.append((first ? "" : ",\n") + "{\"page\":\(page.index + 1),\"text\":\(encoded),\"boxes\":[\(list)]}")
                    } else {
                        let list = boxes.map { $0.map { String($0) }.joined(separator: " ") }.joined(separator: "; ")
                        out.append("\(page.index + 1)\t\(list)\t\(match.text)\n")
                    }
                    first = false
                }
            }
            if json { out.append("]\n") }
            out.flush()
            return .ok
        }
    }
}

/// Finds a phrase in a page's lines; a match may run over several words and lines.
enum TextSearch {
    struct Match {
        /// The words matched, as they read.
        var text: String
        /// One box per line the match covers, in user space.
        var boxes: [PDFRect]
    }

    /// Every occurrence of `pattern` (single spaces between its words) in `lines`, which are
    /// read as one string with single spaces between words and lines.
    static func matches(of pattern: String, in lines: [TextLine], ignoringCase: Bool) -> [Match] {
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
