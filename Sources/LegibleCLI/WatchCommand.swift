import Foundation
import Pipeline
import RunReports

/// `legible watch INBOX --out DIR [options]`.
struct WatchCommand {
    let arguments: [String]
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// Options that take a value.
    static var valued: Set<String> { Help.watchSpec.valued }
    /// Options without a value.
    static var flags: Set<String> { Help.watchSpec.flags }

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, spec: Help.watchSpec)
            if parsed.flags.contains("--help") { print(Help.watch); return .ok }
            return try await watch(parsed)
        }
    }

    private func watch(_ parsed: ParsedArguments) async throws -> ExitCode {
        guard parsed.positionals.count == 1 else { throw CLIError.usage("watch needs one INBOX folder (see legible watch --help)") }
        guard let out = parsed.values["--out"] else { throw CLIError.usage("watch needs --out DIR for the outputs") }
        var job = try JobOptions.job(from: parsed)
        try WriteFlags.apply(parsed, to: &job)
        ScanFlags.apply(parsed, to: &job)
        let tesseract = try TesseractFlags(parsed, job: &job)
        try job.validate()
        func folder(_ option: String) -> URL? { parsed.values[option].map { URL(fileURLWithPath: $0) } }
        let folders = WatchFolders(inbox: URL(fileURLWithPath: parsed.positionals[0]), out: URL(fileURLWithPath: out),
                                   archive: folder("--archive"), failed: folder("--failed"),
                                   deleteProcessed: parsed.flags.contains("--delete"))
        let (pool, engine) = try JobOptions.pool(for: job, tesseract: tesseract, environment: environment)
        defer { pool.shutdown() }
        var options = WatchOptions(folders: folders, job: job, engineName: engine)
        options.once = parsed.flags.contains("--once")
        options.pollInterval = try number(parsed, "--poll", minimum: 0.05)
        options.settleSeconds = try number(parsed, "--settle", minimum: 0) ?? options.settleSeconds
        if let retries = try number(parsed, "--retries", minimum: 0) {
            guard retries == retries.rounded(), retries <= 100 else { throw CLIError.usage("--retries takes a whole number from 0 to 100") }
            options.retries = Int(retries)
        }
        let log = WatchLog(json: parsed.flags.contains("--log-json"), quiet: parsed.flags.contains("--quiet"))
        let status = try parsed.values["--status-file"].map { try WatchStatusFile(URL(fileURLWithPath: $0)) }
        let finalOptions = options
        let summary = try await Interrupts.cancellingOnSignal {
            try await WatchFolder(engines: pool, options: finalOptions).run { event in
                do { try status?.record(event) } catch { Console.warn("\(error)") }
                log.write(event)
            }
        }
        return summary.failed > 0 && finalOptions.once ? .pagesFailed : .ok
    }

    private func number(_ parsed: ParsedArguments, _ option: String, minimum: Double) throws -> Double? {
        guard let text = parsed.values[option] else { return nil }
        guard let value = Double(text), value.isFinite, value >= minimum else {
            throw CLIError.usage("\(option) takes a number of at least \(minimum), not '\(text)'")
        }
        return value
    }
}

/// Watch events as log lines: one readable line each on standard error, or with `--log-json`
/// one JSON object each on standard output (`time`, `event`, and the event's fields).
struct WatchLog: Sendable {
    let json: Bool
    let quiet: Bool

    func write(_ event: WatchEvent) {
        if json {
            if let data = event.jsonLine(time: ISO8601DateFormatter().string(from: Date())) {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            }
            return
        }
        switch event {
        case .failed(let file, let reason, let movedTo):
            Console.warn("\(file) failed: \(Console.reason(reason, about: file))" + (movedTo.map { "; moved to the failed folder as \($0)" } ?? ""))
        case .retrying(let file, let attempt, let reason, let delay):
            Console.warn("\(file): \(Console.reason(reason, about: file)); attempt \(attempt + 1) in \(Int(delay)) s")
        case _ where quiet:
            return
        case .started(let mode): Console.info("watching (\(mode))")
        case .note(let text): Console.note(text)
        case .processed(let file, let output, let pages, let seconds, let movedTo):
            Console.info("\(file) → \(output) (\(pages) page\(pages == 1 ? "" : "s"), \(String(format: "%.1f", seconds)) s)"
                         + (movedTo.map { "; input archived as \($0)" } ?? ""))
        case .left(let file, let reason): Console.note("\(file): \(reason)")
        case .queue: return
        case .stopped(let processed, let failed):
            FileHandle.standardError.write(Data(Console.ownLinePrefix().utf8))
            Console.info("stopped: \(processed) processed, \(failed) failed")
        }
    }
}
