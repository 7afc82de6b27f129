import Foundation
import Imaging

/// A pool of OCR engines, each on a thread of its own, so blocking recognition never
/// occupies Swift's cooperative thread pool. Engines are made once per worker and reused
/// for every page and document the pool sees.
public final class OCRWorkerPool: @unchecked Sendable {
    /// A unit of work: runs on a worker thread with that worker's engine, or fails when the
    /// worker has none.
    private typealias Job = @Sendable ((any OCREngine)?, (any Error)?) -> Void

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
    public func recognize(_ image: PixImage, dpi: Int, timeout: Double? = nil) async throws -> OCRPage {
        try await perform { engine in try engine.recognize(image, dpi: dpi, timeout: timeout) }
    }

    /// Runs `body` on a worker thread with that worker's engine and returns its result. Use it
    /// to keep blocking work that belongs with recognition (orientation, resampling) off
    /// Swift's cooperative pool.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (any OCREngine) throws -> T) async throws -> T {
        try await performOnWorker { engine in try body(engine.get()) }
    }

    /// Runs `body` on a worker thread with that worker's engine, or with the error that kept
    /// the worker from making one: for work that only sometimes needs recognition (a form
    /// page read from its own words), so it can go on without an engine.
    public func performOnWorker<T: Sendable>(_ body: @escaping @Sendable (Result<any OCREngine, any Error>) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job: Job = { engine, engineError in
                let available: Result<any OCREngine, any Error> = engine.map { .success($0) }
                    ?? .failure(engineError ?? OCRError(.missingDependency, "no OCR engine"))
                do { continuation.resume(returning: try body(available)) } catch { continuation.resume(throwing: error) }
            }
            condition.lock()
            if shuttingDown {
                condition.unlock()
                continuation.resume(throwing: OCRError(.recognitionFailed, "the OCR pool has been shut down"))
                return
            }
            startIfNeeded()
            queue.append(job)
            condition.signal()
            condition.unlock()
        }
    }

    /// The index of the pool worker running the caller, or nil on any other thread.
    public static var currentWorkerIndex: Int? { WorkerMarker.current }

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
        LargeBufferPolicy.apply
        for index in 0..<workerCount {
            let thread = Thread { [self] in
                Thread.current.name = "legible-ocr-\(index)"
                WorkerMarker.mark(index)
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
            job(engine, engineError)
        }
    }
}

/// Marks pool threads through a pthread key, so code (and tests) can tell that blocking work
/// runs on a worker and not on Swift's cooperative pool.
private enum WorkerMarker {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static func mark(_ index: Int) {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: index + 1))
    }

    static var current: Int? {
        guard let value = pthread_getspecific(key) else { return nil }
        return Int(bitPattern: value) - 1
    }
}
