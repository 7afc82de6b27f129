import Foundation

extension OCRWorkerPool {
    /// `perform(_:)`, with a way for `body` to hand part of its work to workers that would
    /// otherwise idle (a one-page document at `-j 2`): see `WorkSharing`.
    public func performSharing<T: Sendable>(_ body: @escaping @Sendable (any OCREngine, WorkSharing) throws -> T) async throws -> T {
        let sharing = WorkSharing(queue: queue)
        return try await perform { engine in try body(engine, sharing) }
    }
}

/// Lets work running on a pool worker offer part of itself to the pool's idle workers. The
/// offering worker goes on with its own part and then collects the offered one: if no worker
/// has taken it yet, it takes it back and does it itself, so an offer never waits for a
/// worker and workers never wait on each other in a cycle (offered work offers nothing).
public struct WorkSharing: Sendable {
    let queue: WorkQueue

    /// How many workers would have nothing to do once the queued work is taken.
    public var idleWorkers: Int { queue.idleWorkers }

    /// Queues `body` for an idle worker; nil when no worker is idle (do the work yourself).
    /// Collect the result with `SharedWork.result(orRunWith:)` on the offering worker.
    public func offer<T: Sendable>(_ body: @escaping @Sendable (any OCREngine) throws -> T) -> SharedWork<T>? {
        guard idleWorkers > 0 else { return nil }
        let work = SharedWork(id: queue.nextID(), queue: queue, body: body)
        queue.submit(WorkQueue.Job(id: work.id, run: { engine, _ in work.run(with: engine) }, drop: { _ in work.abandon() }),
                     cancelled: false)
        return work
    }
}

/// Work offered to the pool's idle workers (`WorkSharing.offer`).
public final class SharedWork<T: Sendable>: @unchecked Sendable {
    let id: UInt64
    private let queue: WorkQueue
    private let body: @Sendable (any OCREngine) throws -> T
    private let condition = NSCondition()
    /// The other worker's result; nil until it is done.
    private var outcome: Result<T, any Error>?
    /// The work never ran elsewhere (the pool shut down, or the worker had no engine).
    private var abandoned = false

    init(id: UInt64, queue: WorkQueue, body: @escaping @Sendable (any OCREngine) throws -> T) {
        self.id = id
        self.queue = queue
        self.body = body
    }

    /// The work's result: taken back and done with `engine` (the caller's own) when no worker
    /// has started it, else waited for. Blocks: call it on the offering pool worker.
    /// - Throws: what the work throws.
    public func result(orRunWith engine: any OCREngine) throws -> T {
        if queue.withdraw(id) { return try body(engine) }
        condition.lock()
        while outcome == nil && !abandoned { condition.wait() }
        let finished = outcome
        condition.unlock()
        guard let finished else { return try body(engine) }
        return try finished.get()
    }

    /// Runs on the worker that took the work.
    fileprivate func run(with engine: (any OCREngine)?) {
        guard let engine else { return abandon() }
        let result = Result { try body(engine) }
        condition.lock()
        outcome = result
        condition.broadcast()
        condition.unlock()
    }

    fileprivate func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }
}
