import FileIO
import Foundation
import Pipeline

/// `-v` and `--log-json` for one `ocr` run: each page's outcome, then the run's.
enum RunLog {
    /// `page 3: recognized (120 words)`, one per page, for `-v`.
    static func pageLines(_ report: RunReport) -> [String] {
        report.pages.map { page in
            var line = "page \(page.index + 1): "
            switch page.outcome {
            case .recognized(let words): line += "recognized (\(words) word\(words == 1 ? "" : "s")"
                + (page.dpi.map { ", \($0) dpi" } ?? "") + ")"
            case .skipped(let reason): line += "left as it was (\(reason))"
            case .failed(let reason): line += "failed (\(reason))"
            }
            if page.rotationApplied % 360 != 0 { line += ", turned \(page.rotationApplied)°" }
            if let choice = page.language {
                line += ", read as \(choice.languages.joined(separator: "+"))"
                    + (choice.script.map { " (\($0) script)" } ?? "")
            }
            return line
        }
    }

    /// One JSON line per page, then `done` with the counts, warnings and notes.
    static func write(_ report: RunReport, output: String, seconds: Double, code: ExitCode, toStandardError: Bool) {
        for page in report.pages {
            var line = JSONLogLine(event: "page")
            line.page = page.index + 1
            switch page.outcome {
            case .recognized(let words): line.outcome = "recognized"; line.words = words
            case .skipped(let reason): line.outcome = "skipped"; line.reason = reason
            case .failed(let reason): line.outcome = "failed"; line.reason = reason
            }
            if page.rotationApplied % 360 != 0 { line.rotated = page.rotationApplied }
            line.write(toStandardError: toStandardError)
        }
        var done = JSONLogLine(event: "done")
        done.output = output
        done.pages = report.pages.count
        done.rotated = report.pages.filter { $0.rotationApplied % 360 != 0 }.count
        done.seconds = (seconds * 100).rounded() / 100
        done.exitCode = code.rawValue
        done.warnings = report.warnings
        done.notes = report.notes
        done.write(toStandardError: toStandardError)
    }
}

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

/// Where side outputs go (`--sidecar`, `--words-json`, `--report`, `--hocr`, `--alto`),
/// checked before the work starts so a long run never fails at its end for a folder that
/// could not be written from the start.
enum OutputFolders {
    /// `files` must be in an existing, writable folder; `folders` must be writable, or be made
    /// in an existing, writable folder.
    /// - Throws: `PipelineError(.fileAccess)` naming the path.
    static func check(files: [URL], folders: [URL]) throws {
        for file in files { try writable(file.deletingLastPathComponent(), for: file) }
        for folder in folders {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else { throw PipelineError(.fileAccess, "\(folder.path) is not a folder") }
                try writable(folder, for: folder)
            } else {
                try writable(folder.deletingLastPathComponent(), for: folder)
            }
        }
    }

    private static func writable(_ folder: URL, for target: URL) throws {
        let path = folder.path.isEmpty ? "." : folder.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PipelineError(.fileAccess, "cannot write \(target.path): the folder \(path) does not exist")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw PipelineError(.fileAccess, "cannot write \(target.path): the folder \(path) is not writable")
        }
    }
}
