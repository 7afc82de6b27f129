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
                for field in fields { print(Self.line(field)) }
            }
            return .ok
        }
    }

    /// One field for people: `name: kind (details) = value`.
    static func line(_ field: FormFieldEntry) -> String {
        var details: [String] = []
        if let page = field.page { details.append("page \(page)") }
        if let maxLength = field.maxLength { details.append("max \(maxLength)") }
        if let values = field.exportValues, !values.isEmpty { details.append("values " + values.joined(separator: "|")) }
        if let options = field.options, !options.isEmpty {
            let shown = options.prefix(10).joined(separator: "|")
            details.append("options " + (options.count > 10 ? shown + "|…" : shown))
        }
        if field.readOnly { details.append("read-only") }
        if field.required { details.append("required") }
        let value: String
        switch field.value {
        case .text(let text)?: value = " = " + printable(text)
        case .options(let options)?: value = " = " + options.map(printable).joined(separator: ", ")
        case .on(let on)?: value = " = \(on)"
        case nil: value = ""
        }
        return "\(printable(field.name)): \(field.kind.rawValue)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))") + value
    }

    /// `text` on one line: line breaks and other control characters as spaces.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
