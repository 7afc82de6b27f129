import FileIO
import Foundation
import Testing
import OCR
@testable import Pipeline
import TestSupport

/// `legible watch --delete`: processed inputs are deleted once their output is durable;
/// failed inputs never are, and a newer file that took a processed input's name survives.
struct WatchDeleteTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)

    private func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [])
            .filter { FileStamp(path: folder.appendingPathComponent($0).path)?.kind != .directory && !$0.hasPrefix(".legible") }
            .sorted()
    }

    private func watch(_ folders: WatchFolders) async throws -> WatchSummary {
        var options = WatchOptions(folders: folders, job: OCRJob(), engineName: "fake")
        options.once = true
        options.settleSeconds = 0
        return try await WatchFolder(engines: pool, options: options).run { _ in }
    }

    @Test func processedInputsAreDeletedAndFailedOnesKept() async throws {
        let root = try TemporaryDirectory()
        let inbox = root.file("inbox"), out = root.file("out"), failed = root.file("failed")
        let kinds = try MixedInput.populate(inbox, count: MixedInput.allCases.count)
        let summary = try await watch(WatchFolders(inbox: inbox, out: out, failed: failed, deleteProcessed: true))
        let good = kinds.filter { $0.value.isGood }, bad = kinds.filter { !$0.value.isGood }
        #expect(summary.processed == good.count && summary.failed == bad.count)
        #expect(files(inbox).isEmpty)
        #expect(files(out) == good.map { $0.value.outputName(for: $0.key) }.sorted())
        #expect(files(failed) == bad.keys.flatMap { [$0, $0 + ".error.txt"] }.sorted())
        // A second pass finds nothing to do: the journal closed every deleted input.
        #expect(try await watch(WatchFolders(inbox: inbox, out: out, failed: failed, deleteProcessed: true))
                == WatchSummary(processed: 0, failed: 0, interrupted: false))
    }

    @Test func aNewerFileUnderAProcessedNameIsNotDeleted() async throws {
        let root = try TemporaryDirectory()
        let inbox = root.file("inbox"), out = root.file("out")
        try DurableFiles.makeDirectories(inbox)
        let name = "scan.pdf", input = inbox.appendingPathComponent(name)
        try Data(try Fixtures.bytes(Fixtures.sample("scan-g4.pdf"))).write(to: input)
        let folders = WatchFolders(inbox: inbox, out: out, deleteProcessed: true)
        // As after a crash between settling and deleting: the journal says done, and the name
        // now holds another document.
        let ledger = try WatchLedger(folders: folders)
        let hash = try ContentHash.of(input)
        let claim = try await ledger.claim(file: name, input: hash, kind: .pdf)
        let done = try await ledger.settle(claim, failure: nil, pages: 1)
        try Data(try Fixtures.bytes(Fixtures.sample("scan-jpeg.pdf"))).write(to: input)
        let ingest = InboxIngest(folders: folders, ledger: ledger, task: DocumentTask(engines: pool, job: OCRJob()))
        _ = try await ingest.finish(done)
        #expect(try Fixtures.bytes(input) == (try Fixtures.bytes(Fixtures.sample("scan-jpeg.pdf"))))
    }

    @Test func deleteAndArchiveExcludeEachOther() async throws {
        let root = try TemporaryDirectory()
        try DurableFiles.makeDirectories(root.file("inbox"))
        await #expect(throws: PipelineError.self) {
            _ = try await watch(WatchFolders(inbox: root.file("inbox"), out: root.file("out"), archive: root.file("archive"), deleteProcessed: true))
        }
    }
}
