/// A command line split into options and positional arguments, checked against what a
/// command accepts. Supports `-x VALUE`, `-xVALUE`, `--long VALUE`, `--long=VALUE`, flags,
/// `-` (standard input or output, a positional) and `--`.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    /// Parses `arguments` for the command `spec` describes; an unknown option is refused with
    /// the nearest known one suggested.
    init(_ arguments: [String], spec: CommandSpec) throws {
        let optional = Set(spec.options.filter(\.optionalValue).map(\.long))
        try self.init(arguments, valued: spec.valued, flags: spec.flags, aliases: spec.aliases,
                      optionalValues: optional, command: spec.name)
    }

    /// Parses `arguments` for a command that takes `valued` options and `flags`.
    /// `aliases` maps short forms to long names (e.g. "-l" → "--language"); options in
    /// `optionalValues` take a value only when it is attached or a single digit follows.
    init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>, aliases: [String: String],
         optionalValues: Set<String> = [], command: String? = nil) throws {
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
            } else if !argument.hasPrefix("--"), argument.count > 2, aliases[name] == nil,
                      let long = aliases[String(argument.prefix(2))], valued.contains(long) {
                // `-O1`, `-j4`: a short option with its value attached.
                name = String(argument.prefix(2))
                inlineValue = String(argument.dropFirst(2))
            }
            name = aliases[name] ?? name
            if allowedFlags.contains(name) {
                if inlineValue != nil { throw CLIError.usage("\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if let inlineValue { values[name] = inlineValue; continue }
                if optionalValues.contains(name) {
                    let next = i < arguments.count ? arguments[i] : ""
                    if next.count == 1, next.first?.isNumber == true { values[name] = next; i += 1 } else { values[name] = "" }
                    continue
                }
                guard i < arguments.count else { throw CLIError.usage("\(name) needs a value") }
                values[name] = arguments[i]
                i += 1
            } else {
                let known = Array(valued.union(allowedFlags)) + Array(aliases.keys)
                throw CLIError.usage(OptionSuggestion.message(unknown: name, known: known, command: command))
            }
        }
    }
}

/// Errors of the command line itself.
enum CLIError: Error {
    /// Wrong usage; exit code 1.
    case usage(String)
}
