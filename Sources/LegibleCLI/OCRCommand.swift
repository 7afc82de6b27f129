import FileIO
import Foundation
import OCR
import Pipeline
import RunReports

/// `legible ocr INPUT OUTPUT [options]` (and `legible run`, which is the same with a job
/// definition required).
struct OCRCommand {
    let arguments: [String]
    /// The command as typed, for messages.
    var name = "ocr"

    /// The document information entries the metadata options set.
    static let infoOptions = [("--title", "Title"), ("--author", "Author"), ("--subject", "Subject"), ("--keywords", "Keywords")]

    func run() async -> ExitCode {
        let parsed: ParsedArguments
        var job = OCRJob()
        let tesseract: TesseractFlags
        do {
            parsed = try ParsedArguments(arguments, spec: Help.spec(named: name) ?? Help.ocrSpec)
            if parsed.flags.contains("--help") { print(Help.spec(named: name)?.helpText ?? Help.ocr); return .ok }
            try PagesOption.check(parsed.values["--pages"])
            guard parsed.positionals.count == 2 else {
                throw CLIError.usage("\(name) needs INPUT and OUTPUT (see legible \(name) --help)")
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
            JobOptions.applyOutline(parsed, to: &job)
            if parsed.flags.contains("--decrypt") { job.decrypt = true }
            if let password = parsed.values["--password"] { job.password = password }
            if let value = parsed.values["--rotate-pages-threshold"] { job.rotatePagesThreshold = try number(value, "--rotate-pages-threshold") }
            if let value = parsed.values["--page-timeout"] { job.pageTimeout = try number(value, "--page-timeout") }
            if let value = parsed.values["--max-ocr-dpi"] {
                guard let dpi = Int(value) else { throw CLIError.usage("--max-ocr-dpi takes a whole number, not '\(value)'") }
                job.maxOCRResolution = dpi
            }
            for (option, key) in Self.infoOptions { if let value = parsed.values[option] { job.documentInfo[key] = value } }
            try WriteFlags.apply(parsed, to: &job)
            ScanFlags.apply(parsed, to: &job)
            tesseract = try TesseractFlags(parsed, job: &job)
            _ = try Verbosity(parsed)
            try job.validate()
        } catch {
            return Console.fail(error, otherwise: .badArguments)
        }

        let streams = StandardStreams()
        let logJSON = parsed.flags.contains("--log-json")
        let quiet = parsed.flags.contains("--quiet") || logJSON
        let verbose = (try? Verbosity(parsed))?.perPage ?? false
        let input: URL, output: URL
        do {
            input = try streams.input(parsed.positionals[0])
            output = try streams.output(parsed.positionals[1])
            try WriteFlags.applyFastWebView(parsed, input: input, to: &job)
        } catch {
            return Console.fail(error, otherwise: .fileAccess)
        }
        let shownOutput = streams.writesStandardOutput ? "standard output" : output.path
        if parsed.flags.contains("--forms") || job.forms {
            let code = await formsPass(parsed, input: input, output: output, job: job, quiet: quiet)
            return Self.delivering(code, streams)
        }
        if let formOnly = ["--review", "--keep-fields", "--replace-fields"].first(where: { parsed.values[$0] != nil || parsed.flags.contains($0) }) {
            return Console.fail(.badArguments, "\(formOnly) goes with --forms")
        }
        let sidecar = parsed.values["--sidecar"].map { URL(fileURLWithPath: $0) }
        let exports = OCRExports(hocrDirectory: parsed.values["--hocr"].map { URL(fileURLWithPath: $0, isDirectory: true) },
                                 altoDirectory: parsed.values["--alto"].map { URL(fileURLWithPath: $0, isDirectory: true) },
                                 wordsJSON: parsed.values["--words-json"].map { URL(fileURLWithPath: $0) },
                                 report: parsed.values["--report"].map { URL(fileURLWithPath: $0) })
        do {
            try exports.checkWritable(sidecar: sidecar)
        } catch {
            return Console.fail(error, otherwise: .fileAccess)
        }

        let pool: OCRWorkerPool
        do { pool = try tesseract.pool(languages: job.languages, workers: job.jobs) } catch {
            return Console.fail(error, otherwise: .missingDependency)
        }
        defer { pool.shutdown() }
        let bar = ProgressBar(enabled: !quiet)
        let runner = OCRRunner(engines: pool)
        let started = Date()
        let finalJob = job
        let code = await Console.reportingErrors {
            let report = try await Interrupts.cancellingOnSignal {
                try await runner.run(input: input, output: output, sidecar: sidecar, job: finalJob, exports: exports) { bar.handle($0) }
            }
            let seconds = Date().timeIntervalSince(started)
            let failed = report.failedPages
            let code: ExitCode = failed.isEmpty ? .ok : .pagesFailed
            if logJSON {
                for line in report.logLines(output: shownOutput, seconds: seconds, exitCode: code.rawValue) {
                    Console.log(line, toStandardError: streams.writesStandardOutput)
                }
                return code
            }
            if !quiet {
                PagesOption.warnBeyond(finalJob.pages, pageCount: report.pages.count)
                for warning in report.warnings { Console.warn(warning) }
                for note in report.notes { Console.note(note) }
                if verbose { for line in report.pageLines { Console.info(line) } }
                Console.info(report.summary(output: shownOutput, seconds: seconds, rotatePages: finalJob.rotatePages))
            }
            for index in failed {
                if case .failed(let reason) = report.outcomes[index] { Console.warn(reason) }
            }
            return code
        }
        return Self.delivering(code, streams)
    }

    /// The exit code, after the output went to standard output when it was asked for there
    /// and was written.
    static func delivering(_ code: ExitCode, _ streams: StandardStreams) -> ExitCode {
        guard code == .ok || code == .pagesFailed else { return code }
        do { try streams.deliver() } catch {
            return Console.fail(error, otherwise: .fileAccess)
        }
        return code
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
