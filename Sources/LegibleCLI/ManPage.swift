/// `legible(1)` in roff, made from the commands' tables (`legible --generate-man`), so the
/// man page says what `--help` says.
enum ManPage {
    static var text: String {
        var out = [".TH LEGIBLE 1 \"\" \"legible \(Legible.version)\" \"User Commands\"",
                   // Option names are never hyphenated or stretched.
                   ".nh", ".ad l",
                   ".SH NAME", "legible \\- make scanned PDFs searchable",
                   ".SH SYNOPSIS"]
        for spec in Help.commands {
            out += spec.usage.map { ".B legible\n" + roff($0) + "\n.br" }
        }
        out.append(".SH DESCRIPTION")
        out.append(roff("Legible adds an invisible, word-aligned text layer to scanned PDFs and images, and reads, searches, optimizes, flattens and makes forms of PDFs. INPUT '-' reads standard input and OUTPUT '-' writes standard output where a command takes them."))
        out.append(".SH COMMANDS")
        for spec in Help.commands {
            out.append(".SS " + roff("legible " + (spec.usage.first ?? spec.name)))
            out += paragraphs(spec.description)
            let shown = spec.options.filter { !$0.hidden }
            if !shown.isEmpty {
                out.append(".PP\nOptions:")
                for option in shown {
                    var head = option.short.map { "\\fB\(roff($0))\\fR, " } ?? ""
                    head += "\\fB\(roff(option.long))\\fR"
                    if let value = option.value { head += " \\fI\(roff(value))\\fR" }
                    out.append(".TP\n" + head + "\n" + roff(option.help))
                }
            }
            if !spec.notes.isEmpty { out += paragraphs(spec.notes) }
            out.append(".PP\nExit codes:")
            for use in spec.exitCodes { out.append(".TP\n.B \(use.code.rawValue)\n" + roff(use.meaning)) }
        }
        out.append(".SH EXIT STATUS")
        for code in ExitCode.allCases { out.append(".TP\n.B \(code.rawValue)\n" + roff(code.meaning)) }
        out.append(".SH FILES")
        out.append(roff("Tesseract's models are found in TESSDATA_PREFIX or the system's tessdata folder; `legible languages` lists them."))
        return out.joined(separator: "\n")
    }

    /// Paragraphs (blank-line separated) as roff paragraphs, their lines joined.
    private static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").map { ".PP\n" + roff($0.split(separator: "\n").joined(separator: " ")) }
    }

    /// Text safe in roff: backslashes and hyphens escaped, no line starting with a control character.
    static func roff(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            // Typography groff's ASCII output has no glyph for: written the way a terminal shows it.
            case "\u{2026}": escaped += "..."
            case "\u{2013}", "\u{2014}": escaped += "\\-"
            case "\u{2018}", "\u{2019}": escaped += "'"
            case "\u{201C}", "\u{201D}": escaped += "\""
            // troff reads bytes: anything past ASCII is named by its code point.
            case _ where !scalar.isASCII: escaped += String(format: "\\[u%04X]", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }
}
