import Foundation

/// Whether the work on one page must stop: its task was cancelled (SIGTERM, Ctrl-C) or the
/// page's `--page-timeout` passed. Shared with the OCR worker thread that does a form page's
/// detection, which cannot see its task's cancellation: detection ran to its end after a
/// SIGTERM or past the time limit. The worker checks it between stages.
public final class PageInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    /// When the page must be given up, if ever.
    public let deadline: ContinuousClock.Instant?
    /// The limit the deadline was made from, in seconds, for the message.
    private let timeLimit: Double?

    /// Starts now, with `timeLimit` seconds (`--page-timeout`) if given.
    public init(timeLimit: Double?) {
        self.timeLimit = timeLimit
        deadline = timeLimit.map { ContinuousClock.now + .milliseconds(Int(($0 * 1000).rounded(.up))) }
    }

    /// An interruption with a given deadline (tests: one already past).
    public init(deadline: ContinuousClock.Instant) {
        self.deadline = deadline
        timeLimit = nil
    }

    /// Marks the page's work cancelled (from the task's cancellation handler).
    public func cancel() {
        lock.withLock { cancelled = true }
    }

    /// - Throws: `CancellationError` once cancelled, `ImagingError(.timedOut)` past the deadline.
    public func check() throws {
        if lock.withLock({ cancelled }) { throw CancellationError() }
        if let deadline, ContinuousClock.now >= deadline {
            throw ImagingError(.timedOut, "detecting the page's fields took longer than \(timeLimit.map { "\($0) s" } ?? "its time limit")")
        }
    }

    /// Runs `body`, cancelling this interruption when the calling task is cancelled.
    public func whileRunning<T>(_ body: () async throws -> T) async rethrows -> T {
        try await withTaskCancellationHandler(operation: body, onCancel: { self.cancel() })
    }
}
