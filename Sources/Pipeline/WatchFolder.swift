import FileIO
import Foundation
import OCR

/// Watches an inbox and processes every file that arrives, exactly once across crashes and
/// restarts: inotify on local file systems (on a thread of its own), polling where events do
/// not arrive, a scan at start for what arrived while it was down, and a file taken only once
/// its size and modification time have been stable for the settle delay. All documents share
/// one OCR pool, a few open at once. Cancel the calling task to stop: documents in progress
/// are abandoned without leaving partial outputs, and a restart takes them up again.
public struct WatchFolder: Sendable {
    private let engines: OCRWorkerPool
    private let options: WatchOptions

    /// Creates a watcher for `options`, sharing `engines` across documents.
    public init(engines: OCRWorkerPool, options: WatchOptions) {
        self.engines = engines
        self.options = options
    }

    private enum Signal: Sendable {
        case changed(InotifyMonitor.Change)
        case tick
        case finished(file: String, stamp: FileStamp, attempts: Int, outcome: IngestOutcome)
    }

    /// Runs until cancelled, or with `once` until the inbox's files at start are handled.
    /// - Throws: `PipelineError` when the folders are unusable or another watcher holds them.
    public func run(events: @escaping @Sendable (WatchEvent) -> Void = { _ in }) async throws -> WatchSummary {
        try options.job.validate()
        let folders = options.folders
        try folders.prepare()
        let inboxLock = try WatchLock.inbox(folders.inbox)
        defer { inboxLock?.release() }
        let lock = try WatchLock(in: folders.out, stateFolder: SourceTree.stateFolderName)
        defer { lock.release() }
        let ledger = try WatchLedger(folders: folders)
        let ingest = InboxIngest(folders: folders, ledger: ledger, task: DocumentTask(engines: engines, job: options.job))
        try await ingest.reconcile()
        InotifyMonitor.removeStaleProbe(in: folders.inbox)

        let (stream, continuation) = AsyncStream<Signal>.makeStream()
        let monitor = options.once ? nil : await startMonitor(continuation, events: events)
        defer { monitor?.stop() }
        let rescanInterval = monitor == nil ? (options.pollInterval ?? WatchOptions.defaultPollInterval) : WatchOptions.safetyRescanInterval

        var tracker = StabilityTracker(settle: options.settleSeconds)
        for (file, stamp) in InboxScanner.scan(folders.inbox) { tracker.observe(file, stamp) }
        let window = max(1, options.openDocuments ?? engines.workerCount + 1)
        var summary = WatchSummary()
        var inFlight: Set<String> = []
        var handledInPlace: [String: FileStamp] = [:]
        var lastScan = Date()
        var lastQueue = (waiting: -1, inProgress: -1)

        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                let tick = max(0.05, min(0.5, options.settleSeconds / 2, options.pollInterval ?? 0.5))
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: UInt64(tick * 1e9))
                    continuation.yield(.tick)
                }
            }
            continuation.yield(.tick)
            for await signal in stream {
                let now = Date()
                switch signal {
                case .changed(.file(let file)):
                    if !inFlight.contains(file), InboxScanner.isCandidate((file as NSString).lastPathComponent) {
                        tracker.observe(file, FileStamp(path: folders.inbox.appendingPathComponent(file).path))
                    }
                case .changed(.folder(let folder)):
                    for (file, stamp) in InboxScanner.scan(folders.inbox, under: folder) where !inFlight.contains(file) { tracker.observe(file, stamp) }
                case .changed(.overflow):
                    lastScan = .distantPast
                case .tick:
                    if !options.once && now.timeIntervalSince(lastScan) >= rescanInterval {
                        lastScan = now
                        for (file, stamp) in InboxScanner.scan(folders.inbox) where !inFlight.contains(file) && handledInPlace[file] != stamp {
                            tracker.observe(file, stamp)
                        }
                    }
                case let .finished(file, stamp, attempts, outcome):
                    inFlight.remove(file)
                    switch outcome {
                    case let .processed(output, pages, seconds, movedTo):
                        summary.processed += 1
                        if movedTo == nil { handledInPlace[file] = stamp }
                        events(.processed(file: file, output: output, pages: pages, seconds: seconds, movedTo: movedTo))
                    case let .failed(reason, movedTo):
                        summary.failed += 1
                        if movedTo == nil { handledInPlace[file] = stamp }
                        events(.failed(file: file, reason: reason, movedTo: movedTo))
                    case .retry(let reason):
                        let delay = min(60, options.settleSeconds + pow(2, Double(attempts)))
                        tracker.retry(file, stamp: stamp, attempts: attempts + 1, after: delay)
                        events(.retrying(file: file, attempt: attempts + 1, reason: reason, afterSeconds: delay))
                    case .changed:
                        tracker.observe(file, FileStamp(path: folders.inbox.appendingPathComponent(file).path))
                    case .discarded:
                        events(.note("\(file) changed while it was processed: its output was discarded, and it is processed again once it settles"))
                        tracker.observe(file, FileStamp(path: folders.inbox.appendingPathComponent(file).path))
                    case .vanished:
                        events(.left(file: file, reason: "removed from the inbox while it was processed: its output was discarded and nothing was archived"))
                    case .ignored:
                        handledInPlace[file] = stamp
                    case .cancelled:
                        break
                    }
                }
                // Confirm due files are unchanged, then start as many as the window allows.
                for file in tracker.due(now: now) where inFlight.count < window {
                    let current = FileStamp(path: folders.inbox.appendingPathComponent(file).path)
                    guard let current, current == tracker.candidates[file]?.stamp else {
                        if options.once, current != nil {
                            _ = tracker.take(file)
                            events(.left(file: file, reason: "still being written; left for the next run"))
                        } else {
                            tracker.observe(file, current, now: now)
                        }
                        continue
                    }
                    guard let candidate = tracker.take(file) else { continue }
                    inFlight.insert(file)
                    let finalAttempt = candidate.attempts >= options.retries
                    group.addTask {
                        let outcome = await ingest.ingest(file, stamp: current, finalAttempt: finalAttempt)
                        continuation.yield(.finished(file: file, stamp: current, attempts: candidate.attempts, outcome: outcome))
                    }
                }
                if (tracker.candidates.count, inFlight.count) != lastQueue {
                    lastQueue = (tracker.candidates.count, inFlight.count)
                    events(.queue(waiting: lastQueue.waiting, inProgress: lastQueue.inProgress))
                }
                if options.once && tracker.isEmpty && inFlight.isEmpty { break }
            }
            group.cancelAll()
        }
        continuation.finish()
        summary.interrupted = Task.isCancelled
        events(.stopped(processed: summary.processed, failed: summary.failed))
        return summary
    }

    /// inotify where it can work and does (a probe file's event arrives); nil means polling.
    private func startMonitor(_ continuation: AsyncStream<Signal>.Continuation,
                              events: @Sendable (WatchEvent) -> Void) async -> InotifyMonitor? {
        let inbox = options.folders.inbox
        let interval = options.pollInterval ?? WatchOptions.defaultPollInterval
        func polling(_ why: String) -> InotifyMonitor? {
            events(.started(mode: "polling every \(interval.formatted()) s: \(why)"))
            return nil
        }
        if options.pollInterval != nil { return polling("asked for") }
        if let remote = FileSystemKind.remoteName(of: inbox) { return polling("the inbox is on \(remote), where inotify sees no remote changes") }
        let monitor: InotifyMonitor
        do {
            monitor = try InotifyMonitor(root: inbox) { continuation.yield(.changed($0)) }
        } catch let error as PipelineError {
            return polling(error.message)
        } catch {
            return polling("\(error)")
        }
        monitor.start()
        let works = (try? await BlockingIO.run { monitor.probe(timeout: 2) }) ?? false
        guard works else {
            monitor.stop()
            return polling("no inotify events arrive for the inbox")
        }
        events(.started(mode: "inotify"))
        return monitor
    }
}

private extension Double {
    func formatted() -> String { self == rounded() ? String(Int(self)) : String(self) }
}
