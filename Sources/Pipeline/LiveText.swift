import Foundation
import Imaging
import OCR
import PDF

/// A word recognized on the fly, its box in the page's user space (PDF points, y up).
public struct LiveTextWord: Sendable, Equatable {
    /// The word.
    public var text: String
    /// Its box in the page's default user space.
    public var box: PDFRect
    /// The engine's confidence, 0–100.
    public var confidence: Double
}

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
            recognition = try await engines.perform { engine in try PageJob.run(raster, engine: engine, job: job) }
        } catch {
            throw PipelineError(.other, "page \(page.index + 1): recognition failed: \(error)")
        }
        return LiveTextRecognition(ocr: recognition.ocr, pixelToPage: recognition.pixelToPage)
    }
}

/// One page's recognition, as `LiveText.recognition(of:in:)` gives it.
public struct LiveTextRecognition: Sendable {
    /// The engine's words in raster pixels; nil when the page has no image or was found blank.
    public var ocr: OCRPage?
    /// Maps the recognized raster's pixels to the page's user space.
    public var pixelToPage: Matrix

    /// The lines, each a list of words in reading order, with boxes in the page's user space.
    public var lines: [[LiveTextWord]] {
        guard let ocr else { return [] }
        let m = pixelToPage
        return ocr.blocks.flatMap(\.lines).map { line in
            line.words.map { word in
                let corners = [m.apply(word.box.left, word.box.top), m.apply(word.box.right, word.box.top),
                               m.apply(word.box.left, word.box.bottom), m.apply(word.box.right, word.box.bottom)]
                let xs = corners.map(\.x), ys = corners.map(\.y)
                return LiveTextWord(text: word.text, box: PDFRect(xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0),
                                    confidence: word.confidence)
            }
        }
    }
}
