import Foundation
import Testing
@testable import OCR
import Imaging

/// Who ends the pool's threads, and what cancellation does to queued work.
struct OCRWorkerPoolLifetimeTests {
    private func blankImage() throws -> PixImage {
        try PixImage(encoded: Array("P5 1 1 255\n".utf8) + [255])
    }

    @Test func aPoolItsOwnerLetsGoOfIsFreedWithItsThreads() async throws {
        weak var released: OCRWorkerPool?
        do {
            let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)
            released = pool
            // The workers have started and taken work: they exist and hold the queue.
            let page = try await pool.recognize(try blankImage(), dpi: 300)
            #expect(page.width == 1)
        }
        #expect(released == nil, "the worker threads keep the pool alive, so its deinit never shuts them down")
    }

    @Test func shutdownLetsTheWorkersExitAndRefusesLaterWork() async throws {
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)
        _ = try await pool.recognize(try blankImage(), dpi: 300)
        pool.shutdown()
        let deadline = Date().addingTimeInterval(10)
        while !pool.workersExited && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(pool.workersExited)
        await #expect(throws: OCRError.self) { try await pool.recognize(try blankImage(), dpi: 300) }
    }

    @Test func workCancelledWhileItWaitsForAWorkerIsDropped() async throws {
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 1)
        defer { pool.shutdown() }
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        // The only worker is busy until the gate opens.
        let busy = Task { try await pool.perform { _ in started.signal(); gate.wait() } }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { started.wait(); done.resume() }
        }
        let ran = Flag()
        let waiting = Task { try await pool.perform { _ in ran.set() } }
        try await Task.sleep(nanoseconds: 50_000_000)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        gate.signal()
        try await busy.value
        // The worker is free again and the cancelled work never ran.
        try await pool.perform { _ in }
        #expect(!ran.value)
    }

    @Test func workOfATaskCancelledBeforeItAsksIsNeverQueued() async throws {
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 1)
        defer { pool.shutdown() }
        let ran = Flag()
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await pool.perform { _ in ran.set() }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        try await pool.perform { _ in }
        #expect(!ran.value)
    }
}

/// A flag set from a worker thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    func set() { lock.lock(); isSet = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return isSet }
}
