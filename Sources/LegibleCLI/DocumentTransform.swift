import Foundation
import Pipeline

/// What `legible flatten` and `legible optimize` share: the job read from the write flags
/// and `--password`, and one run of `FlattenRunner` that Ctrl-C stops without an output.
enum DocumentTransform {
    /// Runs the transform on the two positional arguments, INPUT and OUTPUT.
    /// - Throws: `CLIError.usage` for missing arguments, `PipelineError`, `CancellationError`.
    static func run(_ parsed: ParsedArguments, command: String, flatten: Bool,
                    defaultOptimize: OptimizeLevel?) async throws -> TransformReport {
        guard parsed.positionals.count == 2 else {
            throw CLIError.usage("\(command) needs INPUT and OUTPUT (see legible \(command) --help)")
        }
        var job = OCRJob()
        try WriteFlags.apply(parsed, to: &job)
        if job.optimize == nil { job.optimize = defaultOptimize }
        job.password = parsed.values["--password"]
        let finalJob = job
        return try await Interrupts.cancellingOnSignal {
            try await FlattenRunner().run(input: URL(fileURLWithPath: parsed.positionals[0]),
                                          output: URL(fileURLWithPath: parsed.positionals[1]), job: finalJob, flatten: flatten)
        }
    }
}
