import Foundation
import Pipeline

extension RunReport {
    /// The closing line of a run for people: pages recognized (and words), left as they were
    /// (grouped by reason), failed, blank backs removed, straightened, turned upright, then `in S s → output`. `rotatePages`:
    /// the job turned pages (`--rotate-pages`), so the line says how many, even none.
    public func summary(output: String, seconds: Double, rotatePages: Bool = false) -> String {
        var recognized = 0, words = 0, skipped = 0, failed = 0
        var reasons: [String: Int] = [:]
        // Blank backs removed (`--remove-blank-pages`) are counted on their own below.
        for page in pages where !page.removed {
            switch page.outcome {
            case .recognized(let n): recognized += 1; words += n
            case .skipped(let reason): skipped += 1; reasons[reason, default: 0] += 1
            case .failed: failed += 1
            }
        }
        var parts = ["\(recognized) page\(recognized == 1 ? "" : "s") recognized (\(words) words)"]
        if skipped > 0 {
            let why = reasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: "; ")
            parts.append("\(skipped) left as they were (\(why))")
        }
        if failed > 0 { parts.append("\(failed) failed") }
        let removed = removedPages
        if !removed.isEmpty {
            let list = removed.map { String($0 + 1) }.joined(separator: ", ")
            parts.append("\(removed.count) blank page\(removed.count == 1 ? "" : "s") removed (page\(removed.count == 1 ? "" : "s") \(list))")
        }
        let straightened = pages.filter { $0.deskewDegrees != nil }.count
        if straightened > 0 { parts.append("\(straightened) page\(straightened == 1 ? "" : "s") straightened by --deskew") }
        let turned = pages.filter { $0.rotationApplied % 360 != 0 }.count
        if turned > 0 || rotatePages { parts.append("\(turned) page\(turned == 1 ? "" : "s") turned upright by --rotate-pages") }
        return parts.joined(separator: ", ") + String(format: " in %.1f s → %@", seconds, output)
    }

    /// One line per page for people (`-v`): `page 3: recognized (120 words, 300 dpi)`, with
    /// the turn applied and the languages `-l auto` chose.
    public var pageLines: [String] {
        pages.map { page in
            var line = "page \(page.index + 1): "
            switch page.outcome {
            case .recognized(let words): line += "recognized (\(words) word\(words == 1 ? "" : "s")"
                + (page.dpi.map { ", \($0) dpi" } ?? "") + ")"
            case .skipped(let reason): line += "left as it was (\(reason))"
            case .failed(let reason): line += "failed (\(reason))"
            }
            if page.rotationApplied % 360 != 0 { line += ", turned \(page.rotationApplied)°" }
            if let choice = page.language {
                line += ", read as \(choice.languages.joined(separator: "+"))" + (choice.script.map { " (\($0) script)" } ?? "")
            }
            return line
        }
    }

    /// The run as `--log-json` lines: one `page` line per page, then `done` with the counts,
    /// exit code, warnings and notes.
    public func logLines(output: String, seconds: Double, exitCode: Int32) -> [RunLogLine] {
        var lines = pages.map { page in
            var line = RunLogLine(event: "page")
            line.page = page.index + 1
            switch page.outcome {
            case .recognized(let words): line.outcome = "recognized"; line.words = words
            case .skipped(let reason): line.outcome = "skipped"; line.reason = reason
            case .failed(let reason): line.outcome = "failed"; line.reason = reason
            }
            if page.rotationApplied % 360 != 0 { line.rotated = page.rotationApplied }
            return line
        }
        var done = RunLogLine(event: "done")
        done.output = output
        done.pages = pages.count
        done.rotated = pages.filter { $0.rotationApplied % 360 != 0 }.count
        done.seconds = RunLogLine.rounded(seconds)
        done.exitCode = exitCode
        done.warnings = warnings
        done.notes = notes
        lines.append(done)
        return lines
    }
}
