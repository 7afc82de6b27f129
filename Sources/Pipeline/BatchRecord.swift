import FileIO
import Foundation

/// What happened to one file of a batch: a row of the summary report.
public struct BatchRecord: Codable, Sendable, Equatable {
    /// The file's fate.
    public enum Outcome: String, Codable, Sendable, CaseIterable {
        /// Output written.
        case ok
        /// Output written, but OCR failed on some pages (kept as they were).
        case pagesFailed = "pages-failed"
        /// No output: the file could not be processed (`reason` says why).
        case failed
        /// Not an input (unsupported type, link out of the tree, …).
        case skipped
        /// Already done by an earlier run with the same content and pipeline.
        case upToDate = "up-to-date"
    }

    /// Path relative to the source folder.
    public var file: String
    /// Pages in the output (0 when there is none).
    public var pages: Int
    /// The file's fate.
    public var outcome: Outcome
    /// Why it failed or was skipped; notes otherwise (may be empty).
    public var reason: String
    /// Wall-clock time spent on it.
    public var seconds: Double

    /// Creates a record.
    public init(file: String, pages: Int, outcome: Outcome, reason: String, seconds: Double) {
        self.file = file
        self.pages = pages
        self.outcome = outcome
        self.reason = reason
        self.seconds = seconds
    }

    /// Whether the file counts as a failure of the run (exit code 7).
    public var isFailure: Bool { outcome == .failed || outcome == .pagesFailed }
}
