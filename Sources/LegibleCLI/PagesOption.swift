import Foundation
import FileIO
import Pipeline

/// Checks of `--pages RANGES` every command shares.
enum PagesOption {
    /// Refuses a file name given as the ranges — `legible ocr --pages in.pdf out.pdf` took
    /// `in.pdf` as the ranges — saying so instead of calling it a bad range.
    /// - Throws: `CLIError.usage`.
    static func check(_ value: String?) throws {
        guard let value else { return }
        if (try? PageSelection(value)) != nil { return }
        let looksLikePath = value.contains("/") || value.contains(".") || FileManager.default.fileExists(atPath: value)
        if looksLikePath {
            throw CLIError.usage("--pages takes page numbers such as 1,3-5,9-, but '\(value)' is a file name: give --pages its ranges, then the files")
        }
    }

    /// Warns when ranges asked for reach past the document's `pageCount` pages.
    static func warnBeyond(_ value: String?, pageCount: Int) {
        guard let value, let selection = try? PageSelection(value) else { return }
        let beyond = selection.rangesBeyond(pageCount: pageCount)
        guard !beyond.isEmpty else { return }
        let pages = pageCount == 1 ? "1 page" : "\(pageCount) pages"
        Console.warn("--pages \(value): the document has \(pages); \(beyond.joined(separator: ", ")) \(beyond.count == 1 && !beyond[0].contains("-") ? "does" : "do") not exist")
    }
}
