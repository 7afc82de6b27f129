import Foundation
import PDF
import PDFA

/// `legible check --pdfa[=2b|2u] FILE…`: validates files against ISO 19005-2 (PDF/A-2) and
/// lists each failed clause with the object it concerns. Exit 0 when every file conforms,
/// 9 (`notConformant`) when one does not, 2 when one is not a PDF, 5 when one cannot be read.
struct CheckCommand {
    let arguments: [String]

    static let help = """
    legible check --pdfa[=2b|2u] [-q] FILE…

    Validates each FILE against PDF/A-2 (ISO 19005-2) level b (default) or u, with Legible's own
    validator (no Java, no network). For each file prints 'FILE: PDF/A-2b conformant' or
    'FILE: not PDF/A-2b' followed by one line per failed requirement: the clause of ISO 19005-2,
    what is wrong and the object it concerns (obj N, page N, trailer, catalog, …).

      --pdfa[=LEVEL]  the level to check: 2b (default) or 2u
      -q, --quiet     print only the files that do not conform
      -h, --help      this help

    Exit codes: 0 every file conforms; 9 at least one does not; 2 a FILE is not a PDF;
    5 a FILE cannot be read; 1 bad arguments.
    """

    func run() -> ExitCode {
        var level = PDFALevel.b
        var files: [String] = []
        var quiet = false
        var sawPDFA = false
        for argument in arguments {
            switch argument {
            case "-h", "--help": print(CheckCommand.help); return .ok
            case "-q", "--quiet": quiet = true
            case "--pdfa": sawPDFA = true
            default:
                if argument.hasPrefix("--pdfa=") {
                    guard let parsed = PDFALevel(argument: String(argument.dropFirst(7))) else {
                        return Console.fail(.badArguments, "--pdfa takes 2b or 2u, not '\(argument.dropFirst(7))'")
                    }
                    level = parsed
                    sawPDFA = true
                } else if argument.hasPrefix("-"), argument != "-" {
                    return Console.fail(.badArguments, "unknown option '\(argument)' for check (see legible check --help)")
                } else {
                    files.append(argument)
                }
            }
        }
        guard sawPDFA else { return Console.fail(.badArguments, "check needs --pdfa[=2b|2u] (the only check so far)") }
        guard !files.isEmpty else { return Console.fail(.badArguments, "check needs at least one FILE (see legible check --help)") }
        var worst = ExitCode.ok
        for file in files {
            let code = check(file, level: level, quiet: quiet)
            if code != .ok, worst == .ok || worst == .notConformant { worst = code }
        }
        return worst
    }

    private func check(_ file: String, level: PDFALevel, quiet: Bool) -> ExitCode {
        guard let data = FileManager.default.contents(atPath: file) else {
            return Console.fail(.fileAccess, "\(file): cannot be read")
        }
        let report: PDFAReport
        do {
            report = try PDFAValidator.validate(bytes: [UInt8](data), level: level)
        } catch {
            return Console.fail(.badInput, "\(file): not a PDF (\(error))")
        }
        if report.conforms {
            if !quiet { print("\(file): PDF/A-\(level.rawValue) conformant") }
            return .ok
        }
        print("\(file): not PDF/A-\(level.rawValue) (clauses \(report.failedClauses.joined(separator: ", ")))")
        for violation in report.violations { print("  \(violation)") }
        return .notConformant
    }
}
