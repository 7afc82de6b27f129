import FileIO
import Foundation
import OCR
import PDF
import Pipeline

extension PDFPage {
    /// Reads the page's images with Tesseract ("Live Text" on demand) and returns the text
    /// found, lines separated by newlines. The words join the page's text at once (`string`,
    /// `selection(for:)`, `PDFDocument.findString`) and are written as an invisible text layer
    /// when the document is written with `.saveTextFromOCROption`. Recognizing again replaces
    /// the earlier reading. A page without images gives "" (its vector text is not read again).
    ///
    /// Recognition runs on the library's shared worker threads (one Tesseract engine per core,
    /// loaded on first use), never on Swift's cooperative pool.
    /// - Parameter languages: Tesseract's language names, e.g. `["eng", "deu"]`.
    /// - Throws: `LegibleError`: `.missingDependency` when Tesseract or a language is not
    ///   installed, `.recognitionFailed` when the page's images cannot be read or recognized.
    @discardableResult
    public func recognizeText(languages: [String] = ["eng"]) async throws -> String {
        let pool = try RecognitionEngines.pool(for: languages)
        var job = OCRJob()
        job.languages = languages
        let recognition: LiveTextRecognition
        do {
            recognition = try await LiveText(engines: pool, job: job).recognition(of: source, in: container)
        } catch let error as PipelineError {
            throw LegibleError(error.code == .missingDependency ? .missingDependency : .recognitionFailed, error.message)
        }
        state.withLock { $0.recognition = recognition }
        return recognition.lines.map { $0.map(\.text).joined(separator: " ") }.joined(separator: "\n")
    }

    /// What `recognizeText` found, if it ran.
    var recognition: LiveTextRecognition? { state.withLock { $0.recognition } }
}

extension PDFDocument {
    /// Recognizes every page that needs it, as `legible ocr` decides: pages without text and
    /// scans that carry a little real text (a stamp) are read; born-digital pages and pages
    /// that already have an OCR layer are left alone. Pages are read in parallel on the
    /// library's shared worker threads (one Tesseract engine per core). See
    /// `PDFPage.recognizeText(languages:)` for what becomes of the words.
    /// - Parameters:
    ///   - languages: Tesseract's language names, e.g. `["eng", "deu"]`.
    ///   - progress: called after each page with the pages done and the pages to do.
    /// - Returns: the pages recognized.
    /// - Throws: `LegibleError` (`.locked`, `.missingDependency`, `.recognitionFailed`), or
    ///   `CancellationError` when the task is cancelled.
    @discardableResult
    public func recognizeText(languages: [String] = ["eng"],
                              progress: (@Sendable (_ completed: Int, _ total: Int) -> Void)? = nil) async throws -> [PDFPage] {
        let opened = try requireOpened()
        let triage = Triage(document: opened.source, mode: .auto)
        var seen = Set<ObjectRef>()
        let toRead = opened.pages.filter { page in
            // A page object listed twice in the tree is one page: read it once.
            guard seen.insert(page.source.ref).inserted else { return false }
            switch try? triage.decide(page.source) {
            case .ocr?, .redo?: return true
            default: return false
            }
        }
        let pool = try RecognitionEngines.pool(for: languages)
        progress?(0, toRead.count)
        // One page more than there are engines in flight: the next page's raster is ready
        // when an engine frees up, and memory stays flat however long the document.
        let window = pool.workerCount + 1
        try await withThrowingTaskGroup(of: Void.self) { group in
            var queue = toRead.makeIterator()
            var done = 0
            for _ in 0..<window {
                guard let page = queue.next() else { break }
                group.addTask { try await page.recognizeText(languages: languages) }
            }
            while try await group.next() != nil {
                try Task.checkCancellation()
                done += 1
                progress?(done, toRead.count)
                if let page = queue.next() { group.addTask { try await page.recognizeText(languages: languages) } }
            }
        }
        return toRead
    }
}
