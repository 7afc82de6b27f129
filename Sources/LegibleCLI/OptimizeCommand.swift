import Foundation
import Pipeline

/// `legible optimize INPUT OUTPUT [options]`: the document rewritten with its images and
/// streams recompressed (PDFKit's `saveAllImagesAsJPEG`/`optimizeImagesForScreen`),
/// lossless unless asked otherwise.
struct OptimizeCommand {
    let arguments: [String]

    /// Options that take a value.
    static var valued: Set<String> { Help.optimizeSpec.valued }
    /// Options without a value.
    static var flags: Set<String> { Help.optimizeSpec.flags }

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, spec: Help.optimizeSpec)
            if parsed.flags.contains("--help") { print(Help.optimize); return .ok }
            if parsed.flags.contains("--json") && parsed.positionals.count == 2 && StandardStreams.isStream(parsed.positionals[1]) {
                throw CLIError.usage("--json prints on standard output, which OUTPUT '-' takes: give an OUTPUT file")
            }
            let streams = StandardStreams()
            let report = try await DocumentTransform.run(parsed, command: "optimize", flatten: false, defaultOptimize: .lossless, streams: streams)
            try streams.deliver()
            if parsed.flags.contains("--json"), let summary = report.optimization {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            }
            if !parsed.flags.contains("--quiet") {
                for warning in report.warnings { Console.warn(warning) }
                for note in report.notes { Console.note(note) }
                if let summary = report.optimization { Console.info(summary.line + " → \(DocumentTransform.shownOutput(parsed))") }
            }
            return .ok
        }
    }
}
