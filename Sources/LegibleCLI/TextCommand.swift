import FileIO
import Foundation
import OCR
import PDF
import PDFText
import Pipeline

/// `legible text FILE [--pages R] [--json] [--ocr [-l LANGS]] [--password P]`: the document's
/// text in reading order, a form feed after each page; with `--json`, words with their boxes and
/// fonts; with `--ocr`, pages without text are recognized on the fly (nothing is written).
struct TextCommand {
    let arguments: [String]

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, spec: Help.textSpec)
            if parsed.flags.contains("--help") { print(Help.text); return .ok }
            try PagesOption.check(parsed.values["--pages"])
            guard parsed.positionals.count == 1 else {
                throw CLIError.usage("text needs one FILE (see legible text --help)")
            }
            if parsed.values["--language"] != nil && !parsed.flags.contains("--ocr") {
                throw CLIError.usage("--language only applies with --ocr")
            }
            let source = try TextSource(path: parsed.positionals[0], password: parsed.values["--password"],
                                        pages: parsed.values["--pages"], streams: StandardStreams())
            let live = parsed.flags.contains("--ocr")
                ? LiveRecognizer(languages: parsed.values["--language"].map { $0.split(separator: "+").map(String.init) } ?? ["eng"])
                : nil
            defer { live?.shutdown() }
            var out = OutputBuffer()
            var withoutText = 0
            // Pages whose content cannot be read: printed empty, and exit 7 as ocr's failed pages.
            var failed = 0
            if parsed.flags.contains("--json") {
                try await writeJSON(source, file: parsed.positionals[0], live: live, into: &out, failed: &failed)
            } else {
                for page in source.pages {
                    let text = source.text(of: page, failures: &failed)
                    if let text, text.words.isEmpty { withoutText += 1 }
                    if let live, text?.words.isEmpty ?? true {
                        let lines = try await live.lines(of: page, in: source.document)
                        out.append(LiveTextWord.text(ofLines: lines))
                    } else {
                        out.append(text?.text ?? "")
                    }
                    out.append("\u{0C}")
                }
            }
            out.flush()
            if live == nil && withoutText > 0 {
                let pages = withoutText == 1 ? "1 page has" : "\(withoutText) pages have"
                Console.note("\(pages) no text (images only?): legible text --ocr recognizes them on the fly, legible ocr adds a text layer")
            }
            if failed > 0 {
                Console.warn(failed == 1 ? "1 page could not be read; it printed empty" : "\(failed) pages could not be read; they printed empty")
                return .pagesFailed
            }
            return .ok
        }
    }

    /// `{"file": …, "pages": [{"page", "width", "height", "rotation", "text", "words": [{"text",
    /// "box": [x0, y0, x1, y1], "font", "size", "visible", "ocr"}]}]}`, boxes in display space.
    private func writeJSON(_ source: TextSource, file: String, live: LiveRecognizer?, into out: inout OutputBuffer,
                           failed: inout Int) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let name = String(decoding: try encoder.encode(file), as: UTF8.self)
        out.append("{\"file\":\(name),\"pages\":[")
        for (n, page) in source.pages.enumerated() {
            let text = source.text(of: page, failures: &failed)
            let frame = PageFrame(page)
            var words = (text?.words ?? []).map { TextWordJSON($0, in: frame) }
            var pageText = text?.text ?? ""
            if let live, words.isEmpty {
                let lines = try await live.lines(of: page, in: source.document)
                pageText = LiveTextWord.text(ofLines: lines)
                words = lines.joined().map { TextWordJSON.recognized($0.text, box: $0.box, in: frame) }
            }
            let entry = TextPageJSON(page: page, text: pageText, words: words)
            if n > 0 { out.append(",") }
            out.append(String(decoding: try encoder.encode(entry), as: UTF8.self))
            out.append("\n")
        }
        out.append("]}\n")
    }
}

/// Tesseract engines started on first use, for `--ocr`.
final class LiveRecognizer: @unchecked Sendable {
    private let languages: [String]
    private var pool: OCRWorkerPool?

    init(languages: [String]) {
        self.languages = languages
    }

    /// The lines recognized on `page`; a page that cannot be recognized is reported and empty.
    /// - Throws: `PipelineError.missingDependency` when Tesseract or a language is missing.
    func lines(of page: PDFPage, in document: PDFDocument) async throws -> [[LiveTextWord]] {
        if pool == nil { pool = try JobOptions.livePool(languages: languages) }
        guard let pool else { return [] }
        do {
            return try await LiveText(engines: pool).lines(of: page, in: document)
        } catch let error as PipelineError where error.code != .missingDependency {
            Console.warn(error.message)
            return []
        }
    }

    func shutdown() { pool?.shutdown() }
}
