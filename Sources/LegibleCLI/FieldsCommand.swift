import Foundation
import Forms
import Pipeline

/// `legible fields FILE [--json]`: the fields of a form, their kinds and values.
struct FieldsCommand {
    let arguments: [String]

    func run() -> ExitCode {
        Console.reportingErrorsWithoutSuspending {
            let parsed = try ParsedArguments(arguments, spec: Help.fieldsSpec)
            if parsed.flags.contains("--help") { print(Help.fieldsSpec.helpText); return .ok }
            guard parsed.positionals.count == 1 else {
                throw CLIError.usage("fields needs exactly one FILE (see legible fields --help)")
            }
            let input = try StandardStreams().input(parsed.positionals[0])
            let fields = try FormFieldListing.read(input, password: parsed.values["--password"])
            if parsed.flags.contains("--json") {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(FormFieldList(fields: fields)), as: UTF8.self))
            } else {
                for field in fields { print(field.summaryLine) }
            }
            return .ok
        }
    }
}
