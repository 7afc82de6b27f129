import FileIO
import Foundation
import Headings
import Imaging
import OCR
import PDF
import PDFImages
import PDFWriter

/// Runs the OCR job on one document: read → triage → rasterize → recognize → write.
/// Pages flow through a bounded window (workers + 1 pages in flight), so memory stays flat
/// however many pages the document has.
public struct OCRRunner: Sendable {
    private let engines: OCRWorkerPool

    /// Creates a runner using `engines`, which may be shared by many runs.
    public init(engines: OCRWorkerPool) {
        self.engines = engines
    }

    /// Processes `input` into `output` (the recognized text into `sidecar`, and `exports`
    /// when given).
    /// - Throws: `PipelineError`; the output is not written when it throws.
    public func run(input: URL, output: URL, sidecar: URL? = nil, job: OCRJob, exports: OCRExports = OCRExports(),
                    progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }) async throws -> RunReport {
        let started = Date()
        var clock = StageClock()
        try job.validate()
        try OutputCheck.files([output] + [sidecar].compactMap { $0 } + exports.files, inputs: [input])
        try OutputCheck.notAnImage(output)
        for folder in exports.folders {
            try OutputCheck.folderTarget(folder)
            try DurableFiles.makeDirectories(folder)
        }

        let (document, pages, notes) = try PageFlow.open(input, job: job)
        clock.lap("read")

        let flow = PageFlow.selected(pages, by: try job.pages.map(PageSelection.init))
        let triage = Triage(document: document, mode: job.mode)
        var reports = pages.map { PageReport(index: $0.index, outcome: .skipped("not selected")) }
        var toRecognize: [PDFPage] = []
        var replacing = Set<Int>()
        var plans: [Int: ScanPagePlan] = [:]
        // A page object listed twice in the tree is one page: recognize it once.
        for repeated in flow.repeats {
            reports[repeated.index].outcome = .skipped("same page object as page \(repeated.firstIndex + 1)")
        }
        for page in flow.pages {
            if let damage = PageDamage.find(page, in: document) {
                reports[page.index].outcome = .failed("page \(page.index + 1): damaged: \(damage)")
                reports[page.index].damaged = true
                continue
            }
            let facts = triage.facts(page)
            let decision = try triage.decide(page, facts: facts)
            if !job.scanFixes.isEmpty {
                plans[page.index] = ScanPagePlan(fixes: job.scanFixes, facts: facts, page: page, document: document)
            }
            switch decision {
            case .ocr: toRecognize.append(page)
            case .redo: toRecognize.append(page); replacing.insert(page.index)
            case .skip(let reason): reports[page.index].outcome = .skipped(reason)
            }
        }
        if reports.allSatisfy(\.damaged), let first = reports.first, case .failed(let reason) = first.outcome {
            let others = reports.count == 1 ? "" : " (and every other page)"
            throw PipelineError(.badInput, "\(input.lastPathComponent): no page can be read: \(reason)\(others)")
        }
        clock.lap("triage")
        for page in toRecognize {
            let files = exports.pageFiles(index: page.index)
            for file in [files.hocr, files.alto].compactMap({ $0 }) { try OutputCheck.target(file, inputs: [input]) }
        }
        progress(.started(pagesToRecognize: toRecognize.count, total: pages.count))
        let queued = Set(toRecognize.map(\.index))
        for page in pages where !queued.contains(page.index) {
            progress(.pageFinished(index: page.index, outcome: reports[page.index].outcome))
        }

        let writer = WriteStage(document: document, plan: OutputPlan(job: job, document: document), optimizer: ImageOptimizer(job: job))
        let exportWriter = ExportWriter(exports: exports, sourceName: input.lastPathComponent)
        var texts = [String](repeating: "", count: pages.count)
        var headingLines: [HeadingLine] = []
        let outline = OutlinePlan(job: job, document: document, pages: pages)
        var wordPages: [WordsJSON.Page] = []
        let engines = self.engines
        let rasterizer = RasterizeStage(timeLimit: job.pageTimeout)
        // Workers + 1 pages in flight; each result is grafted on this task as it finishes. A
        // page that fails is reported and kept as it was; the others go on.
        let pagePlans = plans
        var removed = Set<ObjectRef>()
        try await PageFlow.window(toRecognize, width: engines.workerCount + 1, inItemOrder: job.deterministic, work: { page in
            await Self.process(page, document: document, job: job, plan: pagePlans[page.index] ?? ScanPagePlan(),
                               rasterizer: rasterizer, engines: engines)
        }, handle: { result in
            try Task.checkCancellation()
            let report = result.report
            if report.removed { removed.insert(pages[report.index].ref) }
            if let replacement = result.replacement { await writer.replaceImage(replacement, on: pages[report.index]) }
            if let degrees = result.contentTurnDegrees { await writer.turnContent(of: pages[report.index], byDegrees: degrees) }
            if let recognition = result.recognition {
                let page = pages[report.index]
                if let ocr = recognition.ocr {
                    try await writer.graft(ocr, onto: page, pixelToPage: recognition.pixelToPage,
                                           addingQuarterTurns: recognition.rotationCorrection,
                                           replacingEarlierLayers: replacing.contains(page.index))
                    texts[report.index] = ocr.text
                    if outline.builds {
                        headingLines += OutlineFromHeadings.lines(of: ocr, page: page, pixelToPage: recognition.pixelToPage,
                                                                 strokes: result.lineStrokes)
                    }
                    try exportWriter.writePage(ocr, index: report.index)
                    if exports.wordsJSON != nil {
                        wordPages.append(WordsJSON.page(ocr, index: report.index, page: page, pixelToPage: recognition.pixelToPage))
                    }
                } else if recognition.rotationCorrection != 0 {
                    await writer.rotate(page, addingQuarterTurns: recognition.rotationCorrection)
                }
            }
            reports[report.index] = report
            progress(.pageFinished(index: report.index, outcome: report.outcome))
        })
        try Task.checkCancellation()
        clock.lap("recognize")

        var outlineNotes: [String] = []
        if outline.builds {
            let recognized = Set(headingLines.map(\.page))
            let others = flow.pages.filter { !recognized.contains($0.index) && !reports[$0.index].damaged }
            headingLines += OutlineFromHeadings.lines(ofTextOn: others, in: document)
            let entries = outline.entries(from: headingLines)
            if !entries.isEmpty { try await writer.setOutline(entries) }
            outlineNotes.append(OutlinePlan.note(entries))
        } else if let note = outline.keptNote {
            outlineNotes.append(note)
        }

        var removalNotes: [String] = []
        if !removed.isEmpty {
            if removed.count == Set(pages.map(\.ref)).count {
                // A document is never emptied: every page blank is more likely a bad scan than a wish.
                for index in reports.indices where reports[index].removed {
                    reports[index].removed = false
                    reports[index].outcome = .skipped("blank page")
                }
                removalNotes.append("every page is blank: none was removed (--remove-blank-pages)")
            } else {
                await writer.removePages(removed)
            }
        }

        progress(.writing)
        let written = try await writer.write(to: output)
        if let sidecar {
            try DurableFiles.write(ExportWriter.sidecar(texts: texts, outcomes: reports.map(\.outcome)), to: sidecar)
        }
        try exportWriter.writeWords(wordPages)
        clock.lap("write")
        let report = RunReport(pages: reports, notes: notes + outlineNotes + removalNotes + written.notes, warnings: written.warnings,
                               stageSeconds: clock.laps)
        try exportWriter.writeReport(report, output: output, seconds: Date().timeIntervalSince(started))
        return report
    }

    /// One page's result as it leaves the recognize stage.
    private struct PageResult: Sendable {
        var report: PageReport
        var recognition: PageRecognition?
        /// Each recognized line's stroke weight (see `LineStrokes`), when an outline is built.
        var lineStrokes: [Double]?
        /// The page's image stored again (`--deskew`, `--clean-final`), only with a recognition.
        var replacement: ImageReplacement?
        /// The page's content turned to straighten its scan (`--deskew` of a JPEG).
        var contentTurnDegrees: Double?
    }

    /// The outcome of a page left out as a blank back.
    static let removedOutcome = PageOutcome.skipped("blank page removed (--remove-blank-pages)")

    private static func process(_ page: PDFPage, document: PDFDocument, job: OCRJob, plan: ScanPagePlan,
                                rasterizer: RasterizeStage, engines: OCRWorkerPool) async -> PageResult {
        var report = PageReport(index: page.index, outcome: .failed("not processed"))
        do {
            let rasterStart = Date()
            let prepared = try await rasterizer.prepared(page, in: document, maxResolution: job.maxOCRResolution, plan: plan)
            guard let raster = prepared.raster else {
                report.outcome = .skipped("no image to recognize")
                return PageResult(report: report, recognition: nil)
            }
            report.rasterizeSeconds = Date().timeIntervalSince(rasterStart)
            if prepared.blankBack {
                report.outcome = removedOutcome
                report.removed = true
                return PageResult(report: report, recognition: nil)
            }
            report.deskewDegrees = prepared.deskewDegrees
            report.cleaned = prepared.cleaned
            let wantsStrokes = job.outline.map { $0 != .off } ?? false
            let (recognition, strokes) = try await engines.performSharing { engine, sharing in
                let recognition = try PageRecognizer.run(raster, engine: engine, job: job.recognition, sharing: sharing)
                // Boxes are in the frame of `raster` (reduced to --max-ocr-dpi) unless the page was turned to be read.
                guard wantsStrokes, recognition.rotationCorrection == 0, let ocr = recognition.ocr else { return (recognition, nil as [Double]?) }
                let inRaster = ocr.rescaled(toWidth: raster.image.width, height: raster.image.height, dpi: raster.dpi)
                return (recognition, LineStrokes.measure(inRaster, in: raster))
            }
            report.recognizeSeconds = recognition.seconds
            report.dpi = recognition.dpi
            report.rotationApplied = recognition.rotationCorrection * 90
            report.language = recognition.ocr?.language
            if let ocr = recognition.ocr {
                report.outcome = .recognized(words: ocr.lines.reduce(0) { $0 + $1.words.count })
            } else {
                report.outcome = .skipped("blank page")
            }
            return PageResult(report: report, recognition: recognition, lineStrokes: strokes, replacement: prepared.replacement,
                              contentTurnDegrees: prepared.contentTurnDegrees)
        } catch let error as OCRError where error.code == .timedOut {
            report.outcome = .failed("page \(page.index + 1): \(error.message) (--page-timeout)")
        } catch let error as ImagingError where error.code == .timedOut {
            report.outcome = .failed("page \(page.index + 1): \(error.message) (--page-timeout)")
        } catch {
            report.outcome = .failed("page \(page.index + 1): \(error)")
        }
        return PageResult(report: report, recognition: nil)
    }
}

/// Wall-clock time per stage.
struct StageClock {
    private var last = Date()
    private(set) var laps: [(stage: String, seconds: Double)] = []

    mutating func lap(_ stage: String) {
        let now = Date()
        laps.append((stage, now.timeIntervalSince(last)))
        last = now
    }
}
