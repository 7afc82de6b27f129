import Foundation
import Pipeline

/// `legible optimize INPUT OUTPUT [options]`: the document rewritten with its images and
/// streams recompressed (PDFKit's `saveAllImagesAsJPEG`/`optimizeImagesForScreen`),
/// lossless unless asked otherwise.
struct OptimizeCommand {
    let arguments: [String]

    /// Options that take a value.
    static let valued = WriteFlags.valued.union(["--password"])
    /// Options without a value.
    static let flags = WriteFlags.flags.union(["--json", "--quiet", "--help"])

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, valued: Self.valued, flags: Self.flags,
                                             aliases: ["-q": "--quiet", "-h": "--help"])
            if parsed.flags.contains("--help") { print(Help.optimize); return .ok }
            guard parsed.positionals.count == 2 else {
                throw CLIError.usage("optimize needs INPUT and OUTPUT (see legible optimize --help)")
            }
            var job = OCRJob()
            try WriteFlags.apply(parsed, to: &job)
            if job.optimize == nil { job.optimize = .lossless }
            job.password = parsed.values["--password"]
            let finalJob = job
            let report: TransformReport
            do {
                report = try await Interrupts.cancellingOnSignal {
                    try await FlattenRunner().run(input: URL(fileURLWithPath: parsed.positionals[0]),
                                                  output: URL(fileURLWithPath: parsed.positionals[1]), job: finalJob, flatten: false)
                }
            } catch is CancellationError {
                return Console.fail(.interrupted, "interrupted; no output written")
            }
            if parsed.flags.contains("--json"), let summary = report.optimization {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            }
            if !parsed.flags.contains("--quiet") {
                for warning in report.warnings { Console.warn(warning) }
                for note in report.notes { Console.note(note) }
                if let summary = report.optimization { Console.info(summary.line + " → \(parsed.positionals[1])") }
            }
            return .ok
        }
    }
}
