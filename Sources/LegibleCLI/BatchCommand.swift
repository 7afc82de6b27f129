import Foundation
import Pipeline
import RunReports

/// `legible batch SRC DST [options]` and `legible batch --merge-reports --report OUT REPORT…`.
struct BatchCommand {
    let arguments: [String]
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// Options that take a value.
    static var valued: Set<String> { Help.batchSpec.valued }
    /// Options without a value.
    static var flags: Set<String> { Help.batchSpec.flags }

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, spec: Help.batchSpec)
            if parsed.flags.contains("--help") { print(Help.batch); return .ok }
            if parsed.flags.contains("--merge-reports") { return try merge(parsed) }
            return try await batch(parsed)
        }
    }

    private func batch(_ parsed: ParsedArguments) async throws -> ExitCode {
        guard parsed.positionals.count == 2 else {
            throw CLIError.usage("batch needs SRC and DST folders (see legible batch --help)")
        }
        var job = try JobOptions.job(from: parsed)
        try WriteFlags.apply(parsed, to: &job)
        ScanFlags.apply(parsed, to: &job)
        let tesseract = try TesseractFlags(parsed, job: &job)
        try job.validate()
        let report = parsed.values["--report"].map { URL(fileURLWithPath: $0) }
        if let report { try BatchReport.validate(report) }
        let count = try parsed.values["--shard-count"].map { text -> Int in
            guard let count = Int(text) else { throw CLIError.usage("--shard-count takes a number, not '\(text)'") }
            return count
        }
        let (shard, shardSource) = try ShardSpec.resolve(option: parsed.values["--shard"], countOption: count, environment: environment)
        let logJSON = parsed.flags.contains("--log-json")
        let quiet = parsed.flags.contains("--quiet") || logJSON
        if !quiet && shardSource != .option && shardSource != .none {
            Console.note("running shard \(shard) (from \(shardSource == .kubernetes ? "JOB_COMPLETION_INDEX" : "SLURM_ARRAY_TASK_ID"))")
        }

        let (pool, engine) = try JobOptions.pool(for: job, tesseract: tesseract, environment: environment)
        defer { pool.shutdown() }
        var options = BatchOptions(source: URL(fileURLWithPath: parsed.positionals[0]),
                                   destination: URL(fileURLWithPath: parsed.positionals[1]), job: job, engineName: engine)
        options.shard = shard
        let started = Date()
        let finalOptions = options
        let result = try await Interrupts.cancellingOnSignal {
            try await BatchRunner(engines: pool).run(finalOptions) { record, done, total in
                if logJSON { Console.log(record.logLine); return }
                if record.isFailure { Console.warn("\(record.file): \(Console.reason(record.reason, about: record.file))") }
                if !quiet { Console.info("[\(done)/\(total)] \(record.line)") }
            }
        }
        if let report { try BatchReport.write(result.records, to: report) }
        if !quiet { Console.info(BatchRecord.summary(result.records, seconds: Date().timeIntervalSince(started))) }
        let code: ExitCode = result.interrupted ? .interrupted : result.records.contains(where: \.isFailure) ? .pagesFailed : .ok
        if logJSON {
            Console.log(BatchRecord.doneLogLine(result.records, seconds: Date().timeIntervalSince(started), exitCode: code.rawValue))
        }
        if result.interrupted { return Console.failOnOwnLine(.interrupted, "interrupted; finished files are kept and a re-run resumes") }
        return code
    }

    private func merge(_ parsed: ParsedArguments) throws -> ExitCode {
        guard let output = parsed.values["--report"] else {
            throw CLIError.usage("--merge-reports needs --report OUT for the merged report")
        }
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("--merge-reports needs the shards' reports") }
        let out = URL(fileURLWithPath: output)
        try BatchReport.validate(out)
        let records = try BatchReport.merge(parsed.positionals.map { URL(fileURLWithPath: $0) })
        try BatchReport.write(records, to: out)
        if !parsed.flags.contains("--quiet") { Console.info(BatchRecord.summary(records, seconds: nil)) }
        return records.contains(where: \.isFailure) ? .pagesFailed : .ok
    }
}
