/// Shell completion scripts for bash, zsh and fish, made from the commands' option tables
/// (the same `CommandSpec`s as `--help`): `legible --generate-completion bash`.
enum ShellCompletion {
    /// The shells a script is made for.
    static let shells = ["bash", "zsh", "fish"]

    /// Prints the script for `shell`.
    static func print(shell: String?) -> ExitCode {
        switch shell {
        case "bash": Swift.print(bash)
        case "zsh": Swift.print(zsh)
        case "fish": Swift.print(fish)
        default: return Console.fail(.badArguments, "--generate-completion takes one of \(shells.joined(separator: ", "))")
        }
        return .ok
    }

    /// The commands that take options (all but `help`).
    private static var commands: [CommandSpec] { Help.commands.filter { $0.name != "help" } }

    private static func visible(_ spec: CommandSpec) -> [OptionSpec] { spec.options.filter { !$0.hidden } }

    private static func names(_ option: OptionSpec) -> [String] { [option.long] + (option.short.map { [$0] } ?? []) }

    /// The first clause of an option's help, short enough for a completion menu.
    static func brief(_ text: String) -> String {
        let clause = text.split(whereSeparator: { $0 == ";" || $0 == ":" || $0 == "(" }).first.map(String.init) ?? text
        let trimmed = clause.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 70 ? String(trimmed.prefix(67)) + "..." : trimmed
    }

    // MARK: bash

    static var bash: String {
        let commandWords = (Help.commands.map(\.name) + ["--help", "--version"]).joined(separator: " ")
        var cases: [String] = []
        for spec in commands {
            var valueCases: [String] = []
            for option in visible(spec) where option.takesValue {
                let pattern = names(option).joined(separator: "|")
                valueCases.append("        \(pattern)) \(bashValue(option.kind)); return ;;")
            }
            let words = visible(spec).flatMap(names).joined(separator: " ")
            let operand = spec.operands == .directory ? "compgen -d -- \"$cur\"" : "compgen -f -- \"$cur\""
            cases.append("""
              \(spec.name))
                case "$prev" in
            \(valueCases.joined(separator: "\n"))
                esac
                if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "\(words)" -- "$cur")); else COMPREPLY=($(\(operand))); fi ;;
            """)
        }
        return """
        # bash completion for legible; made by `legible --generate-completion bash` from its option tables
        _legible() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=($(compgen -W "\(commandWords)" -- "$cur")); return; fi
            case "${COMP_WORDS[1]}" in
              help) COMPREPLY=($(compgen -W "\(Help.commands.map(\.name).joined(separator: " "))" -- "$cur")) ;;
        \(cases.joined(separator: "\n"))
            esac
        }
        complete -o filenames -F _legible legible
        """
    }

    private static func bashValue(_ kind: OptionSpec.ValueKind) -> String {
        switch kind {
        case .text: return "COMPREPLY=()"
        case .file: return "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .directory: return "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .languages: return "COMPREPLY=($(compgen -W \"$(legible languages 2>/dev/null)\" -- \"$cur\"))"
        case .choices(let words): return "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    // MARK: zsh

    static var zsh: String {
        let described = Help.commands.map { "    '\($0.name):\(zshEscape(brief($0.summary)))'" }.joined(separator: "\n")
        var cases: [String] = []
        for spec in commands {
            var specs = visible(spec).map(zshArgument)
            specs.append("'*:file:\(spec.operands == .directory ? "_files -/" : "_files")'")
            cases.append("    \(spec.name))\n      _arguments -s \\\n        " + specs.joined(separator: " \\\n        ") + " ;;")
        }
        return """
        #compdef legible
        # zsh completion for legible; made by `legible --generate-completion zsh` from its option tables
        _legible_languages() { compadd ${(f)"$(legible languages 2>/dev/null)"} }
        _legible() {
          local -a commands
          commands=(
        \(described)
          )
          if (( CURRENT == 2 )); then _describe 'command' commands; return; fi
          local command=$words[2]
          shift words; (( CURRENT-- ))
          case $command in
            help) _describe 'command' commands ;;
        \(cases.joined(separator: "\n"))
          esac
        }
        _legible "$@"
        """
    }

    private static func zshArgument(_ option: OptionSpec) -> String {
        let help = zshEscape(brief(option.help))
        var action = ""
        if let value = option.value {
            let completer: String
            switch option.kind {
            case .text: completer = " "
            case .file: completer = "_files"
            case .directory: completer = "_files -/"
            case .languages: completer = "_legible_languages"
            case .choices(let words): completer = "(\(words.joined(separator: " ")))"
            }
            action = ":\(zshEscape(value)):\(completer)"
        }
        if let short = option.short {
            return "'(\(short) \(option.long))'{\(short),\(option.long)}'[\(help)]\(action)'"
        }
        return "'\(option.long)[\(help)]\(action)'"
    }

    private static func zshEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
    }

    // MARK: fish

    static var fish: String {
        var lines = ["# fish completion for legible; made by `legible --generate-completion fish` from its option tables",
                     "complete -c legible -f"]
        for spec in Help.commands {
            lines.append("complete -c legible -n __fish_use_subcommand -a \(spec.name) -d \(fishQuote(brief(spec.summary)))")
        }
        lines.append("complete -c legible -n '__fish_seen_subcommand_from help' -a '\(Help.commands.map(\.name).joined(separator: " "))'")
        for spec in commands {
            let condition = "-n '__fish_seen_subcommand_from \(spec.name)'"
            lines.append("complete -c legible \(condition) -F")
            for option in visible(spec) {
                var line = "complete -c legible \(condition) -l \(option.long.dropFirst(2))"
                if let short = option.short { line += " -s \(short.dropFirst())" }
                if option.takesValue {
                    line += " -r"
                    switch option.kind {
                    case .text: line += " -x"
                    case .file: line += " -F"
                    case .directory: line += " -x -a '(__fish_complete_directories)'"
                    case .languages: line += " -x -a '(legible languages 2>/dev/null)'"
                    case .choices(let words): line += " -x -a '\(words.joined(separator: " "))'"
                    }
                }
                lines.append(line + " -d \(fishQuote(brief(option.help)))")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func fishQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
