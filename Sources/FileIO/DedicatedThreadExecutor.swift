import Foundation

/// A serial executor backed by one thread of its own. Actors that call blocking C code
/// (Leptonica decoding, composition) run on it so Swift's cooperative pool stays free.
///
/// A stage actor owns one per instance (per document run), so documents run side by side in a
/// batch never queue behind one process-wide thread, and calls `stop()` from its `deinit`: the
/// thread finishes what is queued and exits.
package final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    /// Starts the thread. It holds the executor until it exits, so jobs never outlive it.
    package init(name: String) {
        let thread = Thread { [self] in
            Thread.current.name = name
            self.run()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.signal()
        condition.unlock()
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets the thread exit once the jobs queued are done (the owner has no more to give it).
    package func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}
