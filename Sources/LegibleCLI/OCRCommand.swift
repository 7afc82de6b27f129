import Foundation
import OCR
import Pipeline
import Tesseract

/// `legible ocr INPUT OUTPUT [options]`.
struct OCRCommand {
    let arguments: [String]

    func run() async -> ExitCode {
        let parsed: ParsedArguments
        var job = OCRJob()
        do {
            parsed = try ParsedArguments(arguments,
                                         valued: (["--language", "--jobs", "--pages", "--sidecar", "--pipeline",
                                                  "--rotate-pages-threshold", "--page-timeout", "--max-ocr-dpi",
                                                  "--hocr", "--alto", "--words-json", "--report", "--password", "--review"] as Set<String>).union(WriteFlags.valued),
                                         flags: (["--force-ocr", "--skip-text", "--redo-ocr", "--strict", "--rotate-pages", "--decrypt", "--quiet", "--help",
                                                 "--forms", "--keep-fields", "--replace-fields"] as Set<String>).union(WriteFlags.flags),
                                         aliases: ["-l": "--language", "-j": "--jobs", "-q": "--quiet", "-h": "--help"])
            if parsed.flags.contains("--help") { print(Help.ocr); return .ok }
            guard parsed.positionals.count == 2 else {
                throw CLIError.usage("ocr needs INPUT and OUTPUT (see legible ocr --help)")
            }
            if let pipeline = parsed.values["--pipeline"] { job = try OCRJob.load(from: URL(fileURLWithPath: pipeline)) }
            if let languages = parsed.values["--language"] { job.languages = languages.split(separator: "+").map(String.init) }
            if let jobs = parsed.values["--jobs"] {
                guard let n = Int(jobs) else { throw CLIError.usage("--jobs takes a number, not '\(jobs)'") }
                job.jobs = n
            }
            if let pages = parsed.values["--pages"] { job.pages = pages }
            let modes: [(String, TextPageMode)] = [("--force-ocr", .forceOCR), ("--skip-text", .skipText),
                                                   ("--redo-ocr", .redoOCR), ("--strict", .strict)]
            let chosen = modes.filter { parsed.flags.contains($0.0) }
            if chosen.count > 1 {
                throw CLIError.usage("\(chosen.map(\.0).joined(separator: " and ")) contradict each other; give one")
            }
            if let mode = chosen.first?.1 { job.mode = mode }
            if parsed.flags.contains("--rotate-pages") { job.rotatePages = true }
            if parsed.flags.contains("--decrypt") { job.decrypt = true }
            if let password = parsed.values["--password"] { job.password = password }
            if let value = parsed.values["--rotate-pages-threshold"] { job.rotatePagesThreshold = try number(value, "--rotate-pages-threshold") }
            if let value = parsed.values["--page-timeout"] { job.pageTimeout = try number(value, "--page-timeout") }
            if let value = parsed.values["--max-ocr-dpi"] {
                guard let dpi = Int(value) else { throw CLIError.usage("--max-ocr-dpi takes a whole number, not '\(value)'") }
                job.maxOCRResolution = dpi
            }
            try WriteFlags.apply(parsed, to: &job)

            try job.validate()
        } catch CLIError.usage(let message) {
            return Console.fail(.badArguments, message)
        } catch let error as PipelineError {
            return Console.fail(ExitCode(error.code), error.message)
        } catch {
            return Console.fail(.badArguments, "\(error)")
        }

        let quiet = parsed.flags.contains("--quiet")
        let input = URL(fileURLWithPath: parsed.positionals[0])
        let output = URL(fileURLWithPath: parsed.positionals[1])
        if parsed.flags.contains("--forms") || job.forms {
            return await formsPass(parsed, input: input, output: output, job: job, quiet: quiet)
        }
        if let formOnly = ["--review", "--keep-fields", "--replace-fields"].first(where: { parsed.values[$0] != nil || parsed.flags.contains($0) }) {
            return Console.fail(.badArguments, "\(formOnly) goes with --forms")
        }
        let sidecar = parsed.values["--sidecar"].map { URL(fileURLWithPath: $0) }
        let exports = OCRExports(hocrDirectory: parsed.values["--hocr"].map { URL(fileURLWithPath: $0, isDirectory: true) },
                                 altoDirectory: parsed.values["--alto"].map { URL(fileURLWithPath: $0, isDirectory: true) },
                                 wordsJSON: parsed.values["--words-json"].map { URL(fileURLWithPath: $0) },
                                 report: parsed.values["--report"].map { URL(fileURLWithPath: $0) })

        let factory: TesseractEngineFactory
        do { factory = try TesseractEngineFactory(languages: job.languages) } catch let error as OCRError {
            return Console.fail(.missingDependency, error.message)
        } catch {
            return Console.fail(.missingDependency, "\(error)")
        }
        let pool = OCRWorkerPool(factory: factory, workers: job.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        defer { pool.shutdown() }
        let bar = ProgressBar(enabled: !quiet)
        let runner = OCRRunner(engines: pool)
        let started = Date()
        let finalJob = job
        return await Console.reportingErrors {
            let report = try await Interrupts.cancellingOnSignal {
                try await runner.run(input: input, output: output, sidecar: sidecar, job: finalJob, exports: exports) { bar.handle($0) }
            }
            if !quiet {
                for warning in report.warnings { Console.warn(warning) }
                for note in report.notes { Console.note(note) }
                Console.info(Summary.text(report, output: output.path, seconds: Date().timeIntervalSince(started)))
            }
            let failed = report.failedPages
            if !failed.isEmpty {
                for index in failed {
                    if case .failed(let reason) = report.outcomes[index] { Console.warn(reason) }
                }
                return .pagesFailed
            }
            return .ok
        }
    }
}

extension OCRCommand {
    /// `ocr --forms`: text layers and form fields in one pass, one write (see `FormsRunner`).
    func formsPass(_ parsed: ParsedArguments, input: URL, output: URL, job: OCRJob, quiet: Bool) async -> ExitCode {
        let exports = ["--sidecar", "--hocr", "--alto", "--words-json", "--report", "--rotate-pages"]
        if let other = exports.first(where: { parsed.values[$0] != nil || parsed.flags.contains($0) }) {
            return Console.fail(.badArguments, "\(other) cannot be combined with --forms yet; run legible ocr with it, then legible forms")
        }
        var options = FormsOptions()
        options.textLayer = true
        options.review = parsed.values["--review"].map { URL(fileURLWithPath: $0) }
        do {
            let asked = try FormsCommand.policy(parsed)
            options.existing = asked == .refuse ? job.existingFields : asked
        } catch CLIError.usage(let message) {
            return Console.fail(.badArguments, message)
        } catch {
            return Console.fail(.badArguments, "\(error)")
        }
        return await FormsCommand.execute(input: input, output: output, job: job, options: options, quiet: quiet)
    }
}

/// Reads a number option.
private func number(_ text: String, _ option: String) throws -> Double {
    guard let value = Double(text), value.isFinite else { throw CLIError.usage("\(option) takes a number, not '\(text)'") }
    return value
}

/// The closing line of a run.
enum Summary {
    static func text(_ report: RunReport, output: String, seconds: Double) -> String {
        var recognized = 0, words = 0, skipped = 0, failed = 0
        var reasons: [String: Int] = [:]
        for outcome in report.outcomes {
            switch outcome {
            case .recognized(let n): recognized += 1; words += n
            case .skipped(let reason): skipped += 1; reasons[reason, default: 0] += 1
            case .failed: failed += 1
            }
        }
        var parts = ["\(recognized) page\(recognized == 1 ? "" : "s") recognized (\(words) words)"]
        if skipped > 0 {
            let why = reasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: "; ")
            parts.append("\(skipped) left as they were (\(why))")
        }
        if failed > 0 { parts.append("\(failed) failed") }
        return parts.joined(separator: ", ") + String(format: " in %.1f s → %@", seconds, output)
    }
}
