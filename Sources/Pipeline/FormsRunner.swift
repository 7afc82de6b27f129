import FileIO
import Foundation
import Forms
import OCR
import PDF
import PDFImages
import PDFText

/// What a forms run is asked to do besides finding fields.
public struct FormsOptions: Sendable {
    /// What to do when the input already has a form.
    public var existing: ExistingFormPolicy = .refuse
    /// Write the detected fields here as a review file.
    public var review: URL?
    /// Build the form from this review file instead of detecting fields.
    public var fromReview: URL?
    /// Also add OCR text layers as `legible ocr` would (`ocr --forms`): one pass, one write.
    public var textLayer = false
    /// Write a JSON report here: each page's method, fields and timings.
    public var report: URL?

    /// The defaults: detect, refuse inputs that have a form, no text layer.
    public init() {}
}

/// Makes a flat document fillable: read → (triage) → per page, vector or raster layout
/// (rasterize, OCR where the page has no words) → fields → one write. Pages flow through a
/// bounded window of workers + 1, as in `OCRRunner`.
public struct FormsRunner: Sendable {
    private let engines: OCRWorkerPool
    private let detector: FormsDetector

    /// Creates a runner using `engines` (OCR for scans without words) and `detector`.
    public init(engines: OCRWorkerPool, detector: FormsDetector) {
        self.engines = engines
        self.detector = detector
    }

    /// Makes `output` from `input`.
    /// - Throws: `PipelineError`; nothing is written when it throws.
    public func run(input: URL, output: URL, job: OCRJob, options: FormsOptions,
                    progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }) async throws -> FormsReport {
        var job = job
        job.rotatePages = false // fields are found in the page's frame as it is shown
        try job.validate()
        try OutputCheck.files([output] + [options.review, options.report].compactMap { $0 },
                              inputs: [input] + [options.fromReview].compactMap { $0 })
        try OutputCheck.notAnImage(output)
        let (document, pages, notes) = try PageFlow.open(input, job: job)
        if let refusal = AcroFormWriter.refusal(for: document, policy: options.existing) {
            throw PipelineError(.badInput, "\(input.lastPathComponent): \(refusal)")
        }
        let writer = WriteStage(document: document, plan: OutputPlan(job: job, document: document))
        var reports = pages.map { FormsPageReport(index: $0.index, method: .none, fields: 0, detectSeconds: 0, ocrSeconds: 0,
                                                  ocrWords: 0, failure: nil) }
        var fields: [FormField]
        var layers = 0
        if let source = options.fromReview {
            fields = try Self.loadReview(source, pageCount: pages.count)
        } else {
            let found = try await detect(pages, in: document, job: job, options: options, writer: writer, progress: progress)
            reports = found.reports
            layers = found.layers
            fields = detector.name(found.fields)
        }
        fields = FormField.inReadingOrder(fields)
        for field in fields where reports.indices.contains(field.page) { reports[field.page].fields += 1 }
        if let review = options.review {
            let sizes = pages.map { page in
                let size = PageFrame(page).displaySize
                return ReviewFile.Page(page: page.index, width: size.width, height: size.height, method: reports[page.index].method.rawValue)
            }
            do {
                let data = try ReviewFile(source: input.lastPathComponent, pages: sizes, fields: fields).encoded()
                try DurableFiles.write(String(decoding: data, as: UTF8.self) + "\n", to: review)
            } catch let error as PipelineError { throw error } catch {
                throw PipelineError(.fileAccess, "cannot write the review file \(review.path): \(error)")
            }
        }
        progress(.writing)
        let summary = try await writer.addForm(fields, existing: options.existing)
        let written = try await writer.write(to: output)
        let report = FormsReport(pages: reports, fieldsAdded: summary.fieldsAdded, widgetsAdded: summary.widgetsAdded,
                                 fieldsKept: summary.fieldsKept, fieldsRemoved: summary.fieldsRemoved, pagesWithTextLayer: layers,
                                 notes: notes + written.notes, warnings: written.warnings)
        if let file = options.report { try Self.writeReport(report, to: file) }
        return report
    }

    /// The fields of an edited review file.
    private static func loadReview(_ url: URL, pageCount: Int) throws -> [FormField] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PipelineError(.fileAccess, "cannot read the review file \(url.path)")
        }
        do {
            return try ReviewFile.decode(data, pageCount: pageCount).fields
        } catch let error as FormsError {
            throw PipelineError(.badArguments, "review file \(url.lastPathComponent): \(error.message)")
        }
    }

    /// Detects the fields of the selected pages (and grafts text layers when asked).
    private func detect(_ pages: [PDFPage], in document: PDFDocument, job: OCRJob, options: FormsOptions, writer: WriteStage,
                        progress: @escaping @Sendable (ProgressEvent) -> Void) async throws
        -> (fields: [FormField], reports: [FormsPageReport], layers: Int) {
        let selection = try job.pages.map(PageSelection.init)
        let triage = Triage(document: document, mode: job.mode)
        var reports = pages.map { FormsPageReport(index: $0.index, method: .none, fields: 0, detectSeconds: 0, ocrSeconds: 0,
                                                  ocrWords: 0, failure: nil) }
        var queue: [(page: PDFPage, decision: PageDecision?)] = []
        var damaged = 0
        // A page object listed twice in the tree is one page, with one set of widgets.
        let selected = PageFlow.selected(pages, by: selection).pages
        for page in selected {
            // A page that lost its content or images would read as an empty page without fields.
            if let damage = PageDamage.find(page, in: document) {
                reports[page.index].failure = "page \(page.index + 1): damaged: \(damage)"
                damaged += 1
                continue
            }
            queue.append((page, options.textLayer ? try triage.decide(page) : nil))
        }
        if damaged > 0, damaged == selected.count, let reason = reports[selected[0].index].failure {
            let others = selected.count == 1 ? "" : " (and every other page)"
            throw PipelineError(.badInput, "no page can be read: \(reason)\(others)")
        }
        progress(.started(pagesToRecognize: queue.count, total: pages.count))
        for page in selected {
            if let failure = reports[page.index].failure { progress(.pageFinished(index: page.index, outcome: .failed(failure))) }
        }
        let reader = FormsPageStage(document: document, extractor: TextExtractor(document: document), engines: engines,
                                    detector: detector, rasterizer: RasterizeStage(timeLimit: job.pageTimeout), job: job)
        let detector = self.detector
        var perPage: [Int: [FormField]] = [:]
        var layers = 0
        try await PageFlow.window(queue, width: engines.workerCount + 1, inItemOrder: job.deterministic, work: { next in
            let recognize: Bool
            switch next.decision {
            case .ocr?, .redo?: recognize = true
            default: recognize = false
            }
            return (await reader.read(next.page, recognize: recognize), next.decision)
        }, handle: { output in
            try Task.checkCancellation()
            let (result, decision) = output
            if let missing = result.missingDependency {
                // Nothing is written: a form without the scan pages' fields is not what was asked.
                throw PipelineError(.missingDependency, missing)
            }
            let page = pages[result.report.index]
            reports[page.index] = result.report
            if let primitives = result.primitives {
                let started = Date()
                perPage[page.index] = detector.fields(primitives)
                reports[page.index].detectSeconds += Date().timeIntervalSince(started)
            }
            if let ocr = result.ocr, decision == .ocr || decision == .redo {
                try await writer.graft(ocr, onto: page, pixelToPage: result.pixelToPage, replacingEarlierLayers: decision == .redo)
                layers += 1
            }
            let outcome: PageOutcome = result.report.failure.map { .failed($0) } ?? .recognized(words: result.report.ocrWords)
            progress(.pageFinished(index: page.index, outcome: outcome))
        })
        // Page order, whatever order pages finished in: names are numbered the same every run.
        return (perPage.keys.sorted().flatMap { perPage[$0] ?? [] }, reports, layers)
    }

    private static func writeReport(_ report: FormsReport, to url: URL) throws {
        struct Body: Encodable {
            var fieldsAdded: Int, widgetsAdded: Int, fieldsKept: Int, fieldsRemoved: Int, pagesWithTextLayer: Int
            var pages: [FormsPageReport]
            var notes: [String], warnings: [String]
        }
        let body = Body(fieldsAdded: report.fieldsAdded, widgetsAdded: report.widgetsAdded, fieldsKept: report.fieldsKept,
                        fieldsRemoved: report.fieldsRemoved, pagesWithTextLayer: report.pagesWithTextLayer, pages: report.pages,
                        notes: report.notes, warnings: report.warnings)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try DurableFiles.write(String(decoding: try encoder.encode(body), as: UTF8.self) + "\n", to: url)
        } catch let error as PipelineError { throw error } catch {
            throw PipelineError(.fileAccess, "cannot write the report \(url.path): \(error)")
        }
    }
}
