import FileIO
import Foundation
import Legible
import OCR
import Pipeline

/// The job options every processing command shares — `--pipeline FILE` first, then `-l`,
/// `-j`, `--force-ocr`/`--skip-text` over it — and the engine pool they lead to.
enum JobOptions {
    /// The job: the pipeline file's values, overridden by the command line's.
    /// - Throws: `CLIError.usage` or `PipelineError` (a bad pipeline file).
    static func job(from parsed: ParsedArguments) throws -> OCRJob {
        var job = OCRJob()
        if let pipeline = parsed.values["--pipeline"] { job = try OCRJob.load(from: URL(fileURLWithPath: pipeline)) }
        if let languages = parsed.values["--language"] { job.languages = languages.split(separator: "+").map(String.init) }
        if let text = parsed.values["--jobs"] {
            guard let workers = Int(text) else { throw CLIError.usage("--jobs takes a number, not '\(text)'") }
            job.jobs = workers
        }
        switch (parsed.flags.contains("--force-ocr"), parsed.flags.contains("--skip-text")) {
        case (true, true): throw CLIError.usage("--force-ocr and --skip-text contradict each other; give one")
        case (true, false): job.mode = .forceOCR
        case (false, true): job.mode = .skipText
        case (false, false): break
        }
        applyOutline(parsed, to: &job)
        try job.validate()
        return job
    }

    /// `--outline` (an outline unless the input has one) and `--replace-outline`.
    static func applyOutline(_ parsed: ParsedArguments, to job: inout OCRJob) {
        if parsed.flags.contains("--outline") { job.outline = .add }
        if parsed.flags.contains("--replace-outline") { job.outline = .replace }
    }

    /// Set to 1 in tests that exercise ingestion rather than recognition (the crash test runs
    /// the real binary hundreds of times): engines then report fixed words at once.
    static let fakeEngineVariable = "LEGIBLE_FAKE_OCR"

    /// A pool of engines for `job`, configured by `tesseract`, and a name for the engine kind
    /// (kept in journals, so outputs of another engine are not taken as up to date).
    /// - Throws: `PipelineError.missingDependency` when Tesseract or a language is missing.
    static func pool(for job: OCRJob, tesseract: TesseractFlags, environment: [String: String]) throws -> (pool: OCRWorkerPool, engine: String) {
        if environment[fakeEngineVariable] == "1" {
            return (OCRWorkerPool(factory: FakeEngineFactory(), workers: job.jobs ?? WorkerMemory.defaultJobs()), "fake")
        }
        return (try tesseract.pool(languages: job.languages, workers: job.jobs), tesseract.settings.engineName)
    }

    /// The engines of a forms run (`OCREngines.tesseractIfInstalled`): none when it builds
    /// from a review file, which detects nothing and reads no word.
    static func formsPool(for job: OCRJob, fromReview: Bool, environment: [String: String]) -> OCRWorkerPool {
        if fromReview { return OCREngines.none() }
        if environment[fakeEngineVariable] == "1" {
            return OCRWorkerPool(factory: FakeEngineFactory(), workers: job.jobs ?? WorkerMemory.defaultJobs())
        }
        return OCREngines.tesseractIfInstalled(languages: job.languages, workers: job.jobs)
    }

    /// One Tesseract engine for `languages` (`legible text --ocr`).
    /// - Throws: `PipelineError.missingDependency` when Tesseract or a language is missing.
    static func livePool(languages: [String]) throws -> OCRWorkerPool {
        do { return try OCREngines.tesseract(languages: languages, workers: 1) } catch let error as LegibleError {
            throw PipelineError(.missingDependency, error.message)
        }
    }
}
