import DocumentFacts
import Foundation
import Pipeline

/// `legible info FILE [--password P] [--json] [--check]`: what a PDF is and what its pages hold.
struct InfoCommand {
    let arguments: [String]

    /// Options that take a value.
    static var valued: Set<String> { Help.infoSpec.valued }
    /// Options that do not.
    static var flags: Set<String> { Help.infoSpec.flags }

    func run() -> ExitCode {
        Console.reportingErrorsWithoutSuspending {
            let parsed = try ParsedArguments(arguments, spec: Help.infoSpec)
            if parsed.flags.contains("--help") { print(Help.info); return .ok }
            guard parsed.positionals.count == 1 else {
                throw CLIError.usage("info needs exactly one FILE (see legible info --help)")
            }
            let streams = StandardStreams()
            let info = try DocumentInfo.read(try streams.input(parsed.positionals[0]),
                                             password: parsed.values["--password"], check: parsed.flags.contains("--check"))
            print(parsed.flags.contains("--json") ? try info.json() : info.textReport)
            return .ok
        }
    }
}
