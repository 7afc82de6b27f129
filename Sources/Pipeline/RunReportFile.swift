import Foundation
import OCR

/// The `--report` JSON file of an `ocr` run: pages recognized, skipped, removed and failed, and
/// why; timings per page and per stage. Seconds are rounded to the millisecond.
struct RunReportFile: Codable {
    /// One page's entry.
    struct Page: Codable {
        /// The page's number, from 1.
        var page: Int
        /// recognized, skipped, failed or removed.
        var outcome: String
        /// Words recognized, for a recognized page.
        var words: Int?
        /// Why the page was skipped or failed.
        var reason: String?
        var rasterizeSeconds: Double
        var recognizeSeconds: Double
        /// The turn `--deskew` applied, degrees.
        var deskewDegrees: Double?
        /// Present (true) when `--clean` or `--clean-final` cleaned the page.
        var cleaned: Bool?
        /// The resolution the page was read at.
        var dpi: Int?
        /// Quarter turns applied to read the page, degrees; absent when none.
        var rotationApplied: Int?
        /// The language or languages the page was read in.
        var language: Language?
    }

    /// The languages chosen for a page.
    struct Language: Codable {
        /// Tesseract codes joined by "+".
        var languages: String
        var confidence: Double
        var script: String?
    }

    var input: String
    var output: String
    var seconds: Double
    var pages: [Page]
    /// Pages per outcome: recognized, skipped, failed, and removed when any was.
    var counts: [String: Int]
    var stageSeconds: [String: Double]
    var notes: [String]
    var warnings: [String]
    /// Blank pages left out (`--remove-blank-pages`), numbered from 1 as in the input.
    var removedPages: [Int]?

    init(_ report: RunReport, input: String, output: URL, seconds: Double) {
        var counts = ["recognized": 0, "skipped": 0, "failed": 0]
        pages = report.pages.map { page in
            var entry = Page(page: page.index + 1, outcome: "", rasterizeSeconds: Self.milliseconds(page.rasterizeSeconds),
                             recognizeSeconds: Self.milliseconds(page.recognizeSeconds))
            switch page.outcome {
            case .recognized(let words): entry.outcome = "recognized"; entry.words = words
            case .skipped(let reason): entry.outcome = "skipped"; entry.reason = reason
            case .failed(let reason): entry.outcome = "failed"; entry.reason = reason
            }
            // A removed blank page was skipped for recognition; it counts as removed only.
            if page.removed { entry.outcome = "removed" }
            counts[entry.outcome, default: 0] += 1
            entry.deskewDegrees = page.deskewDegrees.map(Self.milliseconds)
            entry.cleaned = page.cleaned ? true : nil
            entry.dpi = page.dpi
            entry.rotationApplied = page.rotationApplied != 0 ? page.rotationApplied : nil
            entry.language = page.language.map {
                Language(languages: $0.languages.joined(separator: "+"), confidence: Self.milliseconds($0.confidence), script: $0.script)
            }
            return entry
        }
        self.input = input
        self.output = output.path
        self.seconds = Self.milliseconds(seconds)
        self.counts = counts
        stageSeconds = Dictionary(report.stageSeconds.map { ($0.stage, $0.seconds) }, uniquingKeysWith: +).mapValues(Self.milliseconds)
        notes = report.notes
        warnings = report.warnings
        removedPages = report.removedPages.isEmpty ? nil : report.removedPages.map { $0 + 1 }
    }

    /// The file's bytes: keys sorted, indented.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// `value` rounded to 1/1000 (seconds to the millisecond, confidences to 0.001).
    static func milliseconds(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
