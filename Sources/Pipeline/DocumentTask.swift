import FileIO
import Forms
import Foundation
import OCR

/// One input made into one output, durably: the step batch and watch runs share. The output
/// folder is created (tolerating other shards creating it too), the output is written
/// atomically by the runner, and its folder entry is synced before this returns, so a journal
/// line written afterwards never points at an output a crash could still take away.
struct DocumentTask: Sendable {
    let engines: OCRWorkerPool
    let job: OCRJob

    /// What became of the document.
    struct Result: Sendable {
        var pages: Int
        /// One reason per page whose OCR failed (the page was kept as it was).
        var pageFailures: [String]
        /// The reasons of those pages that failed because the file lost part of them.
        var damagedPages: [String] = []
        var notes: [String]
        var seconds: Double
    }

    func run(input: URL, output: URL) async throws -> Result {
        let started = Date()
        let folder = output.deletingLastPathComponent()
        try await BlockingIO.run { try DurableFiles.makeDirectories(folder) }
        var result = job.forms ? try await fillable(input: input, output: output)
                               : try await searchable(input: input, output: output)
        try await BlockingIO.run { DurableFiles.syncDirectory(folder) }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    private func searchable(input: URL, output: URL) async throws -> Result {
        let report = try await OCRRunner(engines: engines).run(input: input, output: output, job: job)
        let failures = report.outcomes.compactMap { outcome -> String? in
            if case .failed(let reason) = outcome { return reason } else { return nil }
        }
        let damaged = report.pages.filter(\.damaged).compactMap { page -> String? in
            if case .failed(let reason) = page.outcome { return reason } else { return nil }
        }
        // Blank pages left out (`--remove-blank-pages`) are named in the file's notes, which
        // batch reports and watch logs carry.
        let removed = report.removedPages.isEmpty ? []
            : ["blank pages removed: " + report.removedPages.map { String($0 + 1) }.joined(separator: ", ")]
        return Result(pages: report.outcomes.count, pageFailures: failures, damagedPages: damaged,
                      notes: report.warnings + report.notes + removed, seconds: 0)
    }

    /// A job with `forms`: text layers and form fields, as `legible ocr --forms` makes them.
    private func fillable(input: URL, output: URL) async throws -> Result {
        var options = FormsOptions()
        options.textLayer = true
        options.existing = job.existingFields
        let report = try await FormsRunner(engines: engines, detector: .standard).run(input: input, output: output, job: job, options: options)
        return Result(pages: report.pages.count, pageFailures: report.pages.compactMap(\.failure),
                      notes: report.warnings + report.notes, seconds: 0)
    }
}
