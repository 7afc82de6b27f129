import Foundation

/// One line of a run's JSON log (`ocr --log-json`, `batch --log-json`): an object with `time`,
/// `event` and the event's fields; absent fields are left out, keys are sorted.
public struct RunLogLine: Encodable, Sendable {
    /// When the line was made, ISO 8601.
    public var time = ISO8601DateFormatter().string(from: Date())
    /// `page` (one page's outcome), `file` (one file's, in batch) or `done` (the run's).
    public var event: String
    /// The input (batch), relative to the source folder.
    public var file: String?
    /// Where the output went.
    public var output: String?
    /// The page, 1-based.
    public var page: Int?
    /// `recognized`, `skipped`, `failed` for a page; the batch outcome for a file.
    public var outcome: String?
    /// Words recognized on the page.
    public var words: Int?
    /// Why a page or file was skipped or failed.
    public var reason: String?
    /// Pages of the file or run.
    public var pages: Int?
    /// Degrees a page was turned, or pages turned in the run.
    public var rotated: Int?
    /// Wall-clock seconds, two decimals.
    public var seconds: Double?
    /// The process exit code of the run.
    public var exitCode: Int32?
    /// The run's warnings.
    public var warnings: [String]?
    /// The run's notes.
    public var notes: [String]?

    /// A line for `event` with no fields yet.
    public init(event: String) { self.event = event }

    /// Seconds as logged: two decimals.
    public static func rounded(_ seconds: Double) -> Double { (seconds * 100).rounded() / 100 }

    /// The line as compact JSON, without its line break; nil if it cannot be encoded.
    public var json: Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(self)
    }
}
