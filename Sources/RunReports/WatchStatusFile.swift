import FileIO
import Foundation
import Pipeline

/// `watch --status-file FILE`: the watcher's state as one JSON object, rewritten atomically
/// (a temporary file in the same folder, renamed over FILE) after every event, so a health
/// check (`jq .state FILE`, a container probe) never reads half a file.
public final class WatchStatusFile: @unchecked Sendable {
    /// What the file holds.
    public struct Status: Encodable, Sendable {
        /// `starting`, `watching` or `stopped`.
        public var state = "starting"
        /// How changes are noticed (inotify, polling and why).
        public var mode: String?
        /// Files seen and not yet taken (settling, or waiting for a retry).
        public var queue = 0
        /// Files being processed now.
        public var inProgress = 0
        /// Inputs whose output was written.
        public var processed = 0
        /// Inputs that failed for good.
        public var failed = 0
        /// Retries scheduled.
        public var retries = 0
        /// The last failure or retry.
        public var lastError: LastError?
        /// The last input processed.
        public var lastProcessed: String?
        /// The watching process.
        public var pid = Int(getpid())
        /// When the watch started, ISO 8601.
        public var started = WatchStatusFile.now()
        /// When the file was last rewritten, ISO 8601.
        public var updated = WatchStatusFile.now()
    }

    /// The last failure or retry: which file, why, when.
    public struct LastError: Encodable, Sendable {
        /// The input, relative to the inbox.
        public var file: String
        /// Why it failed.
        public var reason: String
        /// When, ISO 8601.
        public var time: String
    }

    private let url: URL
    private let lock = NSLock()
    private var status = Status()

    /// Starts the file (state `starting`).
    /// - Throws: `PipelineError(.fileAccess)` when it cannot be written, before the watch begins.
    public init(_ url: URL) throws {
        self.url = url
        try OutputFolders.check(files: [url], folders: [])
        try write()
    }

    /// What the file says now.
    public var current: Status {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    /// Folds `event` into the status and rewrites the file.
    /// - Throws: `PipelineError(.fileAccess)` when the file cannot be rewritten; the status is
    ///   kept and the next event tries again (a watch goes on: the caller reports it, never fatal).
    public func record(_ event: WatchEvent) throws {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .started(let mode): status.state = "watching"; status.mode = mode
        case .note: break
        case .processed(let file, _, _, _, _): status.processed += 1; status.lastProcessed = file
        case .failed(let file, let reason, _):
            status.failed += 1
            status.lastError = LastError(file: file, reason: reason, time: Self.now())
        case .retrying(let file, _, let reason, _):
            status.retries += 1
            status.lastError = LastError(file: file, reason: reason, time: Self.now())
        case .left: break
        case .queue(let waiting, let inProgress):
            // `--once` starts no monitor, so no `started` event: the first queue count says it runs.
            if status.state == "starting" { status.state = "watching" }
            status.queue = waiting
            status.inProgress = inProgress
        case .stopped: status.state = "stopped"; status.inProgress = 0
        }
        status.updated = Self.now()
        try write()
    }

    private func write() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(status) + Data("\n".utf8)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else { throw PipelineError(.fileAccess, "cannot replace \(url.path)") }
        } catch let error as PipelineError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PipelineError(.fileAccess, "cannot write the status file \(url.path): \(error.localizedDescription)")
        }
    }

    private static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}
