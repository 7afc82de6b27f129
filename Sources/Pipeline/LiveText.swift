import FileIO
import Foundation
import Imaging
import OCR
import PDF

/// Recognizes the images of a page without writing anything (`legible text --ocr`, PDFKit's
/// "Live Text"): the rasterize and recognize stages of a job, their results mapped back onto
/// the page. Pages without images give no lines.
public struct LiveText: Sendable {
    private let engines: OCRWorkerPool
    private let job: OCRJob

    /// Uses `engines` with `job`'s resolution cap (its other options do not apply).
    public init(engines: OCRWorkerPool, job: OCRJob = OCRJob()) {
        self.engines = engines
        var job = job
        job.rotatePages = false
        self.job = job
    }

    /// The lines recognized on `page`, each a list of words in reading order.
    /// - Throws: `PipelineError` when the page's images cannot be read or recognition fails.
    public func lines(of page: PDFPage, in document: PDFDocument) async throws -> [[LiveTextWord]] {
        try await recognition(of: page, in: document).lines
    }

    /// What recognizing `page` gave: the engine's words with the raster-to-page mapping (what a
    /// writer needs to graft them as a text layer later) and the words mapped onto the page.
    /// - Throws: `PipelineError` when the page's images cannot be read or recognition fails.
    public func recognition(of page: PDFPage, in document: PDFDocument) async throws -> LiveTextRecognition {
        let raster: PageRaster?
        do {
            raster = try await RasterizeStage().raster(for: page, in: document)
        } catch {
            throw PipelineError(.badInput, "page \(page.index + 1): its images cannot be read: \(error)")
        }
        guard let raster else { return LiveTextRecognition(ocr: nil, pixelToPage: .identity) }
        let job = self.job
        let recognition: PageRecognition
        do {
            recognition = try await engines.perform { engine in try PageRecognizer.run(raster, engine: engine, job: job.recognition) }
        } catch {
            throw PipelineError(.other, "page \(page.index + 1): recognition failed: \(error)")
        }
        return LiveTextRecognition(ocr: recognition.ocr, pixelToPage: recognition.pixelToPage)
    }
}
