import Foundation
import Pipeline
import RunReports

extension Console {
    /// Writes a `--log-json` line on standard output, or standard error when standard output
    /// carries the document.
    static func log(_ line: RunLogLine, toStandardError: Bool = false) {
        guard let data = line.json else { return }
        (toStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(data + Data("\n".utf8))
    }
}
