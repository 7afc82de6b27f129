import Foundation
import PDF
import PDFText
import Pipeline

/// `legible search FILE PATTERN [-i] [--pages R] [--json] [--password P]`: the pages and
/// boxes where PATTERN occurs in the document's text.
struct SearchCommand {
    let arguments: [String]

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, spec: Help.searchSpec)
            if parsed.flags.contains("--help") { print(Help.search); return .ok }
            try PagesOption.check(parsed.values["--pages"])
            guard parsed.positionals.count == 2 else {
                throw CLIError.usage("search needs FILE and PATTERN (see legible search --help)")
            }
            let pattern = TextSearch.pattern(parsed.positionals[1])
            guard !pattern.isEmpty else { throw CLIError.usage("the search PATTERN is empty") }
            let source = try TextSource(path: parsed.positionals[0], password: parsed.values["--password"],
                                        pages: parsed.values["--pages"], streams: StandardStreams())
            let json = parsed.flags.contains("--json")
            var out = OutputBuffer()
            var first = true
            if json { out.append("[") }
            for page in source.pages {
                guard let text = source.text(of: page) else { continue }
                for hit in SearchHit.hits(of: pattern, on: page, text: text, ignoringCase: parsed.flags.contains("--ignore-case")) {
                    out.append(json ? (first ? "" : ",\n") + (try hit.jsonObject()) : hit.tabSeparatedLine + "\n")
                    first = false
                }
            }
            if json { out.append("]\n") }
            out.flush()
            // As grep: 1 when nothing matched, so `if legible search …` reads naturally.
            return first ? .badArguments : .ok
        }
    }
}
