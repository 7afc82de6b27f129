import FileIO
import Foundation
import PDF
import PDFText
import Pipeline

/// A PDF opened for `legible text` and `legible search` (`DocumentText`), from a path or
/// standard input, with a warning for chosen pages it does not have.
struct TextSource {
    let text: DocumentText
    var document: PDFDocument { text.document }
    var pages: [PDFPage] { text.pages }

    /// Opens `path` (decrypting with `password`) and selects `pages` (e.g. "1,3-5"; all when nil).
    /// `path` may be `-`: standard input (kept in `streams`).
    /// - Throws: `PipelineError` with the exit code the failure maps to.
    init(path: String, password: String?, pages selection: String?, streams: StandardStreams) throws {
        let chosen = try selection.map { try PageSelection($0) }
        let bytes = try FileBytes.input(try streams.input(path))
        let name = StandardStreams.isStream(path) ? "standard input" : path
        text = try DocumentText(bytes: bytes, name: name, password: password, pages: chosen)
        PagesOption.warnBeyond(selection, pageCount: text.pageCount)
    }

    /// The text of `page`, or nil (with a warning) when its content is unreadable: the page
    /// prints empty and the command ends with exit 7 (`failures` counts them).
    func text(of page: PDFPage, failures: inout Int) -> PageText? {
        do {
            return try text.text(of: page)
        } catch let error as PDFTextError where error.page != nil {
            // Its description already starts with "page N:".
            Console.warn("\(error)")
        } catch {
            Console.warn("page \(page.index + 1): \(error)")
        }
        failures += 1
        return nil
    }

    /// The text of `page`, or nil (with a warning) when its content is unreadable; for search,
    /// which keeps grep's exit codes (0 found, 1 not found).
    func text(of page: PDFPage) -> PageText? {
        var failures = 0
        return text(of: page, failures: &failures)
    }
}

/// Standard output, written in large pieces.
struct OutputBuffer {
    private var bytes: [UInt8] = []

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }
}
