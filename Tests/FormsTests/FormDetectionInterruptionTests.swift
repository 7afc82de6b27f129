import Foundation
import Testing
import Forms
import Imaging
import PDF
import PDFText
import TestSupport

/// Detecting a form page's fields runs on an OCR worker thread, which does not see its task's
/// cancellation: SIGTERM or `--page-timeout` during detection let it run to its end. It now
/// checks a `PageInterruption` between its stages. Deterministic: the interruption is already
/// cancelled, or its deadline already past, when detection starts.
@Suite struct FormDetectionInterruptionTests {
    private func scanPage() throws -> (PageRaster, PageFrame) {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")))
        let page = try document.pages()[0]
        let raster = try #require(try PageRasterizer().raster(for: page, document: document))
        return (raster, PageFrame(page))
    }

    private func detect(_ interruption: PageInterruption) throws -> PageLayoutReader.RasterWork {
        let (raster, frame) = try scanPage()
        // The job's defaults: 400 dpi at most (`--max-ocr-dpi`), no time limit per recognition.
        return try PageLayoutReader.detect(raster, engine: nil, maxResolution: 400, timeout: nil, known: [], frame: frame,
                                           page: 0, detector: .standard, interruption: interruption)
    }

    @Test func detectionRunsWhenNotInterrupted() throws {
        let work = try detect(PageInterruption(timeLimit: nil))
        #expect(work.primitives.width > 0)
    }

    @Test func aCancelledPageStopsDetection() throws {
        let interruption = PageInterruption(timeLimit: nil)
        interruption.cancel()
        #expect(throws: CancellationError.self) { try detect(interruption) }
    }

    @Test func aPagePastItsTimeLimitStopsDetection() throws {
        let interruption = PageInterruption(deadline: .now - .seconds(1))
        #expect { try detect(interruption) } throws: { ($0 as? ImagingError)?.code == .timedOut }
    }

    /// The task's cancellation reaches the interruption, as SIGTERM's does through `Interrupts`.
    @Test func cancellingTheTaskCancelsTheInterruption() async throws {
        let interruption = PageInterruption(timeLimit: nil)
        let task = Task {
            await interruption.whileRunning {
                while !Task.isCancelled { await Task.yield() }
            }
        }
        task.cancel()
        await task.value
        #expect(throws: CancellationError.self) { try interruption.check() }
    }
}
