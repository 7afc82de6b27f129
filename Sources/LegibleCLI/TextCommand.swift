import Foundation
import PDF
import PDFText
import Pipeline

/// `legible text FILE [--pages R] [--json] [--password P]`: the document's text in reading
/// order, a form feed after each page; with `--json`, words with their boxes and fonts.
struct TextCommand {
    let arguments: [String]

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, valued: ["--pages", "--password"], flags: ["--json", "--help"],
                                             aliases: ["-h": "--help"])
            if parsed.flags.contains("--help") { print(Help.text); return .ok }
            guard parsed.positionals.count == 1 else {
                throw CLIError.usage("text needs one FILE (see legible text --help)")
            }
            let source = try TextSource(path: parsed.positionals[0], password: parsed.values["--password"],
                                        pages: parsed.values["--pages"])
            var out = OutputBuffer()
            if parsed.flags.contains("--json") {
                try writeJSON(source, file: parsed.positionals[0], into: &out)
            } else {
                for page in source.pages {
                    out.append(source.text(of: page)?.text ?? "")
                    out.append("\u{0C}")
                }
            }
            out.flush()
            return .ok
        }
    }

    private struct JSONWord: Encodable {
        var text: String
        var box: [Double]
        var font: String
        var size: Double
        var visible: Bool
    }

    private struct JSONPage: Encodable {
        var page: Int
        var width: Double
        var height: Double
        var rotation: Int
        var text: String
        var words: [JSONWord]
    }

    /// `{"file": …, "pages": [{"page", "width", "height", "rotation", "text", "words": [{"text",
    /// "box": [x0, y0, x1, y1], "font", "size", "visible"}]}]}`, boxes in display space.
    private func writeJSON(_ source: TextSource, file: String, into out: inout OutputBuffer) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let name = String(decoding: try encoder.encode(file), as: UTF8.self)
        out.append("{\"file\":\(name),\"pages\":[")
        for (n, page) in source.pages.enumerated() {
            let text = source.text(of: page)
            let frame = PageFrame(page)
            let words = (text?.words ?? []).map {
                JSONWord(text: $0.text, box: displayBox($0.box, frame), font: $0.fontName,
                         size: ($0.fontSize * 100).rounded() / 100, visible: $0.isVisible)
            }
            let size = frame.displaySize
            let entry = JSONPage(page: page.index + 1, width: size.width, height: size.height, rotation: page.rotation,
                                 text: text?.text ?? "", words: words)
            if n > 0 { out.append(",") }
            out.append(String(decoding: try encoder.encode(entry), as: UTF8.self))
            out.append("\n")
        }
        out.append("]}\n")
    }
}
