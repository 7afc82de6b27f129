import Foundation
import PDFWriter

/// An append-only log of JSON lines, each synced to disk before `append` returns: what a
/// restarted run reads to know what was finished. One process writes a journal file (shards
/// have one each), so no locks are needed, which network file systems would break. A line
/// cut short by a crash is ignored when read, and the next append starts on a fresh line.
///
/// Appends block on `fsync`, so they run on a thread of the journal's own, away from Swift's
/// cooperative pool: one per open journal (a run, a shard, a watcher), ended when the journal
/// is let go, so runs in one process never queue their syncs behind one process-wide thread.
package actor Journal<Entry: Codable & Sendable> {
    private let executor: DedicatedThreadExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The file.
    package nonisolated let url: URL
    private let descriptor: Int32
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Opens (creating) the journal at `url` for appending.
    /// - Throws: `PipelineError.fileAccess`.
    package init(url: URL) throws {
        try DurableFiles.makeDirectories(url.deletingLastPathComponent())
        let descriptor = open(url.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PipelineError(.fileAccess, "cannot open the journal \(url.path): \(String(cString: strerror(errno)))")
        }
        // Started only once nothing can throw: a failed init runs no deinit to stop it.
        executor = DedicatedThreadExecutor(name: "legible-journal")
        self.url = url
        self.descriptor = descriptor
        var last: UInt8 = 0
        let end = lseek(descriptor, 0, SEEK_END)
        if end > 0, pread(descriptor, &last, 1, end - 1) == 1, last != UInt8(ascii: "\n") {
            _ = Self.writeAll(descriptor, [UInt8(ascii: "\n")])
        }
        DurableFiles.syncDirectory(url.deletingLastPathComponent())
    }

    deinit {
        close(descriptor)
        executor.stop()
    }

    /// Appends `entry` as one line and syncs it to disk.
    /// - Throws: `PipelineError.fileAccess` when it cannot be written or synced.
    package func append(_ entry: Entry) throws {
        var line: [UInt8]
        do { line = [UInt8](try encoder.encode(entry)) } catch {
            throw PipelineError(.other, "cannot encode a journal entry: \(error)")
        }
        line.append(UInt8(ascii: "\n"))
        guard Self.writeAll(descriptor, line), fsync(descriptor) == 0 else {
            throw PipelineError(.fileAccess, "cannot write the journal \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }

    /// The entries of the journal files at `urls`, in file order; lines that do not decode
    /// (cut short by a crash, written by a newer version) are skipped.
    package static func read(_ urls: [URL]) -> [Entry] {
        let decoder = JSONDecoder()
        var entries: [Entry] = []
        for url in urls {
            guard let data = try? Data(contentsOf: url) else { continue }
            for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
                if let entry = try? decoder.decode(Entry.self, from: Data(line)) { entries.append(entry) }
            }
        }
        return entries
    }

    /// Replaces the journal at `url` with `entries`, atomically (used to compact it while no
    /// journal is open on it).
    package static func rewrite(_ url: URL, with entries: [Entry]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = ""
        for entry in entries {
            guard let line = try? encoder.encode(entry) else { continue }
            text += String(decoding: line, as: UTF8.self) + "\n"
        }
        try DurableFiles.write(text, to: url)
    }
}
