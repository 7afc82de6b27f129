/// What a watch reports as it works, for logs.
public enum WatchEvent: Sendable, Equatable {
    /// Watching started: how changes are noticed ("inotify", "polling every 5 s: nfs").
    case started(mode: String)
    /// Something worth telling that is not about one file.
    case note(String)
    /// An output is written and the input moved (to `movedTo` under the archive, or nil).
    case processed(file: String, output: String, pages: Int, seconds: Double, movedTo: String?)
    /// The input failed for good and was moved (to `movedTo` under the failed folder, or nil).
    case failed(file: String, reason: String, movedTo: String?)
    /// The input failed in a way that may pass; it is tried again later.
    case retrying(file: String, attempt: Int, reason: String, afterSeconds: Double)
    /// The input was not taken in this run (e.g. `--once` and it was still being written).
    case left(file: String, reason: String)
    /// The files known and not yet done changed: `waiting` (seen, settling or due for a
    /// retry) and `inProgress` (being processed). For health checks (`--status-file`).
    case queue(waiting: Int, inProgress: Int)
    /// Watching ended.
    case stopped(processed: Int, failed: Int)
}

/// How a watch ended.
public struct WatchSummary: Sendable, Equatable {
    /// Inputs whose output was written.
    public var processed = 0
    /// Inputs that failed for good.
    public var failed = 0
    /// Whether it was stopped (signal) rather than running out of work (`--once`).
    public var interrupted = false
}
