import Foundation
import Testing
import Imaging
@testable import OCR

struct OCRModelTests {
    private func word(_ text: String, _ left: Double) -> OCRWord {
        OCRWord(text: text, box: PixelBox(left: left, top: 10, right: left + 40, bottom: 30), confidence: 90)
    }

    private func line(_ words: [OCRWord], angle: Double = 0) -> OCRLine {
        OCRLine(words: words, box: PixelBox(left: 0, top: 10, right: 200, bottom: 30),
                baseline: (0, 25, 100, 25 + 100 * tan(angle)), ascender: 15, descender: 5)
    }

    @Test func textJoinsWordsLinesAndBlocks() {
        let page = OCRPage(width: 100, height: 100, dpi: 300, blocks: [
            OCRBlock(lines: [line([word("Hello", 0), word("world", 50)]), line([word("again", 0)])]),
            OCRBlock(lines: [line([word("Next", 0)])]),
        ])
        #expect(page.text == "Hello world\nagain\n\nNext")
        #expect(page.lines.count == 3)
    }

    @Test func baselineAngleIsMeasuredClockwiseInRasterSpace() {
        #expect(abs(line([], angle: 0).baselineAngle) < 1e-12)
        #expect(abs(line([], angle: 0.1).baselineAngle - 0.1) < 1e-9)
    }

    @Test func resultsSurviveJSONRoundTrip() throws {
        let page = OCRPage(width: 10, height: 20, dpi: 150, blocks: [OCRBlock(lines: [line([word("Ünïcødé", 3)])])])
        let data = try JSONEncoder().encode(page)
        #expect(try JSONDecoder().decode(OCRPage.self, from: data) == page)
    }
}

/// Counts engine calls and records the threads they ran on.
private final class RecordingEngine: OCREngine {
    let log: ThreadLog
    init(log: ThreadLog) { self.log = log }
    func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        log.record(OCRWorkerPool.currentWorkerIndex.map { "worker \($0)" } ?? "not a pool thread")
        return OCRPage(width: image.width, height: image.height, dpi: dpi, blocks: [])
    }
}

private final class ThreadLog: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var names: [String] = []
    private(set) var engines = 0
    func record(_ name: String) { lock.lock(); names.append(name); lock.unlock() }
    func engineMade() { lock.lock(); engines += 1; lock.unlock() }
}

private struct RecordingFactory: OCREngineFactory {
    let log: ThreadLog
    func makeEngine() throws -> any OCREngine { log.engineMade(); return RecordingEngine(log: log) }
    var name: String { "recording" }
}

private struct BrokenFactory: OCREngineFactory {
    func makeEngine() throws -> any OCREngine { throw OCRError(.missingDependency, "no models") }
    var name: String { "broken" }
}

struct OCRWorkerPoolTests {
    private func blankImage() throws -> PixImage {
        // A 1×1 white gray image as a binary PGM.
        try PixImage(encoded: Array("P5 1 1 255\n".utf8) + [255])
    }

    @Test func jobsRunOnThePoolsOwnThreadsWithOneEnginePerWorker() async throws {
        let log = ThreadLog()
        let pool = OCRWorkerPool(factory: RecordingFactory(log: log), workers: 2)
        defer { pool.shutdown() }
        let image = try blankImage()
        try await withThrowingTaskGroup(of: OCRPage.self) { group in
            for _ in 0..<10 { group.addTask { try await pool.recognize(image, dpi: 300) } }
            var count = 0
            for try await page in group { #expect(page.width == 1); count += 1 }
            #expect(count == 10)
        }
        #expect(log.names.count == 10)
        #expect(log.names.allSatisfy { $0.hasPrefix("worker ") }, "\(log.names)")
        #expect(log.engines <= 2)
    }

    @Test func engineCreationFailureReachesTheCaller() async throws {
        let pool = OCRWorkerPool(factory: BrokenFactory(), workers: 1)
        defer { pool.shutdown() }
        await #expect(throws: OCRError.self) { try await pool.recognize(try blankImage(), dpi: 300) }
    }

    @Test func fakeEngineReportsItsWordsInsideTheRaster() throws {
        let page = try FakeEngine(words: ["a", "b"]).recognize(try blankImage(), dpi: 72)
        #expect(page.lines.first?.words.map(\.text) == ["a", "b"])
        #expect(page.lines.first!.words.allSatisfy { $0.box.right <= 1 && $0.box.left >= 0 })
    }
}
