import Foundation

/// One line of `--log-json` for `ocr` and `batch`: a JSON object with `time`, `event` and the
/// event's fields (absent fields are left out), as `watch --log-json` writes its events.
struct JSONLogLine: Encodable {
    var time = ISO8601DateFormatter().string(from: Date())
    /// `page` (one page's outcome), `file` (one file's, in batch) or `done` (the run's).
    var event: String
    var file: String?
    var output: String?
    var page: Int?
    /// `recognized`, `skipped`, `failed` for a page; the batch outcome for a file.
    var outcome: String?
    var words: Int?
    var reason: String?
    var pages: Int?
    var rotated: Int?
    var seconds: Double?
    var exitCode: Int32?
    var warnings: [String]?
    var notes: [String]?

    init(event: String) { self.event = event }

    /// Writes the line on standard output, or standard error when standard output carries the document.
    func write(toStandardError: Bool = false) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return }
        (toStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(data + Data("\n".utf8))
    }
}
