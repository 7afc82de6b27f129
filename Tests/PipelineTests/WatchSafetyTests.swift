import FileIO
import Foundation
import Testing
import Imaging
import OCR
import PDF
@testable import Pipeline
import TestSupport

/// The watcher never archives bytes it did not process (issue 18, item 4): a file replaced or
/// written to again while it is processed is processed again from its new bytes, a file the
/// user removes mid-run is reported as removed (never "archived"), one watcher per inbox
/// whatever its `--out`, and a damaged input goes to failed/ with its reason.
struct WatchSafetyTests {
    /// inbox/, out/, archive/, failed/ in a fresh folder.
    private struct Layout {
        let root: TemporaryDirectory
        init() throws { root = try TemporaryDirectory() }
        var inbox: URL { root.file("inbox") }
        var out: URL { root.file("out") }
        var archive: URL { root.file("archive") }
        var failed: URL { root.file("failed") }
        var folders: WatchFolders { WatchFolders(inbox: inbox, out: out, archive: archive, failed: failed) }

        /// Visible files under `folder`, relative paths, sorted.
        func files(_ folder: URL) -> [String] {
            ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [])
                .filter { !$0.hasPrefix(".") && FileStamp(path: folder.appendingPathComponent($0).path)?.kind == .regular }
                .sorted()
        }

        /// Puts `bytes` into the inbox under `name` as a sync client does: a hidden temporary
        /// file renamed over the name.
        func drop(_ bytes: [UInt8], as name: String) throws {
            try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
            let temporary = inbox.appendingPathComponent(".\(name).part")
            try Data(bytes).write(to: temporary)
            guard rename(temporary.path, inbox.appendingPathComponent(name).path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    /// Runs one `--once` watch whose engine calls `duringFirstPage` once, while the first page
    /// is being recognized: the moment a user or a writer changes the inbox under the watcher.
    private func watch(_ layout: Layout, duringFirstPage hook: @escaping @Sendable () -> Void = {}) async throws -> (WatchSummary, [WatchEvent]) {
        let pool = OCRWorkerPool(factory: HookedEngineFactory(hook: OnceHook(hook)), workers: 1)
        defer { pool.shutdown() }
        var options = WatchOptions(folders: layout.folders, job: OCRJob(), engineName: "fake")
        options.once = true
        options.settleSeconds = 0
        options.retries = 0
        let log = EventLog()
        let summary = try await WatchFolder(engines: pool, options: options).run { log.append($0) }
        return (summary, log.events)
    }

    private static func pageCount(_ url: URL) throws -> Int { try PDFDocument(bytes: try Fixtures.bytes(url)).pages().count }

    @Test func aFileReplacedWhileItIsProcessedIsProcessedAgainFromItsNewBytes() async throws {
        let layout = try Layout()
        let old = try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")), new = try Fixtures.bytes(Fixtures.sample("two-pages.pdf"))
        try layout.drop(old, as: "a.pdf")
        let (summary, events) = try await watch(layout) { try? layout.drop(new, as: "a.pdf") }
        #expect(summary.processed == 1 && summary.failed == 0, "\(events)")
        // The output is made from the bytes that were archived: two pages, not the old one.
        #expect(layout.files(layout.out) == ["a.pdf"])
        #expect(try Self.pageCount(layout.out.appendingPathComponent("a.pdf")) == 2)
        #expect(try Fixtures.bytes(layout.archive.appendingPathComponent("a.pdf")) == new)
        #expect(events.contains { if case .note(let text) = $0 { return text.contains("changed while it was processed") } else { return false } })
        #expect(layout.root.contents().allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test func aWriterPausingLongerThanTheSettleDelayDoesNotGetItsPartialFileArchived() async throws {
        let layout = try Layout()
        let whole = try Fixtures.bytes(Fixtures.sample("two-pages.pdf"))
        // The writer has written 70 % (page 1 and part of page 2), pauses past the settle delay,
        // and writes the rest while the watcher is processing what it found.
        let partial = Array(whole.prefix(whole.count * 7 / 10))
        try layout.drop(partial, as: "scan.pdf")
        let inboxFile = layout.inbox.appendingPathComponent("scan.pdf")
        let (summary, events) = try await watch(layout) {
            guard let handle = try? FileHandle(forWritingTo: inboxFile) else { return }
            handle.seekToEndOfFile()
            handle.write(Data(whole[partial.count...]))
            try? handle.close()
        }
        #expect(summary.processed == 1 && summary.failed == 0, "\(events)")
        #expect(try Fixtures.bytes(layout.archive.appendingPathComponent("scan.pdf")) == whole)
        // Both pages were recognized: the output is the complete file's.
        let text = try Tool.pdftotext(layout.out.appendingPathComponent("scan.pdf"))
        #expect(text.components(separatedBy: "Legible").count - 1 == 2, "\(text)")
    }

    @Test func aFileRemovedMidRunIsReportedAsRemovedNotArchived() async throws {
        let layout = try Layout()
        try layout.drop(try Fixtures.bytes(Fixtures.sample("scan-g4.pdf")), as: "gone.pdf")
        let inboxFile = layout.inbox.appendingPathComponent("gone.pdf")
        let (summary, events) = try await watch(layout) { unlink(inboxFile.path) }
        #expect(summary.processed == 0, "\(events)")
        #expect(!events.contains { if case .processed = $0 { return true } else { return false } }, "\(events)")
        #expect(events.contains { if case .left(let file, let reason) = $0 { return file == "gone.pdf" && reason.contains("removed") } else { return false } })
        #expect(layout.files(layout.archive).isEmpty && layout.files(layout.out).isEmpty)
    }

    @Test func aSecondWatcherOnTheSameInboxIsRefusedWhateverItsOutput() async throws {
        let layout = try Layout()
        try FileManager.default.createDirectory(at: layout.inbox, withIntermediateDirectories: true)
        let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 1)
        defer { pool.shutdown() }
        var first = WatchOptions(folders: layout.folders, job: OCRJob(), engineName: "fake")
        first.pollInterval = 0.1
        let firstOptions = first
        let running = Task { try await WatchFolder(engines: pool, options: firstOptions).run() }
        try await Task.sleep(nanoseconds: 300_000_000)
        // Another output folder, and the inbox named through a link: still the same inbox.
        let link = layout.root.file("inbox-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: layout.inbox)
        var second = WatchOptions(folders: WatchFolders(inbox: link, out: layout.root.file("out2")), job: OCRJob(), engineName: "fake")
        second.once = true
        await #expect { try await WatchFolder(engines: pool, options: second).run() } throws: { error in
            guard let error = error as? PipelineError else { return false }
            return error.code == .fileAccess && error.message.contains("another watcher")
        }
        running.cancel()
        #expect(try await running.value.interrupted)
        _ = try await WatchFolder(engines: pool, options: second).run() // the lock went with the first watcher
    }

    @Test func aDamagedInputGoesToFailedWithItsReasonAndNoOutput() async throws {
        let layout = try Layout()
        let whole = try Fixtures.bytes(Fixtures.sample("two-pages.pdf"))
        // Cut short for good (no writer comes back): page 2's image is lost.
        try layout.drop(Array(whole.prefix(whole.count * 7 / 10)), as: "cut.pdf")
        let (summary, events) = try await watch(layout)
        #expect(summary.failed == 1 && summary.processed == 0, "\(events)")
        #expect(layout.files(layout.failed) == ["cut.pdf", "cut.pdf.error.txt"])
        let reason = try String(contentsOf: layout.failed.appendingPathComponent("cut.pdf.error.txt"), encoding: .utf8)
        #expect(reason.contains("damaged") && reason.contains("page 2"), "\(reason)")
        #expect(layout.files(layout.out).isEmpty && layout.files(layout.archive).isEmpty)
    }
}

/// Runs a closure the first time it is asked to, from whichever thread asks.
private final class OnceHook: @unchecked Sendable {
    private let lock = NSLock()
    private var action: (@Sendable () -> Void)?

    init(_ action: @escaping @Sendable () -> Void) { self.action = action }

    func fire() {
        let pending: (@Sendable () -> Void)? = lock.withLock {
            defer { action = nil }
            return action
        }
        pending?()
    }
}

/// The fake engine, with a hook run while the first page is recognized.
private struct HookedEngineFactory: OCREngineFactory {
    let hook: OnceHook

    func makeEngine() throws -> any OCREngine { HookedEngine(hook: hook) }
    var name: String { "fake" }
}

private final class HookedEngine: OCREngine {
    private let hook: OnceHook
    private let engine = FakeEngine()

    init(hook: OnceHook) { self.hook = hook }

    func recognize(_ image: PixImage, dpi: Int, timeout: Double?) throws -> OCRPage {
        hook.fire()
        return try engine.recognize(image, dpi: dpi, timeout: timeout)
    }
}
