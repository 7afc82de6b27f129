import FileIO
import Foundation
import Imaging
import OCR
import PDF
import PDFA
import PDFImages
import PDFWriter
import TextLayer

/// The rasterize stage: decodes and composes page images on a thread of its own, since
/// Leptonica's work blocks. Each instance (one per document run) has its own thread, ended
/// when the stage is let go.
actor RasterizeStage {
    private let executor = DedicatedThreadExecutor(name: "legible-rasterize")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    deinit { executor.stop() }

    let rasterizer: PageRasterizer

    /// - Parameter timeLimit: seconds composing one page may take (`--page-timeout`): past
    ///   them the page fails with `ImagingError(.timedOut)`; nil for no limit but the
    ///   rasterizer's pixel budget.
    init(timeLimit: Double? = nil) {
        var rasterizer = PageRasterizer()
        rasterizer.timeLimit = timeLimit.map { .milliseconds(Int(($0 * 1000).rounded(.up))) }
        self.rasterizer = rasterizer
    }

    func raster(for page: PDFPage, in document: PDFDocument) throws -> PageRaster? {
        try rasterizer.raster(for: page, document: document)
    }

    /// The page's recognition raster with the scan fixes of `plan` applied (see
    /// `PageRasterizer.prepared`), on this stage's thread.
    func prepared(_ page: PDFPage, in document: PDFDocument, maxResolution: Int, plan: ScanPagePlan) throws -> PreparedPage {
        try rasterizer.prepared(page, in: document, maxResolution: maxResolution, plan: plan)
    }
}

/// The write stage: the one place that changes the document. It grafts text layers as
/// results arrive and writes the whole file once, atomically. Each instance (one per document
/// run) has its own thread, ended when the stage is let go.
actor WriteStage {
    private let executor = DedicatedThreadExecutor(name: "legible-write")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let rewriter: DocumentRewriter
    private let layers: TextLayerBuilder
    private let plan: OutputPlan
    private let optimizer: ImageOptimizer?

    init(document: PDFDocument, plan: OutputPlan, optimizer: ImageOptimizer? = nil) {
        rewriter = DocumentRewriter(source: document)
        layers = TextLayerBuilder(rewriter: rewriter)
        self.plan = plan
        self.optimizer = optimizer
    }

    deinit { executor.stop() }

    func graft(_ ocr: OCRPage, onto page: PDFPage, pixelToPage: Matrix, addingQuarterTurns turns: Int = 0,
               replacingEarlierLayers: Bool = false) throws {
        do {
            try layers.graft(ocr, onto: page, pixelToPage: pixelToPage, replacingEarlierLayers: replacingEarlierLayers)
        } catch {
            throw PipelineError(.badInput, "page \(page.index + 1): its earlier text layer cannot be removed: \(error)")
        }
        if turns != 0 { rotate(page, addingQuarterTurns: turns) }
    }

    /// Replaces the document's outline with `entries` (`--outline`).
    func setOutline(_ entries: [OutlineEntry]) throws {
        do { try rewriter.setOutline(entries) } catch {
            throw PipelineError(.badInput, "the outline cannot be written: \(error)")
        }
    }

    /// Stores `stream` as the image object `ref` (a scan straightened or cleaned).
    func replaceImage(_ ref: ObjectRef, with stream: PDFStream) {
        rewriter.set(ref, .stream(stream))
    }

    /// Leaves the page objects `pages` out of the output's page tree.
    func removePages(_ pages: Set<ObjectRef>) {
        rewriter.removePages(pages)
    }

    /// Turns the page clockwise through its `/Rotate` entry; the content is not touched.
    func rotate(_ page: PDFPage, addingQuarterTurns turns: Int) {
        guard var dict = rewriter.object(page.ref).dictionaryValue else { return }
        dict["Rotate"] = .int(((page.rotation + turns * 90) % 360 + 360) % 360)
        rewriter.set(page.ref, .dictionary(dict))
    }

    /// Writes the file as the plan says (incremental update or full rewrite) and returns
    /// what the user should be told about it.
    func write(to url: URL) throws -> (notes: [String], warnings: [String]) {
        layers.finish()
        rewriter.setInfo(plan.documentInfo)
        let changed = !rewriter.changedObjects.isEmpty
        var options = plan.options
        var optimization = optimizer.map { $0.apply(to: rewriter, options: &options) }
        if plan.outputType == .none { return (["no PDF written (--output-type none)"], []) }
        do {
            if let pdfa = plan.outputType.pdfa {
                let written = try PDFAOutput(part: pdfa.part, level: pdfa.level, producer: PDFAOutput.producerName)
                    .write(rewriter, options: options, to: url)
                var messages = plan.messages(after: written.summary, changed: changed)
                messages.notes += written.notes
                optimization?.fileBytesAfter = ImageOptimizer.fileSize(url)
                if let optimization { messages.notes.append(optimization.line) }
                return messages
            }
            let file = try OutputFile(destination: url)
            let summary = try rewriter.write(to: file, options: options)
            try file.commit()
            var messages = plan.messages(after: summary, changed: changed)
            optimization?.fileBytesAfter = ImageOptimizer.fileSize(url)
            if let optimization { messages.notes.append(optimization.line) }
            return messages
        } catch let error as WriteError {
            switch error.code {
            case .fileAccess: throw PipelineError(.fileAccess, error.message)
            case .badDocument, .incrementalUnavailable, .cannotLinearize: throw PipelineError(.badInput, error.message)
            case .encryption: throw PipelineError(.badOutput, error.message)
            }
        }
    }
}
