import FileIO
import Pipeline

/// Process exit codes (OCRmyPDF's where the meaning is shared, so scripts keep working).
public enum ExitCode: Int32, CaseIterable, Sendable {
    case ok = 0
    case badArguments = 1
    case badInput = 2
    case missingDependency = 3
    case fileAccess = 5
    case priorText = 6
    case pagesFailed = 7
    case encrypted = 8
    case notConformant = 9
    case other = 15
    case interrupted = 130

    /// What the code means, for `--help`.
    var meaning: String {
        switch self {
        case .ok: return "success"
        case .badArguments: return "invalid arguments or pipeline definition; an output that is one of the inputs (also through a link), or an existing image a PDF would replace"
        case .badInput: return "the input is not a readable PDF or image (corrupt, truncated, unsupported, no page that can be read); flatten: a signed input without --invalidate-digital-signatures"
        case .missingDependency: return "Tesseract or a requested language model is missing"
        case .fileAccess: return "an input cannot be read or an output cannot be written (a device, FIFO, socket or folder given as an output is refused before any work); watch: another watcher holds the inbox or the output folder"
        case .priorText: return "--strict only: a page already has text (nothing was written)"
        case .pagesFailed: return "the output was written, but some pages failed (OCR failed, or the file lost part of them: a content stream or image missing or unreadable) and were kept as they were; batch and watch --once: some files failed (see the report)"
        case .encrypted: return "the input is encrypted"
        case .notConformant: return "legible check: a file does not conform (the failed clauses are listed)"
        case .other: return "any other error"
        case .interrupted: return "interrupted (Ctrl-C)"
        }
    }

    init(_ code: PipelineError.Code) {
        self = ExitCode(rawValue: code.rawValue) ?? .other
    }
}
