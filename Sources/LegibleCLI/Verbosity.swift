import FileIO
import Foundation
import Pipeline

/// `-v [N]`, `--verbose [N]`: OCRmyPDF's verbosity levels; 1 and above print each page's outcome.
struct Verbosity {
    /// Print a line per page.
    let perPage: Bool

    /// - Throws: `CLIError.usage` for a level that is not 0, 1 or 2.
    init(_ parsed: ParsedArguments) throws {
        guard let text = parsed.values["--verbose"] else { perPage = false; return }
        if text.isEmpty { perPage = true; return }
        guard let level = Int(text), (0...2).contains(level) else {
            throw CLIError.usage("--verbose takes a level 0, 1 or 2 (or none), not '\(text)'")
        }
        perPage = level >= 1
    }
}
