import FileIO
import Foundation
import Forms
import OCR
import PDF
import PDFText

/// Finds the form fields of a document's pages and writes nothing: the detect stage of
/// `legible forms`, for a library caller who reviews the fields before adding them
/// (`PDFDocument.recognizeFormFields`). Born-digital pages are read from their drawing and
/// text; scans from their pixels on the pool's threads, with OCR for their labels.
public struct FieldDetection: Sendable {
    private let engines: OCRWorkerPool
    private let detector: FormsDetector

    /// Detects with `detector`, recognizing labels with `engines`.
    public init(engines: OCRWorkerPool, detector: FormsDetector = .standard) {
        self.engines = engines
        self.detector = detector
    }

    /// The fields of `pages`, named uniquely and in reading order.
    /// - Throws: `PipelineError`: `.missingDependency` when a scan needs OCR and no engine
    ///   can run, `.badInput` when a page cannot be read.
    public func fields(of pages: [PDFPage], in document: PDFDocument) async throws -> [FormField] {
        let reader = FormsPageStage(document: document, extractor: TextExtractor(document: document), engines: engines,
                                    detector: detector, rasterizer: RasterizeStage(), job: OCRJob())
        let detector = self.detector
        var perPage: [Int: [FormField]] = [:]
        // As many pages in flight as the pool has engines, and one more waiting.
        try await PageFlow.window(pages, width: engines.workerCount + 1, work: { page in
            await reader.read(page, recognize: false)
        }, handle: { result in
            try Task.checkCancellation()
            if let missing = result.missingDependency { throw PipelineError(.missingDependency, missing) }
            if let failure = result.report.failure { throw PipelineError(.badInput, failure) }
            if let primitives = result.primitives { perPage[result.report.index] = detector.fields(primitives) }
        })
        // Page order, whatever order pages finished in: names are numbered the same every run.
        return FormField.inReadingOrder(detector.name(perPage.keys.sorted().flatMap { perPage[$0] ?? [] }))
    }
}
