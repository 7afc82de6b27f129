import Foundation
import Legible
import Testing
import TestSupport

/// Opening helpers shared by the suites: a test fails, naming the file, when a document the
/// test relies on cannot be opened.
enum Open {
    /// `Samples/NAME`, opened.
    static func sample(_ name: String) throws -> PDFDocument {
        try PDFDocument(contentsOf: Fixtures.sample(name))
    }

    /// `../shared/corpus/PATH`, opened (the test fails when the corpus is missing).
    static func corpus(_ path: String, password: String? = nil) throws -> PDFDocument {
        let url = Fixtures.corpus(path)
        try #require(FileManager.default.fileExists(atPath: url.path), "corpus file missing: \(url.path)")
        return try PDFDocument(contentsOf: url, password: password)
    }
}

/// The words of a text, lower-cased, for comparisons that ignore layout.
func words(_ text: String) -> [String] {
    text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
}

/// The value of `key` in `pdfinfo`'s report of `url` (extra arguments first).
func pdfinfo(_ url: URL, _ key: String, _ extra: [String] = []) throws -> String? {
    let report = try Tool.run("pdfinfo", extra + [url.path]).stdout
    for line in report.split(separator: "\n") where line.hasPrefix(key + ":") {
        return line.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
    }
    return nil
}
