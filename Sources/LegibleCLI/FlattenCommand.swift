import Foundation
import Pipeline

/// `legible flatten INPUT OUTPUT [options]`: annotations and form fields burned into the
/// page content (PDFKit's `burnInAnnotations`), nothing left to edit.
struct FlattenCommand {
    let arguments: [String]

    /// Options that take a value.
    static var valued: Set<String> { Help.flattenSpec.valued }
    /// Options without a value.
    static var flags: Set<String> { Help.flattenSpec.flags }

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, spec: Help.flattenSpec)
            if parsed.flags.contains("--help") { print(Help.flatten); return .ok }
            let streams = StandardStreams()
            let report = try await DocumentTransform.run(parsed, command: "flatten", flatten: true, defaultOptimize: nil, streams: streams)
            try streams.deliver()
            if !parsed.flags.contains("--quiet") {
                for warning in report.warnings { Console.warn(warning) }
                for note in report.notes { Console.note(note) }
                if let flatten = report.flatten {
                    Console.info(flatten.line + " → \(DocumentTransform.shownOutput(parsed))")
                }
                if let optimization = report.optimization { Console.info(optimization.line) }
            }
            return .ok
        }
    }
}
