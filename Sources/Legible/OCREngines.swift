import OCR
import Tesseract

/// Pools of OCR engines for `Pipeline`'s job runners (`OCRRunner`, `FormsRunner`, `BatchRunner`,
/// `WatchFolder`, `LiveText`, `FieldDetection`), made as `legible` makes them. Unlike the shared
/// pools `PDFDocument.recognizeText` uses, a pool made here belongs to its caller, who ends its
/// threads with `OCRWorkerPool.shutdown()` when the run is over.
///
/// ```swift
/// let engines = try OCREngines.tesseract(languages: ["eng"])
/// defer { engines.shutdown() }
/// let report = try await OCRRunner(engines: engines).run(input: scan, output: searchable, job: OCRJob())
/// ```
public enum OCREngines {
    /// `workers` Tesseract engines for `languages` (Tesseract's names, e.g. ["eng", "deu"]),
    /// configured by `settings`; nil `workers` runs as many as the cores and the memory allow
    /// (`WorkerMemory.defaultJobs()`).
    /// - Throws: `LegibleError(.missingDependency)` when Tesseract or a language is not installed.
    public static func tesseract(languages: [String], settings: TesseractSettings = TesseractSettings(),
                                 workers: Int? = nil) throws -> OCRWorkerPool {
        let factory: any OCREngineFactory
        do {
            factory = try TesseractEngineFactory.forLanguages(languages, settings: settings)
        } catch let error as OCRError {
            throw LegibleError(.missingDependency, error.message)
        } catch {
            throw LegibleError(.missingDependency, "\(error)")
        }
        return OCRWorkerPool(factory: factory, workers: workers ?? WorkerMemory.defaultJobs())
    }

    /// Engines that read no word (OCRmyPDF's `--tesseract-timeout 0`): a run goes through every
    /// page, optimizes or converts, and adds no text.
    public static func readingNothing(workers: Int? = nil) -> OCRWorkerPool {
        OCRWorkerPool(factory: FakeEngineFactory(words: []), workers: workers ?? WorkerMemory.defaultJobs())
    }

    /// For form detection, which reads born-digital pages from their own text and needs OCR
    /// only for scans: Tesseract's engines when they can run; otherwise one engine that fails
    /// with the reason when a scan needs it, so a run over born-digital forms goes on without
    /// Tesseract and one that meets a scan stops with what to install.
    public static func tesseractIfInstalled(languages: [String], settings: TesseractSettings = TesseractSettings(),
                                            workers: Int? = nil) -> OCRWorkerPool {
        do {
            return try tesseract(languages: languages, settings: settings, workers: workers)
        } catch {
            let reason = (error as? LegibleError)?.message ?? "\(error)"
            return OCRWorkerPool(factory: UnavailableEngineFactory(error: OCRError(.missingDependency, reason)), workers: 1)
        }
    }

    /// Engines for a run that recognizes nothing at all (a form built from a reviewed detection
    /// file): no engine is loaded.
    public static func none() -> OCRWorkerPool {
        OCRWorkerPool(factory: FakeEngineFactory(), workers: 1)
    }
}
