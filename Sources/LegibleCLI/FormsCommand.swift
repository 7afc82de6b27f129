import FileIO
import Foundation
import Forms
import OCR
import Pipeline

/// `legible forms INPUT OUTPUT [options]`: makes a flat form fillable.
struct FormsCommand {
    let arguments: [String]

    /// Options `forms` takes that take a value.
    static var valued: Set<String> { Help.formsSpec.valued }
    /// Options `forms` takes without a value.
    static var flags: Set<String> { Help.formsSpec.flags }

    func run() async -> ExitCode {
        let parsed: ParsedArguments
        var job = OCRJob()
        var options = FormsOptions()
        do {
            parsed = try ParsedArguments(arguments, spec: Help.formsSpec)
            if parsed.flags.contains("--help") { print(Help.forms); return .ok }
            try PagesOption.check(parsed.values["--pages"])
            guard parsed.positionals.count == 2 else {
                throw CLIError.usage("forms needs INPUT and OUTPUT (see legible forms --help)")
            }
            job = try JobOptions.job(from: parsed) // -l and -j (forms takes no mode flags or --pipeline)
            if let value = parsed.values["--page-timeout"] {
                guard let seconds = Double(value), seconds.isFinite else {
                    throw CLIError.usage("--page-timeout takes a number, not '\(value)'")
                }
                job.pageTimeout = seconds
            }
            job.pages = parsed.values["--pages"]
            job.password = parsed.values["--password"]
            options.existing = try Self.policy(parsed)
            options.review = parsed.values["--review"].map { URL(fileURLWithPath: $0) }
            options.fromReview = parsed.values["--from-review"].map { URL(fileURLWithPath: $0) }
            options.report = parsed.values["--report"].map { URL(fileURLWithPath: $0) }
            if options.review != nil, options.fromReview != nil {
                throw CLIError.usage("--review and --from-review contradict each other: review the detection first, then build from the edited file")
            }
            try job.validate()
        } catch {
            return Console.fail(error, otherwise: .badArguments)
        }
        let streams = StandardStreams()
        let input: URL, output: URL
        do {
            input = try streams.input(parsed.positionals[0])
            output = try streams.output(parsed.positionals[1])
        } catch {
            return Console.fail(error, otherwise: .fileAccess)
        }
        let code = await Self.execute(input: input, output: output, job: job, options: options,
                                      quiet: parsed.flags.contains("--quiet"))
        return OCRCommand.delivering(code, streams)
    }

    /// `--keep-fields` / `--replace-fields`.
    static func policy(_ parsed: ParsedArguments) throws -> ExistingFormPolicy {
        switch (parsed.flags.contains("--keep-fields"), parsed.flags.contains("--replace-fields")) {
        case (true, true): throw CLIError.usage("--keep-fields and --replace-fields contradict each other; give one")
        case (true, false): return .keep
        case (false, true): return .replace
        case (false, false): return .refuse
        }
    }

    /// Runs a forms job (also `ocr --forms`) and reports it the way every command does.
    static func execute(input: URL, output: URL, job: OCRJob, options: FormsOptions, quiet: Bool) async -> ExitCode {
        let pool = JobOptions.formsPool(for: job, fromReview: options.fromReview != nil,
                                        environment: ProcessInfo.processInfo.environment)
        defer { pool.shutdown() }
        let bar = ProgressBar(enabled: !quiet)
        let runner = FormsRunner(engines: pool, detector: .standard)
        let started = Date()
        return await Console.reportingErrors {
            let report = try await Interrupts.cancellingOnSignal {
                try await runner.run(input: input, output: output, job: job, options: options) { bar.handle($0) }
            }
            if !quiet {
                for warning in report.warnings { Console.warn(warning) }
                for note in report.notes { Console.note(note) }
                Console.info(report.summary(output: output.path, seconds: Date().timeIntervalSince(started)))
            }
            let failed = report.pages.compactMap(\.failure)
            for reason in failed { Console.warn(reason) }
            return failed.isEmpty ? .ok : .pagesFailed
        }
    }
}
