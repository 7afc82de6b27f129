/// One option of a command as every part of the command line sees it: the parser, `--help`,
/// the man page and the shell completions are all made from the same `OptionSpec` tables, so
/// they cannot disagree.
struct OptionSpec: Sendable {
    /// What a value names, for completions.
    enum ValueKind: Sendable, Equatable {
        /// Free text or a number: nothing to complete.
        case text
        /// A file path.
        case file
        /// A folder path.
        case directory
        /// Tesseract languages (the installed ones are offered).
        case languages
        /// One of these words.
        case choices([String])
    }

    /// The long name, `--language`.
    let long: String
    /// The short name, `-l`, if any.
    let short: String?
    /// The value's placeholder in help (`LANGS`); nil for a flag.
    let value: String?
    /// What the value names.
    let kind: ValueKind
    /// The value may be left out (`-v`, `-v1`, `-v 1`): only a following single digit is taken as it.
    let optionalValue: Bool
    /// One paragraph for `--help` (wrapped when printed).
    let help: String
    /// Parsed, but neither shown in help nor completed (internal options).
    let hidden: Bool

    /// An option without a value.
    static func flag(_ long: String, _ help: String, hidden: Bool = false) -> OptionSpec {
        OptionSpec(long: long, short: nil, value: nil, kind: .text, optionalValue: false, help: help, hidden: hidden)
    }

    /// An option without a value that has a short name.
    static func flag(_ long: String, _ short: String, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, value: nil, kind: .text, optionalValue: false, help: help, hidden: false)
    }

    /// An option that takes a value.
    static func valued(_ long: String, _ short: String? = nil, _ value: String, _ kind: ValueKind = .text,
                       _ help: String, optional: Bool = false, hidden: Bool = false) -> OptionSpec {
        OptionSpec(long: long, short: short, value: value, kind: kind, optionalValue: optional, help: help, hidden: hidden)
    }

    /// True when the option takes a value.
    var takesValue: Bool { value != nil }
}

extension OptionSpec {
    /// `-q, --quiet`.
    static let quiet = flag("--quiet", "-q", "print errors only")
    /// `-h, --help`.
    static let help = flag("--help", "-h", "show this help")
    /// `--password P`.
    static let password = valued("--password", nil, "P", .text, "the password of an encrypted input (user or owner)")
    /// `--pages RANGES`.
    static let pages = valued("--pages", nil, "RANGES", .text, "only these pages, e.g. 1,3-5,9-")
}
