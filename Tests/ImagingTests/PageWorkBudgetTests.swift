import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Composing a page is bounded in pixels and time and stops when its task is cancelled: one
/// image drawn over and over (a 379 KB file asked for 40 billion pixels) fails its page fast.
@Suite struct PageWorkBudgetTests {
    private func firstPage(_ bytes: [UInt8]) throws -> (PDFDocument, PDFPage) {
        let document = try PDFDocument(bytes: bytes)
        return (document, try document.pages()[0])
    }

    @Test func anImageDrawnOverAndOverFailsThePageWithTooLarge() throws {
        let (document, page) = try firstPage(HostilePDFs.oneImageDrawnManyTimes(side: 200, draws: 2_000))
        var rasterizer = PageRasterizer()
        rasterizer.maxPixelWork = 10_000_000
        #expect { try rasterizer.raster(for: page, document: document) } throws: { error in
            (error as? ImagingError)?.code == .tooLarge
        }
    }

    @Test func theSamePageWithinItsBudgetIsComposed() throws {
        let (document, page) = try firstPage(HostilePDFs.oneImageDrawnManyTimes(side: 200, draws: 3))
        let raster = try #require(try PageRasterizer().raster(for: page, document: document))
        #expect(raster.image.width > 0)
    }

    @Test func aTimeLimitStopsComposing() throws {
        let (document, page) = try firstPage(HostilePDFs.oneImageDrawnManyTimes(side: 400, draws: 100_000))
        var rasterizer = PageRasterizer()
        rasterizer.maxPixelWork = .max
        rasterizer.timeLimit = .milliseconds(300)
        let start = ContinuousClock.now
        #expect { try rasterizer.raster(for: page, document: document) } throws: { error in
            (error as? ImagingError)?.code == .timedOut
        }
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func aCancelledTaskStopsComposing() async throws {
        let bytes = HostilePDFs.oneImageDrawnManyTimes(side: 400, draws: 100_000)
        let task = Task {
            let (document, page) = try firstPage(bytes)
            var rasterizer = PageRasterizer()
            rasterizer.maxPixelWork = .max
            return try rasterizer.raster(for: page, document: document) != nil
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func hugeDimensionsCannotOverflowTheCount() {
        var budget = PageWorkBudget(maxPixels: 100)
        #expect(throws: ImagingError.self) { try budget.spend(width: .max, height: .max) }
        #expect(budget.pixelsLeft == 100)
        #expect(throws: Never.self) { try budget.spend(width: -5, height: 10) }
    }
}
