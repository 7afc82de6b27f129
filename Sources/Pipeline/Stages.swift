import Foundation
import Imaging
import OCR
import PDF
import PDFWriter
import TextLayer

/// The rasterize stage: decodes and composes page images on a thread of its own, since
/// Leptonica's work blocks.
actor RasterizeStage {
    private static let executor = DedicatedThreadExecutor(name: "legible-rasterize")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }

    private let rasterizer = PageRasterizer()

    func raster(for page: PDFPage, in document: PDFDocument) throws -> PageRaster? {
        try rasterizer.raster(for: page, document: document)
    }
}

/// The write stage: the one place that changes the document. It grafts text layers as
/// results arrive and writes the whole file once, atomically.
actor WriteStage {
    private static let executor = DedicatedThreadExecutor(name: "legible-write")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }

    private let rewriter: DocumentRewriter
    private let layers: TextLayerBuilder

    init(document: PDFDocument) {
        rewriter = DocumentRewriter(source: document)
        layers = TextLayerBuilder(rewriter: rewriter)
    }

    func graft(_ ocr: OCRPage, onto page: PDFPage, pixelToPage: Matrix, addingQuarterTurns turns: Int = 0,
               replacingEarlierLayers: Bool = false) throws {
        do {
            try layers.graft(ocr, onto: page, pixelToPage: pixelToPage, replacingEarlierLayers: replacingEarlierLayers)
        } catch {
            throw PipelineError(.badInput, "page \(page.index + 1): its earlier text layer cannot be removed: \(error)")
        }
        if turns != 0 { rotate(page, addingQuarterTurns: turns) }
    }

    /// Turns the page clockwise through its `/Rotate` entry; the content is not touched.
    func rotate(_ page: PDFPage, addingQuarterTurns turns: Int) {
        guard var dict = rewriter.object(page.ref).dictionaryValue else { return }
        dict["Rotate"] = .int(((page.rotation + turns * 90) % 360 + 360) % 360)
        rewriter.set(page.ref, .dictionary(dict))
    }

    func write(to url: URL) throws {
        layers.finish()
        do {
            let file = try OutputFile(destination: url)
            try rewriter.write(to: file)
            try file.commit()
        } catch let error as WriteError {
            throw PipelineError(.fileAccess, error.message)
        }
    }
}
