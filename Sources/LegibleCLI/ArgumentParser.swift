/// A command line split into options and positional arguments, checked against what a
/// command accepts. Supports `-x VALUE`, `--long VALUE`, `--long=VALUE`, flags, and `--`.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    /// Parses `arguments` for a command that takes `valued` options and `flags`.
    /// `aliases` maps short forms to long names (e.g. "-l" → "--language").
    init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>, aliases: [String: String]) throws {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            name = aliases[name] ?? name
            if allowedFlags.contains(name) {
                if inlineValue != nil { throw CLIError.usage("\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if let inlineValue { values[name] = inlineValue; continue }
                guard i < arguments.count else { throw CLIError.usage("\(name) needs a value") }
                values[name] = arguments[i]
                i += 1
            } else {
                throw CLIError.usage("unknown option \(argument)")
            }
        }
    }
}

/// Errors of the command line itself.
enum CLIError: Error {
    /// Wrong usage; exit code 1.
    case usage(String)
}
