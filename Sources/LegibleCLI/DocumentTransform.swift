import Foundation
import Pipeline

/// What `legible flatten` and `legible optimize` share: the job read from the write flags
/// and `--password`, and one run of `FlattenRunner` that Ctrl-C stops without an output.
enum DocumentTransform {
    /// Runs the transform on the two positional arguments, INPUT and OUTPUT.
    /// - Throws: `CLIError.usage` for missing arguments, `PipelineError`, `CancellationError`.
    /// INPUT and OUTPUT may be `-` (`streams` then holds the copies; the caller delivers).
    static func run(_ parsed: ParsedArguments, command: String, flatten: Bool,
                    defaultOptimize: OptimizeLevel?, streams: StandardStreams) async throws -> TransformReport {
        guard parsed.positionals.count == 2 else {
            throw CLIError.usage("\(command) needs INPUT and OUTPUT (see legible \(command) --help)")
        }
        var job = OCRJob()
        try WriteFlags.apply(parsed, to: &job)
        // `-O 0` asks for no optimization, so the command's default does not apply.
        if job.optimize == nil && parsed.values["--optimize"] != "0" { job.optimize = defaultOptimize }
        job.password = parsed.values["--password"]
        let input = try streams.input(parsed.positionals[0])
        let output = try streams.output(parsed.positionals[1])
        try WriteFlags.applyFastWebView(parsed, input: input, to: &job)
        let finalJob = job
        return try await Interrupts.cancellingOnSignal {
            try await FlattenRunner().run(input: input, output: output, job: finalJob, flatten: flatten)
        }
    }

    /// OUTPUT as messages name it.
    static func shownOutput(_ parsed: ParsedArguments) -> String {
        StandardStreams.isStream(parsed.positionals[1]) ? "standard output" : parsed.positionals[1]
    }
}
