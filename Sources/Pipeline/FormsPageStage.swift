import Foundation
import Forms
import Imaging
import OCR
import PDF
import PDFText

/// What reading one page for forms produced.
struct FormsPageResult: Sendable {
    /// The page's line in the report (fields not counted yet).
    var report: FormsPageReport
    /// Its primitives, when its layout could be read.
    var primitives: LayoutPrimitives?
    /// The words OCR found, for a text layer (`ocr --forms`).
    var ocr: OCRPage?
    /// Maps the recognized raster's pixels to user space.
    var pixelToPage = Matrix.identity
    /// Why the page needed OCR that cannot run (no engine): the whole run stops with it.
    var missingDependency: String?
}

/// Reads one page's layout primitives the cheapest way that works: a born-digital page (text
/// and vector rules) from its drawing and text, without pixels; a scan from its pixels on an
/// OCR worker thread, with its words from its own text layer or, when it has none, from OCR.
struct FormsPageStage: Sendable {
    let document: PDFDocument
    let extractor: TextExtractor
    let engines: OCRWorkerPool
    let detector: FormsDetector
    let rasterizer: RasterizeStage
    let job: OCRJob

    /// Reads `page`; `recognize` asks for OCR even when the page's words are known (the text
    /// layer of `ocr --forms`). Failures are reported on the page, never thrown.
    func read(_ page: PDFPage, recognize: Bool) async -> FormsPageResult {
        var report = FormsPageReport(index: page.index, method: .none, fields: 0, detectSeconds: 0, ocrSeconds: 0,
                                     ocrWords: 0, failure: nil)
        let started = Date()
        let content = try? extractor.textAndGeometry(of: page)
        if let content, !recognize, PageLayoutReader.isVector(content.text, content.geometry) {
            let primitives = detector.vector.primitives(page: page.index, geometry: content.geometry, text: content.text)
            report.method = .vector
            report.detectSeconds = Date().timeIntervalSince(started)
            return FormsPageResult(report: report, primitives: primitives)
        }
        let raster: PageRaster?
        do { raster = try await rasterizer.raster(for: page, in: document) } catch let error as ImagingError
            where error.code == .timedOut {
            report.failure = "page \(page.index + 1): \(error.message) (--page-timeout)"
            return FormsPageResult(report: report)
        } catch {
            report.failure = "page \(page.index + 1): its images cannot be read: \(error)"
            return FormsPageResult(report: report)
        }
        guard let raster else {
            // No image: a vector page without rules, or an empty one. Its drawing is all there is.
            if let content {
                report.method = .vector
                report.detectSeconds = Date().timeIntervalSince(started)
                return FormsPageResult(report: report, primitives: detector.vector.primitives(
                    page: page.index, geometry: content.geometry, text: content.text))
            }
            return FormsPageResult(report: report)
        }
        let frame = PageFrame(page)
        let pageWords = content.map { PageLayoutReader.layoutWords($0.text, frame: frame) } ?? (visible: [], all: [], hasInvisible: false)
        // An earlier OCR layer gives the words; otherwise OCR reads the scan (a stamp's real
        // text is not in the raster, so it joins the recognized words).
        let needsOCR = recognize || !pageWords.hasInvisible
        let known = pageWords.hasInvisible ? pageWords.all : pageWords.visible
        let detector = self.detector, job = self.job, index = page.index
        let interruption = PageInterruption(timeLimit: job.pageTimeout)
        do {
            let work = try await interruption.whileRunning {
                try await engines.performOnWorker { engine in
                    try PageLayoutReader.detect(raster, engine: needsOCR ? try engine.get() : nil, maxResolution: job.maxOCRResolution,
                                                timeout: job.pageTimeout, known: known, frame: frame, page: index,
                                                detector: detector, interruption: interruption)
                }
            }
            report.method = .raster
            report.detectSeconds = work.detectSeconds
            report.ocrSeconds = work.ocrSeconds
            report.ocrWords = work.ocr?.lines.reduce(0) { $0 + $1.words.count } ?? 0
            return FormsPageResult(report: report, primitives: work.primitives, ocr: work.ocr, pixelToPage: work.pixelToPage)
        } catch let error as OCRError where error.code == .timedOut {
            report.failure = "page \(page.index + 1): \(error.message) (--page-timeout)"
        } catch let error as ImagingError where error.code == .timedOut {
            report.failure = "page \(page.index + 1): \(error.message) (--page-timeout)"
        } catch is CancellationError {
            report.failure = "page \(page.index + 1): interrupted"
        } catch let error as OCRError where error.code == .missingDependency {
            report.failure = "page \(page.index + 1): \(error.message)"
            return FormsPageResult(report: report, missingDependency: error.message)
        } catch {
            report.failure = "page \(page.index + 1): \(error)"
        }
        return FormsPageResult(report: report)
    }
}
