/// "did you mean …?" for a mistyped command.
enum CommandSuggestion {
    /// `; did you mean ocr?`, or "" when no command is near `name`.
    static func hint(_ name: String) -> String {
        OptionSuggestion.nearest(to: name, in: Help.commands.map(\.name)).map { "; did you mean \($0)?" } ?? ""
    }
}
