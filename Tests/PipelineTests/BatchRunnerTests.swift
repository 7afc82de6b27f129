import FileIO
import Foundation
import Testing
import OCR
@testable import Pipeline
import TestSupport

/// Batch runs with the fake engine: tree mirroring, type sniffing, the journal that makes
/// re-runs resume, and what a stopped run leaves behind.
struct BatchRunnerTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)

    private func run(_ source: URL, _ destination: URL, job: OCRJob = OCRJob(), shard: ShardSpec = .all, engine: String = "fake",
                     progress: @escaping @Sendable (BatchRecord, Int, Int) -> Void = { _, _, _ in }) async throws -> BatchResult {
        var options = BatchOptions(source: source, destination: destination, job: job, engineName: engine)
        options.shard = shard
        return try await BatchRunner(engines: pool).run(options, progress: progress)
    }

    private func outcomes(_ result: BatchResult) -> [String: BatchRecord.Outcome] {
        Dictionary(uniqueKeysWithValues: result.records.map { ($0.file, $0.outcome) })
    }

    @Test func mirrorsTheTreeAndSniffsTypesByContent() async throws {
        let folder = try TemporaryDirectory()
        let source = folder.file("src"), destination = folder.file("dst")
        try MixedInput.populate(source.appendingPathComponent("a/b"), count: MixedInput.allCases.count)
        try MixedInput.scan.write(to: source.appendingPathComponent("top.pdf"))
        // A JPEG named .pdf is still an image, and its output keeps the name it would have had.
        try MixedInput.image.write(to: source.appendingPathComponent("photo.pdf"))
        // scan.jpg beside scan.pdf: the image cannot take scan.pdf.
        try MixedInput.image.write(to: source.appendingPathComponent("same.jpg"))
        try MixedInput.scan.write(to: source.appendingPathComponent("same.pdf"))
        try FileManager.default.createSymbolicLink(atPath: source.appendingPathComponent("outside.pdf").path,
                                                   withDestinationPath: Fixtures.sample("scan-g4.pdf").path)
        try FileManager.default.createSymbolicLink(atPath: source.appendingPathComponent("inside.pdf").path, withDestinationPath: "top.pdf")

        let result = try await run(source, destination)
        let outcome = outcomes(result)
        for kind in MixedInput.allCases {
            let name = String(format: "a/b/f%03d-%@.%@", MixedInput.allCases.firstIndex(of: kind)!, kind.rawValue, kind.fileExtension)
            let output = destination.appendingPathComponent(kind.outputName(for: name))
            switch kind {
            case .empty, .notPDF: #expect(outcome[name] == .skipped, "\(name)")
            case .encrypted, .truncated: #expect(outcome[name] == .failed, "\(name)")
            default:
                #expect(outcome[name] == .ok, "\(name)")
                #expect(try Tool.qpdfCheck(output) == 0, "\(name)")
            }
            #expect(FileManager.default.fileExists(atPath: output.path) == kind.isGood, "\(name)")
        }
        #expect(outcome["photo.pdf"] == .ok && FileManager.default.fileExists(atPath: destination.appendingPathComponent("photo.pdf").path))
        #expect(FileManager.default.fileExists(atPath: destination.appendingPathComponent("same.jpg.pdf").path))
        #expect(outcome["outside.pdf"] == .skipped)
        #expect(outcome["inside.pdf"] == .ok)
        #expect(result.records.first { $0.file == "a/b/f005-encrypted.pdf" }?.reason.contains("encrypt") == true)
        #expect(!result.interrupted)
    }

    @Test func reRunsSkipWhatIsUpToDateAndRedoWhatChanged() async throws {
        let folder = try TemporaryDirectory()
        let source = folder.file("src"), destination = folder.file("dst")
        try MixedInput.populate(source, count: 4) // scan, twoPages, image, tiff
        let first = try await run(source, destination)
        #expect(first.records.allSatisfy { $0.outcome == .ok })

        let second = try await run(source, destination)
        #expect(second.records.map(\.outcome) == [.upToDate, .upToDate, .upToDate, .upToDate])
        #expect(second.records.map(\.pages) == first.records.map(\.pages))

        // New content under an old name, a deleted output, another pipeline, another engine.
        try FileManager.default.removeItem(at: source.appendingPathComponent("f000-scan.pdf"))
        try MixedInput.twoPages.write(to: source.appendingPathComponent("f000-scan.pdf"))
        try FileManager.default.removeItem(at: destination.appendingPathComponent("f001-twoPages.pdf"))
        let third = outcomes(try await run(source, destination))
        #expect(third == ["f000-scan.pdf": .ok, "f001-twoPages.pdf": .ok, "f002-image.jpg": .upToDate, "f003-tiff.tif": .upToDate])
        var forced = OCRJob()
        forced.mode = .forceOCR
        #expect(try await run(source, destination, job: forced).records.allSatisfy { $0.outcome == .ok })
        #expect(try await run(source, destination, job: forced, engine: "other").records.allSatisfy { $0.outcome == .ok })
        // `jobs` changes speed, not output.
        forced.jobs = 1
        #expect(try await run(source, destination, job: forced, engine: "other").records.allSatisfy { $0.outcome == .upToDate })
    }

    @Test func aStoppedRunResumesWithoutRedoingFinishedFiles() async throws {
        let folder = try TemporaryDirectory()
        let source = folder.file("src"), destination = folder.file("dst")
        for index in 0..<24 { try MixedInput.scan.write(to: source.appendingPathComponent("s\(index).pdf", isDirectory: false).creatingParent()) }
        let stopAfter = 8
        let stopper = Stopper()
        let task = Task {
            try await run(source, destination) { _, done, _ in
                if done == stopAfter { stopper.stop() }
            }
        }
        stopper.task = task
        let partial = try await task.value
        #expect(partial.interrupted)
        let finished = Set(partial.records.map(\.file))
        #expect(finished.count >= stopAfter && finished.count < 24)
        // Nothing half-written: every PDF in the destination is a finished, valid output.
        let written = try FileManager.default.contentsOfDirectory(atPath: destination.path).filter { !$0.hasPrefix(".") }
        #expect(Set(written).isSuperset(of: finished))
        for name in written { #expect(try Tool.qpdfCheck(destination.appendingPathComponent(name)) == 0) }

        // A writer killed before its rename leaves a temporary file; the resumed run removes it.
        let unfinished = try #require((0..<24).map { "s\($0).pdf" }.first { !finished.contains($0) })
        let leftover = destination.appendingPathComponent(".\(unfinished).legible-999-1.tmp")
        try Data("half".utf8).write(to: leftover)

        let resumed = try await run(source, destination)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(resumed.records.count == 24 && !resumed.interrupted)
        for record in resumed.records {
            #expect(record.outcome == (finished.contains(record.file) ? .upToDate : .ok), "\(record.file)")
        }
    }

    @Test func aJournalLineCutShortByACrashIsIgnored() async throws {
        let folder = try TemporaryDirectory()
        let source = folder.file("src"), destination = folder.file("dst")
        try MixedInput.populate(source, count: 2)
        _ = try await run(source, destination)
        let journal = BatchRunner.stateFolder(in: destination).appendingPathComponent("journal-all.jsonl")
        var bytes = try Fixtures.bytes(journal)
        bytes.removeLast(20) // the second line loses its end
        try Data(bytes).write(to: journal)
        let again = try await run(source, destination)
        // Whichever file finished second (the two run concurrently) lost its line and is redone.
        let outcomes = again.records.map(\.outcome)
        #expect(outcomes.count == 2 && outcomes.filter { $0 == .upToDate }.count == 1 && outcomes.filter { $0 == .ok }.count == 1)
        // The next line started on a line of its own, so a third run trusts both.
        #expect(try await run(source, destination).records.map(\.outcome) == [.upToDate, .upToDate])
    }

    @Test func aDestinationInsideTheSourceIsNotWalked() async throws {
        let folder = try TemporaryDirectory()
        let source = folder.file("src")
        try MixedInput.populate(source, count: 1)
        let destination = source.appendingPathComponent("out")
        #expect(try await run(source, destination).records.map(\.file) == ["f000-scan.pdf"])
        #expect(try await run(source, destination).records.map(\.outcome) == [.upToDate])
        await #expect(throws: PipelineError.self) { try await run(source, source) }
        await #expect(throws: PipelineError.self) { try await run(folder.file("absent"), folder.file("dst")) }
    }
}

/// Cancels a run from inside its progress callback, as Ctrl-C would.
private final class Stopper: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    var task: Task<BatchResult, any Error>? {
        didSet { lock.withLock { if stopped { task?.cancel() } } }
    }

    func stop() {
        lock.withLock {
            stopped = true
            task?.cancel()
        }
    }
}

extension URL {
    /// Creates the parent folder and returns the URL.
    func creatingParent() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
