import FileIO
import Foundation
import OCR

/// What a batch run is asked to do.
public struct BatchOptions: Sendable {
    /// The folder walked for inputs.
    public var source: URL
    /// The folder the source tree is mirrored into.
    public var destination: URL
    /// How each document is processed.
    public var job: OCRJob
    /// The part of the inputs this process takes.
    public var shard: ShardSpec = .all
    /// Names the engine, so outputs of another engine are not taken as up to date.
    public var engineName: String
    /// Documents open at once; nil means the pool's workers + 1, enough to keep every worker
    /// busy with one-page documents while memory stays bounded.
    public var openDocuments: Int?

    /// Creates options.
    public init(source: URL, destination: URL, job: OCRJob, engineName: String) {
        self.source = source
        self.destination = destination
        self.job = job
        self.engineName = engineName
    }
}

/// The outcome of a batch run.
public struct BatchResult: Sendable {
    /// One per file of this shard, sorted by file.
    public var records: [BatchRecord]
    /// Whether the run was cancelled before every file was done (unfinished files are absent).
    public var interrupted: Bool
}

/// A journal line: one finished output.
struct BatchJournalEntry: Codable, Sendable {
    var file: String
    var input: String
    var pipeline: String
    var output: String
    var outputBytes: Int64
    var pages: Int
    var outcome: BatchRecord.Outcome
    var reason: String
    var seconds: Double
}

/// Runs a job over every input under a folder, mirroring the tree into a destination. All
/// documents share one OCR pool, a few open at a time; each finished output is recorded in
/// the shard's journal (`DST/.legible/journal-<shard>.jsonl`), so a re-run — after a crash or
/// with more inputs — skips what is up to date: same path, same content hash, same pipeline,
/// output still there.
public struct BatchRunner: Sendable {
    private let engines: OCRWorkerPool

    /// Creates a runner sharing `engines` across all documents.
    public init(engines: OCRWorkerPool) { self.engines = engines }

    /// The journal folder inside a destination.
    public static func stateFolder(in destination: URL) -> URL {
        destination.appendingPathComponent(SourceTree.stateFolderName)
    }

    /// Processes the shard's inputs; `progress` hears each finished file with the count done
    /// and the shard's total.
    /// - Throws: `PipelineError` for problems with the folders as a whole; problems with one
    ///   file become its record.
    public func run(_ options: BatchOptions,
                    progress: @escaping @Sendable (BatchRecord, Int, Int) -> Void = { _, _, _ in }) async throws -> BatchResult {
        try options.job.validate()
        if DurableFiles.realPath(options.source) == DurableFiles.realPath(options.destination) {
            throw PipelineError(.badArguments, "the destination is the source folder; outputs would replace inputs")
        }
        if DurableFiles.isInside(options.source, options.destination.appendingPathComponent(SourceTree.stateFolderName)) {
            throw PipelineError(.badArguments, "the source folder lies inside the destination's bookkeeping folder")
        }
        let files = try SourceTree.walk(options.source, excluding: [options.destination])
            .filter { options.shard.contains(relativePath: $0.relativePath) }
        try DurableFiles.makeDirectories(options.destination)
        let state = Self.stateFolder(in: options.destination)
        let journal = try Journal<BatchJournalEntry>(url: state.appendingPathComponent("journal-\(options.shard.fileTag).jsonl"))
        let finished = Self.finishedOutputs(in: state)
        let pipeline = options.job.fingerprint + "/" + options.engineName
        let task = DocumentTask(engines: engines, job: options.job)
        let window = max(1, options.openDocuments ?? engines.workerCount + 1)
        let counter = ProgressCounter(total: files.count)

        var records: [BatchRecord] = []
        try await PageFlow.window(files, width: window, work: { file in
            let record = await Self.process(file, options: options, pipeline: pipeline, finished: finished,
                                            task: task, journal: journal)
            if let record { progress(record, counter.increment(), files.count) }
            return record
        }, handle: { record in
            if let record { records.append(record) }
        })
        records.sort { $0.file < $1.file }
        return BatchResult(records: records, interrupted: records.count < files.count)
    }

    /// Finished outputs from every shard's journal, by file, content and pipeline.
    private static func finishedOutputs(in state: URL) -> [String: BatchJournalEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: state.path)) ?? []
        let urls = names.filter { $0.hasPrefix("journal-") && $0.hasSuffix(".jsonl") }.sorted().map { state.appendingPathComponent($0) }
        var finished: [String: BatchJournalEntry] = [:]
        for entry in Journal<BatchJournalEntry>.read(urls) {
            finished[key(entry.file, entry.input, entry.pipeline)] = entry
        }
        return finished
    }

    private static func key(_ file: String, _ input: String, _ pipeline: String) -> String {
        file + "\u{0}" + input + "\u{0}" + pipeline
    }

    /// One file's record, or nil when the run was cancelled before it finished.
    private static func process(_ file: SourceFile, options: BatchOptions, pipeline: String,
                                finished: [String: BatchJournalEntry], task: DocumentTask,
                                journal: Journal<BatchJournalEntry>) async -> BatchRecord? {
        let started = Date()
        func record(_ outcome: BatchRecord.Outcome, pages: Int = 0, _ reason: String) -> BatchRecord {
            BatchRecord(file: file.relativePath, pages: pages, outcome: outcome, reason: reason, seconds: Date().timeIntervalSince(started))
        }
        switch file.status {
        case .skipped(let reason): return record(.skipped, reason)
        case .unreadable(let reason): return record(.failed, reason)
        case .input: break
        }
        let output = options.destination.appendingPathComponent(file.outputPath)
        do {
            let url = file.url
            let input = try await BlockingIO.run { try ContentHash.of(url) }
            if let done = finished[key(file.relativePath, input, pipeline)], done.output == file.outputPath,
               FileStamp(path: output.path)?.size == done.outputBytes {
                return record(.upToDate, pages: done.pages, done.reason)
            }
            // A run killed while writing this output left its temporary file; this shard is the
            // output's only writer, so it can go.
            DurableFiles.removeLeftoverTemporaries(of: output)
            let result = try await task.run(input: file.url, output: output)
            let outcome: BatchRecord.Outcome = result.pageFailures.isEmpty ? .ok : .pagesFailed
            let reason = (result.pageFailures + result.notes).joined(separator: "; ")
            let entry = BatchJournalEntry(file: file.relativePath, input: input, pipeline: pipeline, output: file.outputPath,
                                          outputBytes: FileStamp(path: output.path)?.size ?? -1, pages: result.pages,
                                          outcome: outcome, reason: reason, seconds: result.seconds)
            try await journal.append(entry)
            return record(outcome, pages: result.pages, reason)
        } catch is CancellationError {
            return nil
        } catch let error as PipelineError {
            return Task.isCancelled ? nil : record(.failed, error.message)
        } catch {
            return Task.isCancelled ? nil : record(.failed, "\(error)")
        }
    }
}

/// Counts finished files across tasks for progress messages.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    let total: Int

    init(total: Int) { self.total = total }

    /// Counts one more and returns the new count.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        return done
    }
}
