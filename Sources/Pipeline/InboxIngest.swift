import Foundation
import Imaging

/// What became of one attempt at an inbox file.
enum IngestOutcome: Sendable, Equatable {
    /// Output written and durable; the input moved to `movedTo` under the archive (nil: kept).
    case processed(output: String, pages: Int, seconds: Double, movedTo: String?)
    /// Failed for good; the input moved to `movedTo` under the failed folder (nil: kept).
    case failed(reason: String, movedTo: String?)
    /// Failed in a way that may pass (unreadable now, output folder not writable).
    case retry(reason: String)
    /// The file changed or vanished while it was read: it is watched again, not failed.
    case changed
    /// Handled before and left in the inbox (no archive or failed folder).
    case ignored
    /// The watch is stopping; nothing was finished for this file.
    case cancelled
}

/// Takes one file from the inbox to its end exactly once, whatever crashes in between: each
/// step is journaled before it is taken (see `WatchJournalEntry`), outputs are renamed into
/// place and synced before the input moves, and a restarted watcher finishes what the
/// journal shows unfinished instead of starting again.
struct InboxIngest: Sendable {
    let folders: WatchFolders
    let ledger: WatchLedger
    let task: DocumentTask

    /// Error kinds that will not pass by trying again.
    private static let permanent: Set<PipelineError.Code> = [.badInput, .encrypted, .badArguments]

    /// Processes `file`, last seen with `stamp`. On `finalAttempt` a transient error fails it.
    func ingest(_ file: String, stamp: FileStamp, finalAttempt: Bool) async -> IngestOutcome {
        let url = folders.inbox.appendingPathComponent(file)
        do {
            let input: String
            if stamp.kind == .symlink {
                input = "symlink:" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "")
            } else {
                do { input = try await BlockingIO.run { try ContentHash.of(url) } } catch {
                    return FileStamp(path: url.path) == nil ? .changed : .retry(reason: "\(error)")
                }
                guard FileStamp(path: url.path) == stamp else { return .changed }
            }
            var claim: WatchJournalEntry
            switch await ledger.entry(file: file, input: input) {
            case let entry? where entry.step == .kept:
                return .ignored
            case let entry? where entry.step == .done || entry.step == .failing:
                return try await finish(entry)
            case let entry?:
                claim = entry
            case nil:
                if stamp.kind == .symlink { return try await fail(unclaimed(file, input), "a symbolic link (links are not followed)") }
                if stamp.size == 0 { return try await fail(unclaimed(file, input), "the file is empty") }
                guard let kind = try InputKind.sniff(fileAt: url) else {
                    return try await fail(unclaimed(file, input), "not a PDF or a \(ImageFileKind.formats) file")
                }
                claim = try await ledger.claim(file: file, input: input, kind: kind)
            }
            guard let output = claim.output else { return try await fail(claim, "not a PDF or a \(ImageFileKind.formats) file") }
            let result: DocumentTask.Result
            do {
                result = try await task.run(input: url, output: folders.out.appendingPathComponent(output))
            } catch is CancellationError {
                return .cancelled
            } catch let error as PipelineError {
                if Task.isCancelled { return .cancelled }
                if FileStamp(path: url.path) != stamp { return .changed }
                if Self.permanent.contains(error.code) || finalAttempt { return try await fail(claim, error.message) }
                return .retry(reason: error.message)
            }
            let reason = result.pageFailures.isEmpty ? nil : "written, but OCR failed on some pages: " + result.pageFailures.joined(separator: "; ")
            let done = try await ledger.settle(claim, failure: nil, pages: result.pages)
            if let reason { try writeErrorNote(for: done, reason: reason) }
            return try await finish(done, seconds: result.seconds)
        } catch let error as PipelineError {
            return .retry(reason: error.message)
        } catch {
            return .retry(reason: "\(error)")
        }
    }

    private func unclaimed(_ file: String, _ input: String) -> WatchJournalEntry {
        WatchJournalEntry(step: .claimed, file: file, input: input)
    }

    private func fail(_ claim: WatchJournalEntry, _ reason: String) async throws -> IngestOutcome {
        try await finish(try await ledger.settle(claim, failure: reason, pages: nil))
    }

    /// Completes a `done` or `failing` entry: the reason written beside a failed input, the
    /// input moved (or deleted when asked, or left in place when there is no folder for it),
    /// the entry closed.
    func finish(_ entry: WatchJournalEntry, seconds: Double = 0) async throws -> IngestOutcome {
        let source = folders.inbox.appendingPathComponent(entry.file)
        let folder = entry.step == .failing ? folders.failed : folders.archive
        let deleting = entry.step == .done && folders.deleteProcessed
        try await BlockingIO.run { [self] in
            if entry.step == .failing { try writeErrorNote(for: entry, reason: entry.reason ?? "unknown") }
            if deleting {
                // After a crash the name may hold a newer file: only the input that was
                // processed is deleted; another one is left for the scan to take.
                if FileStamp(path: source.path) != nil, (try? ContentHash.of(source)) == entry.input {
                    try DurableFiles.remove(source)
                }
                return
            }
            guard let folder, let moveTo = entry.moveTo else { return }
            let destination = folder.appendingPathComponent(moveTo)
            if FileStamp(path: source.path) != nil {
                try DurableFiles.move(source, to: destination)
            }
        }
        try await ledger.close(entry, kept: !deleting && entry.moveTo == nil)
        if entry.step == .failing {
            return .failed(reason: entry.reason ?? "unknown", movedTo: entry.moveTo)
        }
        return .processed(output: entry.output ?? "", pages: entry.pages ?? 0, seconds: seconds, movedTo: entry.moveTo)
    }

    /// `NAME.error.txt` beside the failed input (in the failed folder), or beside where its
    /// output would be when there is no failed folder (never in the inbox: it would be taken
    /// as an input).
    private func writeErrorNote(for entry: WatchJournalEntry, reason: String) throws {
        let note: URL
        if entry.step == .failing, let failed = folders.failed, let moveTo = entry.moveTo {
            note = failed.appendingPathComponent(DerivedName.appending(".error.txt", to: moveTo))
        } else {
            note = folders.out.appendingPathComponent(DerivedName.appending(".error.txt", to: entry.file))
        }
        let text = "file: \(entry.file)\ninput: \(entry.input)\nreason: \(reason)\n"
        try DurableFiles.write(text, to: note)
    }

    /// Finishes what a crash left open. Entries whose input is still in the inbox are left to
    /// the startup scan (the content hash finds them again); the others are completed or closed.
    /// Temporary files a killed writer left beside the names involved are removed.
    func reconcile() async throws {
        for entry in await ledger.unfinished() {
            removeTemporaries(for: entry)
            if FileStamp(path: folders.inbox.appendingPathComponent(entry.file).path) != nil { continue }
            switch entry.step {
            case .done, .failing: _ = try await finish(entry)
            default: try await ledger.close(entry)
            }
        }
    }

    private func removeTemporaries(for entry: WatchJournalEntry) {
        var targets: [URL] = []
        if let output = entry.output { targets.append(folders.out.appendingPathComponent(output)) }
        targets.append(folders.out.appendingPathComponent(DerivedName.appending(".error.txt", to: entry.file)))
        if let moveTo = entry.moveTo {
            if let archive = folders.archive { targets.append(archive.appendingPathComponent(moveTo)) }
            if let failed = folders.failed {
                targets.append(failed.appendingPathComponent(moveTo))
                targets.append(failed.appendingPathComponent(DerivedName.appending(".error.txt", to: moveTo)))
            }
        }
        targets.forEach(DurableFiles.removeLeftoverTemporaries)
    }
}
