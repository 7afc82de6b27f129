import Foundation
import Testing
@testable import OCR
import Imaging
import TestSupport

/// A page read in two parts on two workers comes back as one page: the parts' words in
/// reading order, every box moved back by its part's origin exactly. Only a worker that
/// would idle takes a part.
struct SplitReadingTests {
    /// A two-column letter page at 300 dpi (gutter from x 1200 to 1350).
    private func twoColumns() throws -> PixImage {
        try PixImage(encoded: SyntheticTextPage(width: 2550, height: 3300, xHeight: 21,
                                                textAreas: [(255..<1200, 330..<2970), (1350..<2295, 330..<2970)]).pgm())
    }

    @Test func joiningMovesEveryBoxAndBaselineByItsPartsOrigin() {
        func page(_ text: String, width: Int, height: Int) -> OCRPage {
            let word = OCRWord(text: text, box: PixelBox(left: 10.25, top: 20, right: 60, bottom: 41.5), confidence: 90)
            let line = OCRLine(words: [word], box: PixelBox(left: 10.25, top: 20, right: 60, bottom: 41.5),
                               baseline: (10.25, 37, 60, 38), ascender: 14, descender: 4.5)
            return OCRPage(width: width, height: height, dpi: 300, blocks: [OCRBlock(lines: [line])])
        }
        let joined = OCRPage.joined([(page("upper", width: 500, height: 300), PixelRegion(x: 0, y: 0, width: 500, height: 300)),
                                     (page("lower", width: 500, height: 700), PixelRegion(x: 0, y: 300, width: 500, height: 700))],
                                    width: 500, height: 1000, dpi: 300)
        #expect(joined.width == 500 && joined.height == 1000 && joined.dpi == 300)
        #expect(joined.lines.map { $0.words[0].text } == ["upper", "lower"])
        let lower = joined.lines[1]
        #expect(lower.words[0].box == PixelBox(left: 10.25, top: 320, right: 60, bottom: 341.5))
        #expect(lower.box == PixelBox(left: 10.25, top: 320, right: 60, bottom: 341.5))
        #expect(lower.baseline == (10.25, 337, 60, 338))
        #expect(lower.ascender == 14 && lower.descender == 4.5)
        #expect(joined.lines[0] == page("upper", width: 500, height: 300).lines[0])
    }

    @Test func aPartReadTurnedIsNotTakenForUpright() {
        func page(baseline: (Double, Double, Double, Double)) -> OCRPage {
            let word = OCRWord(text: "word", box: PixelBox(left: 0, top: 0, right: 50, bottom: 50), confidence: 90)
            let line = OCRLine(words: [word], box: PixelBox(left: 0, top: 0, right: 50, bottom: 50), baseline: baseline,
                               ascender: 10, descender: 3)
            return OCRPage(width: 100, height: 100, dpi: 300, blocks: [OCRBlock(lines: [line, line])])
        }
        #expect(SplitReading.readsUpright(page(baseline: (0, 40, 50, 41))))
        #expect(!SplitReading.readsUpright(page(baseline: (50, 10, 0, 9))))    // upside down
        #expect(!SplitReading.readsUpright(page(baseline: (40, 0, 41, 50))))    // a quarter turn
    }

    @Test func aPageWithAnIdleWorkerIsReadInTwoPartsInReadingOrder() async throws {
        let image = try twoColumns()
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)
        defer { pool.shutdown() }
        let page = try await pool.performSharing { engine, sharing in
            try SplitReading.recognize(image, dpi: 300, engine: engine, sharing: sharing, timeout: nil)
        }
        let cut = try #require(try image.readingCut(dpi: 300))
        let regions = cut.parts(width: image.width, height: image.height)
        // The fake engine reads three words across the top of whatever it is given.
        let expected = try zip(regions, try cut.images(of: image)).map { region, part in
            try FakeEngine().recognize(part, dpi: 300).moved(x: Double(region.x), y: Double(region.y))
        }
        #expect(page.width == image.width && page.height == image.height)
        #expect(page.blocks == expected[0].blocks + expected[1].blocks)
        #expect(page.lines.flatMap(\.words).prefix(3).allSatisfy { $0.box.right <= Double(regions[0].right) })
        #expect(page.lines.flatMap(\.words).suffix(3).allSatisfy { $0.box.left >= Double(regions[1].x) })
    }

    @Test func aPageWithNoIdleWorkerIsReadWhole() async throws {
        let image = try twoColumns()
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 1)
        defer { pool.shutdown() }
        let page = try await pool.performSharing { engine, sharing in
            try SplitReading.recognize(image, dpi: 300, engine: engine, sharing: sharing, timeout: nil)
        }
        #expect(page == (try FakeEngine().recognize(image, dpi: 300)))
    }

    @Test func aPageWithoutACutIsReadWhole() async throws {
        let image = try PixImage(encoded: SyntheticTextPage(width: 2550, height: 3300, xHeight: 21,
                                                            textAreas: [(255..<2295, 330..<600)]).pgm())
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)
        defer { pool.shutdown() }
        let page = try await pool.performSharing { engine, sharing in
            try SplitReading.recognize(image, dpi: 300, engine: engine, sharing: sharing, timeout: nil)
        }
        #expect(page == (try FakeEngine().recognize(image, dpi: 300)))
    }
}

/// Work offered to the pool runs on a worker that would idle, or on the offering worker when
/// nobody took it; a pool whose workers are all busy takes no offer.
struct WorkSharingTests {
    @Test func offeredWorkRunsOnTheIdleWorker() async throws {
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)
        defer { pool.shutdown() }
        // Checks run outside the closures: they run on pool threads, outside the test's task.
        let (idle, owner, helper) = try await pool.performSharing { _, sharing -> (Int, Int?, Int?) in
            let idle = sharing.idleWorkers
            let started = DispatchSemaphore(value: 0)
            guard let offered = sharing.offer({ _ -> Int? in
                started.signal()
                return OCRWorkerPool.currentWorkerIndex
            }) else { return (idle, OCRWorkerPool.currentWorkerIndex, nil) }
            // Wait until the other worker has taken the work, so it is not taken back.
            started.wait()
            return (idle, OCRWorkerPool.currentWorkerIndex, try offered.result(orRunWith: FakeEngine()))
        }
        #expect(idle == 1)
        #expect(owner != nil && helper != nil && owner != helper)
    }

    @Test func aBusyPoolTakesNoOffer() async throws {
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 1)
        defer { pool.shutdown() }
        let offered = try await pool.performSharing { _, sharing in
            (sharing.idleWorkers, sharing.offer { _ in 1 } != nil)
        }
        #expect(offered.0 == 0 && !offered.1)
    }

    @Test func offeredWorkGivesItsResultWhoeverRunsIt() async throws {
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)
        defer { pool.shutdown() }
        for round in 0..<20 {
            // The other worker may still be leaving the last round's work: then nothing is offered.
            let sum = try await pool.performSharing { engine, sharing in
                round + (try sharing.offer { _ in round * 2 }?.result(orRunWith: engine) ?? round * 2)
            }
            #expect(sum == round * 3)
        }
    }

    @Test func anErrorOfOfferedWorkReachesTheOfferingWorker() async throws {
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)
        defer { pool.shutdown() }
        await #expect(throws: OCRError.self) {
            try await pool.performSharing { engine, sharing in
                guard let offered = sharing.offer({ _ -> Int in throw OCRError(.recognitionFailed, "part failed") }) else { return 0 }
                return try offered.result(orRunWith: engine)
            }
        }
    }
}
