import Foundation
import Imaging
import OCR
import PDF
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

    /// Processes `input` into `output` (and the recognized text into `sidecar`, when given).
    /// - Throws: `PipelineError`; nothing is written when it throws.
    public func run(input: URL, output: URL, sidecar: URL? = nil, job: OCRJob,
                    progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }) async throws -> RunReport {
        try job.validate()
        try checkOutput(output, input: input)
        if let sidecar { try checkOutput(sidecar, input: input) }
        let (document, notes) = try DocumentReader.open(input)
        let pages: [PDFPage]
        do { pages = try document.pages() } catch {
            throw PipelineError(.badInput, "\(input.lastPathComponent): \(error)")
        }
        let selection = try job.pages.map(PageSelection.init)
        let triage = Triage(document: document, mode: job.mode)
        var outcomes = [PageOutcome](repeating: .skipped("not selected"), count: pages.count)
        var toRecognize: [PDFPage] = []
        for page in pages {
            guard selection?.contains(index: page.index) ?? true else { continue }
            switch triage.decide(page) {
            case .ocr: toRecognize.append(page)
            case .skip(let reason): outcomes[page.index] = .skipped(reason)
            }
        }
        progress(.started(pagesToRecognize: toRecognize.count, total: pages.count))
        for page in pages where !toRecognize.contains(where: { $0.index == page.index }) {
            progress(.pageFinished(index: page.index, outcome: outcomes[page.index]))
        }

        let rasterizer = RasterizeStage()
        let writer = WriteStage(document: document)
        let engines = self.engines
        var texts = [String](repeating: "", count: pages.count)
        let window = engines.workerCount + 1
        try await withThrowingTaskGroup(of: (Int, PageOutcome, OCRPage?, Matrix?).self) { group in
            var queue = toRecognize.makeIterator()
            func launch() -> Bool {
                guard let page = queue.next() else { return false }
                group.addTask {
                    do {
                        guard let raster = try await rasterizer.raster(for: page, in: document) else {
                            return (page.index, .skipped("no image to recognize"), nil, nil)
                        }
                        let ocr = try await engines.recognize(raster.image, dpi: raster.dpi)
                        let words = ocr.lines.reduce(0) { $0 + $1.words.count }
                        return (page.index, .recognized(words: words), ocr, raster.pixelToPage)
                    } catch {
                        return (page.index, .failed("page \(page.index + 1): \(error)"), nil, nil)
                    }
                }
                return true
            }
            for _ in 0..<window where !launch() { break }
            while let (index, outcome, ocr, transform) = try await group.next() {
                try Task.checkCancellation()
                if let ocr, let transform {
                    await writer.graft(ocr, onto: pages[index], pixelToPage: transform)
                    texts[index] = ocr.text
                }
                outcomes[index] = outcome
                progress(.pageFinished(index: index, outcome: outcome))
                _ = launch()
            }
        }
        try Task.checkCancellation()
        progress(.writing)
        try await writer.write(to: output)
        if let sidecar {
            try writeSidecar(texts: texts, outcomes: outcomes, to: sidecar)
        }
        return RunReport(outcomes: outcomes, notes: notes)
    }

    /// Refuses outputs that would overwrite the input or cannot be created.
    private func checkOutput(_ output: URL, input: URL) throws {
        let resolvedOutput = output.standardizedFileURL.resolvingSymlinksInPath()
        let resolvedInput = input.standardizedFileURL.resolvingSymlinksInPath()
        if resolvedOutput.path == resolvedInput.path {
            throw PipelineError(.badArguments, "the output would overwrite the input \(input.path); choose another output file")
        }
        let folder = output.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PipelineError(.fileAccess, "output folder does not exist: \(folder)")
        }
        guard FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
            throw PipelineError(.fileAccess, "output folder is not writable: \(folder)")
        }
    }

    /// Recognized text per page, pages separated by form feeds (as Tesseract and OCRmyPDF do).
    private func writeSidecar(texts: [String], outcomes: [PageOutcome], to url: URL) throws {
        var pagesText: [String] = []
        for (index, outcome) in outcomes.enumerated() {
            switch outcome {
            case .recognized: pagesText.append(texts[index] + "\n")
            case .skipped(let reason): pagesText.append("[OCR skipped on page \(index + 1): \(reason)]\n")
            case .failed(let reason): pagesText.append("[OCR failed on page \(index + 1): \(reason)]\n")
            }
        }
        do {
            let file = try OutputFile(destination: url)
            try file.write(pagesText.joined(separator: "\u{0C}"))
            try file.commit()
        } catch let error as WriteError {
            throw PipelineError(.fileAccess, error.message)
        }
    }
}
