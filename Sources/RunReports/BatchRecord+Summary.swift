import Foundation
import Pipeline

extension BatchRecord {
    /// The file's line for people: `file: outcome (N pages, S s) — note`; a failure's reason
    /// is left out (it is reported as a warning of its own).
    public var line: String {
        var text = "\(file): \(outcome.rawValue)"
        if pages > 0 { text += " (\(pages) page\(pages == 1 ? "" : "s"), \(String(format: "%.1f", seconds)) s)" }
        if !reason.isEmpty && !isFailure { text += " — \(reason)" }
        return text
    }

    /// The file's `--log-json` line, as its report row says.
    public var logLine: RunLogLine {
        var line = RunLogLine(event: "file")
        line.file = file
        line.outcome = outcome.rawValue
        line.pages = pages
        line.seconds = RunLogLine.rounded(seconds)
        if !reason.isEmpty { line.reason = reason }
        return line
    }

    /// The batch's closing `--log-json` line: pages processed, seconds, exit code, and the
    /// summary (without seconds) as its outcome.
    public static func doneLogLine(_ records: [BatchRecord], seconds: Double, exitCode: Int32) -> RunLogLine {
        var done = RunLogLine(event: "done")
        done.pages = pagesProcessed(records)
        done.seconds = RunLogLine.rounded(seconds)
        done.exitCode = exitCode
        done.outcome = summary(records, seconds: nil)
        return done
    }

    /// Pages of the outputs written (files that are `ok` or `pages-failed`).
    public static func pagesProcessed(_ records: [BatchRecord]) -> Int {
        records.filter { $0.outcome == .ok || $0.outcome == .pagesFailed }.reduce(0) { $0 + $1.pages }
    }

    /// The closing line of a batch for people: files per outcome and pages processed, with
    /// the run's `seconds` when given.
    public static func summary(_ records: [BatchRecord], seconds: Double?) -> String {
        let counts = Outcome.allCases.compactMap { outcome -> String? in
            let n = records.filter { $0.outcome == outcome }.count
            return n == 0 ? nil : "\(n) \(outcome.rawValue)"
        }
        let pages = pagesProcessed(records)
        var text = "\(records.count) file\(records.count == 1 ? "" : "s"): " + (counts.isEmpty ? "nothing to do" : counts.joined(separator: ", "))
        text += "; \(pages) page\(pages == 1 ? "" : "s") processed"
        if let seconds { text += String(format: " in %.1f s", seconds) }
        return text
    }
}
