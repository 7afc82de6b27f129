import Foundation
import OCR
import Tesseract

/// The OCR worker pools the library recognizes with: one per set of languages, made on first
/// use and kept for the life of the process, with one Tesseract engine per core on threads of
/// its own (never on Swift's cooperative pool). Every document and page shares them, so a
/// program that recognizes many documents at once still runs one engine per core, and
/// Tesseract's models are loaded once per worker, not per page. Tesseract itself is loaded
/// on the first recognition: a program that never recognizes never loads it. Idle workers
/// wait on a condition and cost nothing.
enum RecognitionEngines {
    private static let pools = Protected<[String: OCRWorkerPool]>([:])

    /// The pool for `languages` (Tesseract's names, e.g. ["eng", "deu"]).
    /// - Throws: `LegibleError(.missingDependency)` when Tesseract or a language is not installed.
    static func pool(for languages: [String]) throws -> OCRWorkerPool {
        let key = languages.joined(separator: "+")
        if let pool = pools.withLock({ $0[key] }) { return pool }
        let factory: any OCREngineFactory
        do {
            factory = try TesseractEngineFactory.forLanguages(languages)
        } catch let error as OCRError {
            throw LegibleError(.missingDependency, error.message)
        }
        return pools.withLock { pools in
            if let existing = pools[key] { return existing }
            let pool = OCRWorkerPool(factory: factory, workers: ProcessInfo.processInfo.activeProcessorCount)
            pools[key] = pool
            return pool
        }
    }
}
