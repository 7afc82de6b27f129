/// `--help` text made from a command's table.
extension CommandSpec {
    /// Where option descriptions start, and the width lines are wrapped to.
    static let helpColumn = 25, helpWidth = 92

    /// The whole `legible COMMAND --help`.
    var helpText: String {
        var parts = [usage.map { "legible " + $0 }.joined(separator: "\n"), description]
        let shown = options.filter { !$0.hidden }
        if !shown.isEmpty { parts.append("Options:\n" + shown.map(Self.helpLines).joined(separator: "\n")) }
        if !notes.isEmpty { parts.append(notes) }
        parts.append(exitCodeText)
        return parts.joined(separator: "\n\n")
    }

    /// "Exit codes:" and one line per code this command can end with.
    var exitCodeText: String {
        "Exit codes:\n" + exitCodes.map { use in
            Self.wrap(use.meaning, first: "  " + String(use.code.rawValue).padding(toLength: 5, withPad: " ", startingAt: 0), indent: 7)
        }.joined(separator: "\n")
    }

    /// `  -l, --language LANGS   Tesseract languages…`, wrapped.
    static func helpLines(_ option: OptionSpec) -> String {
        var head = option.short.map { "  \($0), " } ?? "      "
        head += option.long
        if let value = option.value { head += option.optionalValue ? " [\(value)]" : " \(value)" }
        if head.count + 2 > helpColumn {
            return head + "\n" + wrap(option.help, first: String(repeating: " ", count: helpColumn), indent: helpColumn)
        }
        return wrap(option.help, first: head.padding(toLength: helpColumn, withPad: " ", startingAt: 0), indent: helpColumn)
    }

    /// `text` word-wrapped to `helpWidth`, after `first` on the first line and `indent` spaces on the others.
    static func wrap(_ text: String, first: String, indent: Int) -> String {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWord && line.count + 1 + word.count > helpWidth {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
