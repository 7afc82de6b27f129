import FileIO
import Foundation
import Legible
import OCR
import Pipeline
import Tesseract

/// OCRmyPDF's Tesseract options (`--tesseract-timeout`, `--tesseract-pagesegmode`,
/// `--tesseract-oem`, `--tesseract-config`, `--user-words`, `--user-patterns`), read into the
/// engines' settings and the job's page timeout.
struct TesseractFlags {
    /// What every engine is configured with.
    var settings = TesseractSettings()
    /// `--tesseract-timeout 0`: recognize nothing (OCRmyPDF's way to only optimize or convert).
    var recognizeNothing = false

    /// Tesseract as Legible configures it.
    init() {}

    /// Reads the options; sets `job.pageTimeout` from `--tesseract-timeout`.
    /// - Throws: `CLIError.usage` for bad values, `PipelineError(.fileAccess)` for a file that cannot be read.
    init(_ parsed: ParsedArguments, job: inout OCRJob) throws {
        if let text = parsed.values["--tesseract-timeout"] {
            guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                throw CLIError.usage("--tesseract-timeout takes a number of seconds, not '\(text)'")
            }
            if seconds == 0 { recognizeNothing = true } else { job.pageTimeout = seconds }
        }
        settings.pageSegmentationMode = try parsed.values["--tesseract-pagesegmode"].map { try Self.integer($0, "--tesseract-pagesegmode") }
        settings.engineMode = try parsed.values["--tesseract-oem"].map { try Self.integer($0, "--tesseract-oem") }
        settings.configFile = parsed.values["--tesseract-config"]
        settings.userWords = parsed.values["--user-words"]
        settings.userPatterns = parsed.values["--user-patterns"]
        do { try settings.validate() } catch let invalid as TesseractSettings.Invalid {
            if invalid.unreadableFile { throw PipelineError(.fileAccess, invalid.message) }
            throw CLIError.usage(invalid.message)
        }
    }

    private static func integer(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text) else { throw CLIError.usage("\(option) takes a whole number, not '\(text)'") }
        return value
    }

    /// The engines for `languages`: Tesseract with these settings, or engines that read no
    /// word for `--tesseract-timeout 0`; nil `workers` as many as the machine allows.
    /// - Throws: `PipelineError.missingDependency` when Tesseract or a language is missing.
    func pool(languages: [String], workers: Int?) throws -> OCRWorkerPool {
        if recognizeNothing { return OCREngines.readingNothing(workers: workers) }
        do { return try OCREngines.tesseract(languages: languages, settings: settings, workers: workers) } catch let error as LegibleError {
            throw PipelineError(.missingDependency, error.message)
        }
    }
}
