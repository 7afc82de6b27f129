import FileIO
import Foundation
import Testing
import OCR
@testable import Pipeline
import TestSupport

/// The watch folder with the fake engine: what lands where, refusals, restarts that find the
/// journal's unfinished steps, inotify and polling.
struct WatchFolderTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)

    /// inbox/, out/, archive/, failed/ in a fresh folder.
    private struct Layout {
        let root = try! TemporaryDirectory()
        var inbox: URL { root.file("inbox") }
        var out: URL { root.file("out") }
        var archive: URL { root.file("archive") }
        var failed: URL { root.file("failed") }
        func folders(archive: Bool = true, failed: Bool = true) -> WatchFolders {
            WatchFolders(inbox: inbox, out: out, archive: archive ? self.archive : nil, failed: failed ? self.failed : nil)
        }
        func files(_ folder: URL) -> [String] {
            ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [])
                .filter { FileStamp(path: folder.appendingPathComponent($0).path)?.kind != .directory && !$0.hasPrefix(".legible") }
                .sorted()
        }
    }

    private func watch(_ folders: WatchFolders, once: Bool = true, poll: Double? = nil, retries: Int = 2,
                       events: @escaping @Sendable (WatchEvent) -> Void = { _ in }) async throws -> WatchSummary {
        var options = WatchOptions(folders: folders, job: OCRJob(), engineName: "fake")
        options.once = once
        options.retries = retries
        options.settleSeconds = 0
        options.pollInterval = poll
        return try await WatchFolder(engines: pool, options: options).run(events: events)
    }

    @Test func onceSendsEveryInputToArchiveOrFailedWithAReason() async throws {
        let layout = Layout()
        let kinds = try MixedInput.populate(layout.inbox, count: MixedInput.allCases.count)
        try MixedInput.populate(layout.inbox.appendingPathComponent("sub/folder"), count: 3, prefix: "s")
        try FileManager.default.createSymbolicLink(atPath: layout.inbox.appendingPathComponent("link.pdf").path,
                                                   withDestinationPath: Fixtures.sample("scan-g4.pdf").path)
        let summary = try await watch(layout.folders())
        #expect(summary == WatchSummary(processed: 5 + 3, failed: 4 + 1, interrupted: false))
        #expect(layout.files(layout.inbox).isEmpty)
        let good = kinds.filter { $0.value.isGood }
        #expect(layout.files(layout.out) == (good.map { $0.value.outputName(for: $0.key) }
                                              + ["sub/folder/s000-scan.pdf", "sub/folder/s001-twoPages.pdf", "sub/folder/s002-image.pdf"]).sorted())
        #expect(layout.files(layout.archive) == (good.keys + ["sub/folder/s000-scan.pdf", "sub/folder/s001-twoPages.pdf", "sub/folder/s002-image.jpg"]).sorted())
        let bad = kinds.filter { !$0.value.isGood }.keys + ["link.pdf"]
        #expect(layout.files(layout.failed) == bad.flatMap { [$0, $0 + ".error.txt"] }.sorted())
        let reasons = try bad.map { try String(contentsOf: layout.failed.appendingPathComponent($0 + ".error.txt"), encoding: .utf8) }
        #expect(reasons.contains { $0.contains("encrypted") } && reasons.contains { $0.contains("empty") }
                && reasons.contains { $0.contains("not a PDF or a JPEG, PNG, TIFF") } && reasons.contains { $0.contains("symbolic link") })
        #expect(FileStamp(path: Fixtures.sample("scan-g4.pdf").path) != nil) // the link's target is untouched
        for name in layout.files(layout.out) { #expect(try Tool.qpdfCheck(layout.out.appendingPathComponent(name)) == 0) }
    }

    @Test func foldersInsideTheInboxAreRefused() async throws {
        let layout = Layout()
        try FileManager.default.createDirectory(at: layout.inbox, withIntermediateDirectories: true)
        for folders in [WatchFolders(inbox: layout.inbox, out: layout.inbox.appendingPathComponent("out")),
                        WatchFolders(inbox: layout.inbox, out: layout.out, archive: layout.inbox),
                        WatchFolders(inbox: layout.inbox, out: layout.out, failed: layout.inbox.appendingPathComponent("x/failed"))] {
            await #expect(throws: PipelineError.self) { try await watch(folders) }
        }
        await #expect(throws: PipelineError.self) { try await watch(WatchFolders(inbox: layout.root.file("absent"), out: layout.out)) }
    }

    @Test func aSecondWatcherOnTheSameOutputIsRefused() async throws {
        let layout = Layout()
        try FileManager.default.createDirectory(at: layout.inbox, withIntermediateDirectories: true)
        let first = Task { try await watch(layout.folders(), once: false, poll: 0.1) }
        try await Task.sleep(nanoseconds: 300_000_000)
        await #expect(throws: PipelineError.self) { try await watch(layout.folders()) }
        first.cancel()
        #expect(try await first.value.interrupted)
        _ = try await watch(layout.folders()) // the lock went with the first watcher
    }

    @Test func withoutArchiveAndFailedFoldersInputsStayAndAreNotRedone() async throws {
        let layout = Layout()
        try MixedInput.populate(layout.inbox, count: 9)
        let first = try await watch(layout.folders(archive: false, failed: false))
        #expect(first.processed == 5 && first.failed == 4)
        #expect(layout.files(layout.inbox).count == 9)
        #expect(FileManager.default.fileExists(atPath: layout.out.appendingPathComponent("f005-encrypted.pdf.error.txt").path))
        let outputs = layout.files(layout.out)
        let second = try await watch(layout.folders(archive: false, failed: false))
        #expect(second.processed == 0 && second.failed == 0)
        #expect(layout.files(layout.out) == outputs)
    }

    @Test func aNameArrivingAgainGetsANewOutputNotAnOverwrite() async throws {
        let layout = Layout()
        try MixedInput.scan.write(to: layout.inbox.appendingPathComponent("scan.pdf").creatingParent())
        _ = try await watch(layout.folders())
        try MixedInput.scan.write(to: layout.inbox.appendingPathComponent("scan.pdf")) // the very same bytes again
        _ = try await watch(layout.folders())
        #expect(layout.files(layout.out) == ["scan-2.pdf", "scan.pdf"])
        #expect(layout.files(layout.archive) == ["scan-2.pdf", "scan.pdf"])
    }

    @Test func errorsThatMayPassAreRetriedBeforeTheInputFails() async throws {
        let layout = Layout()
        try MixedInput.scan.write(to: layout.inbox.appendingPathComponent("sub/scan.pdf").creatingParent())
        // The output's folder cannot be made: a file has its name.
        try FileManager.default.createDirectory(at: layout.out, withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: layout.out.appendingPathComponent("sub"))
        let log = EventLog()
        let summary = try await watch(layout.folders(), retries: 1) { log.append($0) }
        #expect(summary.failed == 1)
        #expect(log.events.filter { if case .retrying = $0 { return true } else { return false } }.count == 1)
        #expect(layout.files(layout.failed) == ["sub/scan.pdf", "sub/scan.pdf.error.txt"])
    }

    @Test func aRestartFinishesWhatTheJournalShowsUnfinished() async throws {
        let layout = Layout()
        let folders = layout.folders()
        try FileManager.default.createDirectory(at: layout.inbox, withIntermediateDirectories: true)
        try folders.prepare()
        let names = ["claimed.pdf", "done.pdf", "failing.pdf", "moved.pdf"]
        for name in names { try MixedInput.scan.write(to: layout.inbox.appendingPathComponent(name)) }
        let hash = try ContentHash.of(layout.inbox.appendingPathComponent("done.pdf"))
        // A crash after each step: an output claimed (and a temporary file left half-written),
        // an output written and journaled, a failure journaled, an input moved but not closed.
        try Data("half".utf8).write(to: layout.out.appendingPathComponent(".claimed-out.pdf.legible-1-2.tmp"))
        try FileManager.default.copyItem(at: Fixtures.sample("scan-g4.pdf"), to: layout.out.appendingPathComponent("done.pdf"))
        try FileManager.default.createDirectory(at: layout.archive, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: layout.inbox.appendingPathComponent("moved.pdf"), to: layout.archive.appendingPathComponent("moved.pdf"))
        let entries = [
            WatchJournalEntry(step: .claimed, file: "claimed.pdf", input: hash, output: "claimed-out.pdf"),
            WatchJournalEntry(step: .done, file: "done.pdf", input: hash, output: "done.pdf", moveTo: "done.pdf", pages: 1),
            WatchJournalEntry(step: .failing, file: "failing.pdf", input: hash, moveTo: "failing.pdf", reason: "it was bad"),
            WatchJournalEntry(step: .done, file: "moved.pdf", input: hash, output: "moved.pdf", moveTo: "moved.pdf", pages: 1),
        ]
        try Journal<WatchJournalEntry>.rewrite(WatchLedger.journalURL(in: layout.out), with: entries)
        let outputBefore = try Fixtures.bytes(layout.out.appendingPathComponent("done.pdf"))

        let summary = try await watch(folders)
        #expect(summary.processed == 2 && summary.failed == 1) // claimed redone, done finished, failing finished
        #expect(layout.files(layout.out) == ["claimed-out.pdf", "done.pdf"])
        #expect(try Fixtures.bytes(layout.out.appendingPathComponent("done.pdf")) == outputBefore) // not redone
        #expect(layout.files(layout.archive) == ["claimed.pdf", "done.pdf", "moved.pdf"])
        #expect(layout.files(layout.failed) == ["failing.pdf", "failing.pdf.error.txt"])
        #expect(try String(contentsOf: layout.failed.appendingPathComponent("failing.pdf.error.txt"), encoding: .utf8).contains("it was bad"))
        #expect(layout.files(layout.inbox).isEmpty)
        // Compaction: the next start keeps nothing of inputs that have left.
        _ = try await watch(folders)
        #expect(Journal<WatchJournalEntry>.read([WatchLedger.journalURL(in: layout.out)]).isEmpty)
    }

    @Test("files arriving while it runs are taken", arguments: [nil, 0.1])
    func filesArrivingWhileItRunsAreTaken(poll: Double?) async throws {
        let layout = Layout()
        try FileManager.default.createDirectory(at: layout.inbox, withIntermediateDirectories: true)
        let log = EventLog()
        let watcher = Task { try await watch(layout.folders(), once: false, poll: poll) { log.append($0) } }
        try await log.waitFor { if case .started = $0 { return true } else { return false } }
        try MixedInput.populate(layout.inbox.appendingPathComponent("new/sub"), count: 4)
        // A file written in pieces under a partial name, then renamed, as browsers do.
        let partial = layout.inbox.appendingPathComponent("download.pdf.part")
        try MixedInput.twoPages.write(to: partial)
        try FileManager.default.moveItem(at: partial, to: layout.inbox.appendingPathComponent("download.pdf"))
        try await log.waitFor(count: 5) { if case .processed = $0 { return true } else { return false } }
        watcher.cancel()
        let summary = try await watcher.value
        #expect(summary.processed == 5 && summary.interrupted)
        #expect(log.events.contains(.started(mode: poll == nil ? "inotify" : "polling every 0.1 s: asked for")))
        #expect(layout.files(layout.out).count == 5 && layout.files(layout.inbox).isEmpty)
    }

    @Test func aFileIsTakenOnlyOnceItHasStoppedChanging() {
        var tracker = StabilityTracker(settle: 2)
        let start = Date()
        let first = FileStamp(kind: .regular, size: 10, modified: 1, inode: 7)
        tracker.observe("a.pdf", first, now: start)
        #expect(tracker.due(now: start.addingTimeInterval(1.9)).isEmpty)
        tracker.observe("a.pdf", FileStamp(kind: .regular, size: 20, modified: 2, inode: 7), now: start.addingTimeInterval(1.9))
        #expect(tracker.due(now: start.addingTimeInterval(3)).isEmpty) // grew: the delay starts again
        #expect(tracker.due(now: start.addingTimeInterval(3.9)) == ["a.pdf"])
        _ = tracker.take("a.pdf")
        tracker.retry("a.pdf", stamp: first, attempts: 1, after: 5, now: start.addingTimeInterval(4))
        #expect(tracker.due(now: start.addingTimeInterval(8)).isEmpty && tracker.due(now: start.addingTimeInterval(9)) == ["a.pdf"])
        #expect(!InboxScanner.isCandidate(".hidden.pdf") && !InboxScanner.isCandidate("x.pdf.crdownload") && InboxScanner.isCandidate("x.pdf"))
    }

    @Test func localFileSystemsAreNotTakenForRemoteOnes() throws {
        #expect(FileSystemKind.remoteName(of: try TemporaryDirectory().url) == nil)
    }
}

/// Events collected from a running watch, and waiting for them.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [WatchEvent] = []

    var events: [WatchEvent] { lock.withLock { collected } }

    func append(_ event: WatchEvent) { lock.withLock { collected.append(event) } }

    /// Waits (up to 20 s) until `count` events match.
    func waitFor(count: Int = 1, _ matches: (WatchEvent) -> Bool) async throws {
        for _ in 0..<400 {
            if events.filter(matches).count >= count { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        Issue.record("timed out waiting for events; got \(events)")
    }
}
