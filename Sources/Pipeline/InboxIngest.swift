import FileIO
import Foundation
import Imaging
import PDFImages

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
    /// The file changed while it was processed: the output made from the old bytes was
    /// discarded, and the file is watched again.
    case discarded
    /// The file was removed from the inbox while it was processed: its output was discarded
    /// and nothing was archived.
    case vanished
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
            // The output is made under a hidden name and published only once the inbox is seen
            // to still hold the bytes it was made from.
            let target = folders.out.appendingPathComponent(output)
            let staged = Self.staging(for: target)
            let result: DocumentTask.Result
            do {
                result = try await task.run(input: url, output: staged)
            } catch is CancellationError {
                return .cancelled
            } catch let error as PipelineError {
                if Task.isCancelled { return .cancelled }
                if let outcome = try await abandonIfChanged(claim, stamp: stamp, staged: nil) { return outcome }
                if Self.permanent.contains(error.code) || finalAttempt { return try await fail(claim, error.message) }
                return .retry(reason: error.message)
            }
            if let outcome = try await abandonIfChanged(claim, stamp: stamp, staged: staged) { return outcome }
            if !result.damagedPages.isEmpty {
                try await BlockingIO.run { try DurableFiles.remove(staged) }
                return try await fail(claim, "the file is damaged: " + result.damagedPages.joined(separator: "; "))
            }
            try await BlockingIO.run { try Self.publish(staged, as: target) }
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

    /// Where the output of `target` is made before it is published: hidden, beside it, named
    /// from a hash of its name (so a long name does not grow past the file system's limit);
    /// `reconcile` removes it after a crash.
    static func staging(for target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(".legible-staged-" + FNV1a64.hexHash(target.lastPathComponent) + ".tmp")
    }

    /// Renames the staged output into place and syncs its folder, so the journal line that
    /// follows never points at an output a crash could take away.
    private static func publish(_ staged: URL, as target: URL) throws {
        guard rename(staged.path, target.path) == 0 else {
            throw PipelineError(.fileAccess, "cannot move the output into place at \(target.path): \(String(cString: strerror(errno)))")
        }
        DurableFiles.syncDirectory(target.deletingLastPathComponent())
    }

    /// Checks, after processing, that the inbox still holds the bytes that were processed: the
    /// same size, modification time and inode as when the file was taken, and the same content
    /// hash. Nil when it does. Otherwise (replaced under the same name, written to again by a
    /// writer that paused longer than the settle delay, or removed) the output is discarded and
    /// the claim closed, so its name is free again, and the outcome says why: the new bytes are
    /// processed when they settle; a removed file is reported, never archived.
    private func abandonIfChanged(_ claim: WatchJournalEntry, stamp: FileStamp, staged: URL?) async throws -> IngestOutcome? {
        let url = folders.inbox.appendingPathComponent(claim.file)
        let now = FileStamp(path: url.path)
        if now == stamp, (try? await BlockingIO.run { try ContentHash.of(url) }) == claim.input { return nil }
        if let staged { try await BlockingIO.run { try DurableFiles.remove(staged) } }
        try await ledger.close(claim)
        return now == nil ? .vanished : .discarded
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
        if let output = entry.output {
            let target = folders.out.appendingPathComponent(output)
            let staged = Self.staging(for: target)
            unlink(staged.path)
            targets += [target, staged]
        }
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
