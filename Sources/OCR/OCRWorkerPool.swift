import Foundation
import Imaging

/// A pool of OCR engines, each on a thread of its own, so blocking recognition never
/// occupies Swift's cooperative thread pool. Engines are made once per worker, on its first
/// job, and reused for every page and document the pool sees.
///
/// The owner ends the pool: `shutdown()`, or by letting go of its last reference (the worker
/// threads hold only the pool's queue, not the pool, so `deinit` runs and shuts it down). Either
/// way the workers finish the work already queued and exit. Work whose task is cancelled while it
/// waits for a worker is dropped and throws `CancellationError`; work already running finishes.
public final class OCRWorkerPool: @unchecked Sendable {
    /// Number of worker threads.
    public let workerCount: Int
    let queue: WorkQueue

    /// Creates a pool of `workers` threads (at least one) making engines with `factory`.
    public init(factory: any OCREngineFactory, workers: Int) {
        self.workerCount = max(1, workers)
        self.queue = WorkQueue(factory: factory, workers: max(1, workers))
    }

    deinit { queue.shutdown() }

    /// Recognizes `image`, suspending (not blocking) the caller until a worker is done.
    public func recognize(_ image: PixImage, dpi: Int, timeout: Double? = nil) async throws -> OCRPage {
        try await perform { engine in try engine.recognize(image, dpi: dpi, timeout: timeout) }
    }

    /// Runs `body` on a worker thread with that worker's engine and returns its result. Use it
    /// to keep blocking work that belongs with recognition (orientation, resampling) off
    /// Swift's cooperative pool.
    /// - Throws: what `body` throws; `CancellationError` when the calling task is cancelled
    ///   before a worker takes the work.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (any OCREngine) throws -> T) async throws -> T {
        try await performOnWorker { engine in try body(engine.get()) }
    }

    /// Runs `body` on a worker thread with that worker's engine, or with the error that kept
    /// the worker from making one: for work that only sometimes needs recognition (a form
    /// page read from its own words), so it can go on without an engine.
    /// - Throws: as `perform(_:)`.
    public func performOnWorker<T: Sendable>(_ body: @escaping @Sendable (Result<any OCREngine, any Error>) throws -> T) async throws -> T {
        let id = queue.nextID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let job = WorkQueue.Job(
                    id: id,
                    run: { engine, engineError in
                        let available: Result<any OCREngine, any Error> = engine.map { .success($0) }
                            ?? .failure(engineError ?? OCRError(.missingDependency, "no OCR engine"))
                        do { continuation.resume(returning: try body(available)) } catch { continuation.resume(throwing: error) }
                    },
                    drop: { continuation.resume(throwing: $0) })
                queue.submit(job, cancelled: Task.isCancelled)
            }
        } onCancel: {
            queue.cancel(id)
        }
    }

    /// The index of the pool worker running the caller, or nil on any other thread.
    public static var currentWorkerIndex: Int? { WorkerMarker.current }

    /// Stops the workers once the queued jobs are done; later work throws. Safe to call more
    /// than once.
    public func shutdown() {
        queue.shutdown()
    }

    /// Whether every worker thread has exited (after `shutdown`, once the queued work is done).
    public var workersExited: Bool { queue.workersExited }
}

/// The pool's queue and its worker threads. The threads hold this, not the pool, so the pool's
/// owner letting go of the pool ends them.
final class WorkQueue: @unchecked Sendable {
    /// A unit of work: `run` on a worker thread with that worker's engine (or the error that
    /// kept it from making one); `drop` with the reason when it never runs.
    struct Job {
        var id: UInt64
        var run: @Sendable ((any OCREngine)?, (any Error)?) -> Void
        var drop: @Sendable (any Error) -> Void
    }

    private let factory: any OCREngineFactory
    private let workers: Int
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var shuttingDown = false
    private var started = false
    private var running = 0
    /// Workers running a job now.
    private var busy = 0
    private var lastID: UInt64 = 0
    /// Jobs given an id but not submitted yet, and those of them cancelled already (the
    /// cancellation handler ran before the continuation was made).
    private var unsubmitted = Set<UInt64>()
    private var cancelledEarly = Set<UInt64>()

    init(factory: any OCREngineFactory, workers: Int) {
        self.factory = factory
        self.workers = workers
    }

    func nextID() -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        lastID += 1
        unsubmitted.insert(lastID)
        return lastID
    }

    /// Queues `job`, or drops it at once when the pool is shut down or its task is cancelled.
    func submit(_ job: Job, cancelled: Bool) {
        condition.lock()
        unsubmitted.remove(job.id)
        if shuttingDown {
            cancelledEarly.remove(job.id)
            condition.unlock()
            job.drop(OCRError(.recognitionFailed, "the OCR pool has been shut down"))
            return
        }
        if cancelled || cancelledEarly.remove(job.id) != nil {
            condition.unlock()
            job.drop(CancellationError())
            return
        }
        startIfNeeded()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// How many workers would have nothing to do once the queued jobs are taken: the room
    /// for work a running job offers to share (`WorkSharing`).
    var idleWorkers: Int {
        condition.lock()
        defer { condition.unlock() }
        return shuttingDown ? 0 : max(0, workers - busy - jobs.count)
    }

    /// Takes job `id` back if no worker has taken it yet; whether it was still queued.
    func withdraw(_ id: UInt64) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let index = jobs.firstIndex(where: { $0.id == id }) else { return false }
        jobs.remove(at: index)
        return true
    }

    /// Drops job `id` if it still waits for a worker.
    func cancel(_ id: UInt64) {
        condition.lock()
        guard let index = jobs.firstIndex(where: { $0.id == id }) else {
            // Not submitted yet: remembered for `submit`. Already running: it finishes.
            if unsubmitted.contains(id) { cancelledEarly.insert(id) }
            condition.unlock()
            return
        }
        let job = jobs.remove(at: index)
        condition.unlock()
        job.drop(CancellationError())
    }

    func shutdown() {
        condition.lock()
        shuttingDown = true
        condition.broadcast()
        condition.unlock()
    }

    var workersExited: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running == 0
    }

    /// Must be called with the lock held.
    private func startIfNeeded() {
        guard !started else { return }
        started = true
        LargeBufferPolicy.apply
        running = workers
        for index in 0..<workers {
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
        var engineTried = false
        while true {
            condition.lock()
            while jobs.isEmpty && !shuttingDown { condition.wait() }
            if jobs.isEmpty && shuttingDown {
                running -= 1
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            busy += 1
            condition.unlock()
            // The engine is made on the worker's first job, not when the thread starts: loading
            // a Tesseract model costs 0.15-0.2 s of CPU, which a worker that never gets a page
            // (a one-page document at -j 2, a blank page) would pay for nothing.
            if !engineTried {
                engineTried = true
                do { engine = try factory.makeEngine() } catch { engineError = error }
            }
            job.run(engine, engineError)
            condition.lock()
            busy -= 1
            condition.unlock()
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
