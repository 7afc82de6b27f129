import FileIO
import Foundation
import Pipeline

/// `watch --status-file FILE`: the watcher's state as one JSON object, rewritten atomically
/// (a temporary file in the same folder, renamed over FILE) after every event, so a health
/// check (`jq .state FILE`, a container probe) never reads half a file.
final class WatchStatusFile: @unchecked Sendable {
    /// What the file holds.
    struct Status: Encodable {
        /// `starting`, `watching` or `stopped`.
        var state = "starting"
        /// How changes are noticed (inotify, polling and why).
        var mode: String?
        /// Files seen and not yet taken (settling, or waiting for a retry).
        var queue = 0
        /// Files being processed now.
        var inProgress = 0
        var processed = 0
        var failed = 0
        var retries = 0
        var lastError: LastError?
        var lastProcessed: String?
        var pid = Int(getpid())
        var started = WatchStatusFile.now()
        var updated = WatchStatusFile.now()
    }

    /// The last failure or retry: which file, why, when.
    struct LastError: Encodable {
        var file: String
        var reason: String
        var time: String
    }

    private let url: URL
    private let lock = NSLock()
    private var status = Status()

    /// Starts the file (state `starting`).
    /// - Throws: `PipelineError(.fileAccess)` when it cannot be written, before the watch begins.
    init(_ url: URL) throws {
        self.url = url
        try OutputFolders.check(files: [url], folders: [])
        try write()
    }

    /// Folds `event` into the status and rewrites the file (a failed write is reported once per event, never fatal).
    func record(_ event: WatchEvent) {
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
        do { try write() } catch { Console.warn("\(error)") }
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
