import Foundation
import Imaging

/// A pool of OCR engines, each on a thread of its own, so blocking recognition never
/// occupies Swift's cooperative thread pool. Engines are made once per worker and reused
/// for every page and document the pool sees.
public final class OCRWorkerPool: @unchecked Sendable {
    private struct Job {
        let image: PixImage
        let dpi: Int
        let continuation: CheckedContinuation<OCRPage, any Error>
    }

    /// Number of worker threads.
    public let workerCount: Int
    private let factory: any OCREngineFactory
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var shuttingDown = false
    private var started = false

    /// Creates a pool of `workers` threads (at least one) making engines with `factory`.
    public init(factory: any OCREngineFactory, workers: Int) {
        self.factory = factory
        self.workerCount = max(1, workers)
    }

    deinit { shutdown() }

    /// Recognizes `image`, suspending (not blocking) the caller until a worker is done.
    public func recognize(_ image: PixImage, dpi: Int) async throws -> OCRPage {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            if shuttingDown {
                condition.unlock()
                continuation.resume(throwing: OCRError(.recognitionFailed, "the OCR pool has been shut down"))
                return
            }
            startIfNeeded()
            queue.append(Job(image: image, dpi: dpi, continuation: continuation))
            condition.signal()
            condition.unlock()
        }
    }

    /// Stops the workers once the queued jobs are done.
    public func shutdown() {
        condition.lock()
        shuttingDown = true
        condition.broadcast()
        condition.unlock()
    }

    /// Must be called with the lock held.
    private func startIfNeeded() {
        guard !started else { return }
        started = true
        for index in 0..<workerCount {
            let thread = Thread { [self] in
                // Named from inside so the OS thread carries it too (visible in top -H, gdb).
                Thread.current.name = "legible-ocr-\(index)"
                self.work()
            }
            thread.stackSize = 16 << 20 // Tesseract recurses deeply on some layouts.
            thread.start()
        }
    }

    private func work() {
        var engine: (any OCREngine)?
        var engineError: (any Error)?
        do { engine = try factory.makeEngine() } catch { engineError = error }
        while true {
            condition.lock()
            while queue.isEmpty && !shuttingDown { condition.wait() }
            if queue.isEmpty && shuttingDown { condition.unlock(); return }
            let job = queue.removeFirst()
            condition.unlock()
            guard let engine else {
                job.continuation.resume(throwing: engineError ?? OCRError(.missingDependency, "no OCR engine"))
                continue
            }
            do {
                let page = try engine.recognize(job.image, dpi: job.dpi)
                job.continuation.resume(returning: page)
            } catch {
                job.continuation.resume(throwing: error)
            }
        }
    }
}
