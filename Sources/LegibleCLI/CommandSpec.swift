/// A command of `legible` as help, parsing, the man page and completions describe it.
struct CommandSpec: Sendable {
    /// One exit code a command can end with, and what it means for this command.
    struct ExitCodeUse: Sendable {
        let code: ExitCode
        let meaning: String
    }

    /// `ocr`.
    let name: String
    /// Usage lines without the program name: `["ocr INPUT OUTPUT [options]"]`.
    let usage: [String]
    /// One line for `legible --help` and the man page's command list.
    let summary: String
    /// The paragraphs before the option table.
    let description: String
    /// The options, in the order help lists them.
    let options: [OptionSpec]
    /// Paragraphs after the option table ("" for none).
    let notes: String
    /// The exit codes this command can end with.
    let exitCodes: [ExitCodeUse]
    /// What the positional arguments name, for completions.
    let operands: OptionSpec.ValueKind

    /// `options` are groups (a command's own, the shared write options…), listed in order.
    init(name: String, usage: [String], summary: String, description: String, options: [OptionSpec]...,
         notes: String = "", exitCodes: [ExitCodeUse], operands: OptionSpec.ValueKind = .file) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.description = description
        self.options = Array(options.joined())
        self.notes = notes
        self.exitCodes = exitCodes
        self.operands = operands
    }

    /// Options that take a value, by long name.
    var valued: Set<String> { Set(options.filter(\.takesValue).map(\.long)) }
    /// Options without a value, by long name.
    var flags: Set<String> { Set(options.filter { !$0.takesValue }.map(\.long)) }
    /// Short spellings mapped to long names.
    var aliases: [String: String] {
        Dictionary(options.compactMap { option in option.short.map { ($0, option.long) } }, uniquingKeysWith: { first, _ in first })
    }
}

extension [CommandSpec.ExitCodeUse] {
    /// `codes` with their general meaning, except where `meanings` says what they mean here.
    static func list(_ codes: [ExitCode], _ meanings: [ExitCode: String] = [:]) -> [CommandSpec.ExitCodeUse] {
        codes.map { CommandSpec.ExitCodeUse(code: $0, meaning: meanings[$0] ?? $0.meaning) }
    }
}
