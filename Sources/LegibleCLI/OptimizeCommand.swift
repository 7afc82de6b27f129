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
            let report = try await DocumentTransform.run(parsed, command: "optimize", flatten: false, defaultOptimize: .lossless)
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
