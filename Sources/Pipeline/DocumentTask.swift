import Foundation

/// One input made into one output, durably: the step batch and watch runs share. The output
/// folder is created (tolerating other shards creating it too), the output is written
/// atomically by the runner, and its folder entry is synced before this returns, so a journal
/// line written afterwards never points at an output a crash could still take away.
struct DocumentTask: Sendable {
    let runner: OCRRunner
    let job: OCRJob

    /// What became of the document.
    struct Result: Sendable {
        var pages: Int
        /// One reason per page whose OCR failed (the page was kept as it was).
        var pageFailures: [String]
        var notes: [String]
        var seconds: Double
    }

    func run(input: URL, output: URL) async throws -> Result {
        let started = Date()
        let folder = output.deletingLastPathComponent()
        try await BlockingIO.run { try DurableFiles.makeDirectories(folder) }
        let report = try await runner.run(input: input, output: output, job: job)
        try await BlockingIO.run { DurableFiles.syncDirectory(folder) }
        let failures = report.outcomes.compactMap { outcome -> String? in
            if case .failed(let reason) = outcome { return reason } else { return nil }
        }
        return Result(pages: report.outcomes.count, pageFailures: failures, notes: report.warnings + report.notes,
                      seconds: Date().timeIntervalSince(started))
    }
}
