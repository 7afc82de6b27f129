import FileIO
import Foundation
import PDFImages

/// A watch journal line: one step in the life of one input, keyed by its path in the inbox and
/// its content hash. Steps are written (and synced) before the action they announce, so after
/// a crash the last step says what to finish:
/// `claimed` (an output name is reserved) → `done` (the output is durable; where the input goes)
/// or `failing` (why; where the input goes) → `closed` (the input has left the inbox) or `kept`
/// (handled, and left in the inbox because no archive or failed folder is set).
struct WatchJournalEntry: Codable, Sendable, Equatable {
    enum Step: String, Codable, Sendable { case claimed, done, failing, closed, kept }

    var step: Step
    /// Path relative to the inbox.
    var file: String
    /// Content hash of the input.
    var input: String
    /// Output path relative to the output folder.
    var output: String?
    /// Where the input is moved, relative to the archive or failed folder; nil: it stays.
    var moveTo: String?
    var reason: String?
    var pages: Int?

    var key: String { file + "\u{0}" + input }
}

/// The watch journal's state in memory, and the one place that chooses names: output,
/// archive and failed names are reserved here, in order, so concurrent documents never pick
/// the same one and a restarted watcher reuses the names its journal promised.
actor WatchLedger {
    private let journal: Journal<WatchJournalEntry>
    private var latest: [String: WatchJournalEntry] = [:]
    private var reserved: Set<String> = []
    private let folders: WatchFolders

    /// The journal file inside the output folder.
    static func journalURL(in out: URL) -> URL {
        out.appendingPathComponent(SourceTree.stateFolderName).appendingPathComponent("watch.jsonl")
    }

    /// Opens the journal, compacting it: entries for inputs that have left the inbox are
    /// dropped; what remains is what a crash left unfinished and inputs handled in place.
    init(folders: WatchFolders) throws {
        self.folders = folders
        let url = Self.journalURL(in: folders.out)
        DurableFiles.removeLeftoverTemporaries(of: url) // a compaction killed halfway
        var latest: [String: WatchJournalEntry] = [:]
        for entry in Journal<WatchJournalEntry>.read([url]) { latest[entry.key] = entry }
        latest = latest.filter { _, entry in
            entry.step != .closed && (entry.step != .kept || FileStamp(path: folders.inbox.appendingPathComponent(entry.file).path) != nil)
        }
        let remaining = latest.values.sorted { $0.file < $1.file }
        try Journal<WatchJournalEntry>.rewrite(url, with: remaining)
        journal = try Journal(url: url)
        self.latest = latest
        reserved = Set(remaining.filter { $0.step != .kept }.flatMap(Self.names))
    }

    /// Entries a crash left open, for reconciliation at start.
    func unfinished() -> [WatchJournalEntry] {
        latest.values.filter { $0.step != .kept }.sorted { $0.file < $1.file }
    }

    /// The last step recorded for `file` with content `input`, unless that input has since
    /// left the inbox (a file arriving again under the same name is a new input).
    func entry(file: String, input: String) -> WatchJournalEntry? {
        latest[file + "\u{0}" + input]
    }

    /// Reserves an output name for the input (its own name, images with `.pdf`; `-2`, `-3`…
    /// when an earlier output or another claim has it) and records the claim.
    func claim(file: String, input: String, kind: InputKind) async throws -> WatchJournalEntry {
        let folder = (file as NSString).deletingLastPathComponent
        let name = DurableFiles.uniqueName(kind.outputName(for: (file as NSString).lastPathComponent)) { candidate in
            let path = folder.isEmpty ? candidate : folder + "/" + candidate
            return reserved.contains("out:" + path) || FileStamp(path: folders.out.appendingPathComponent(path).path) != nil
        }
        let entry = WatchJournalEntry(step: .claimed, file: file, input: input, output: folder.isEmpty ? name : folder + "/" + name)
        try await record(entry)
        return entry
    }

    /// Records that the output is durable (or that the input failed, with `reason`), choosing
    /// where the input goes: its own path under the archive (or failed) folder, numbered when
    /// taken; nil when there is no such folder and the input stays in the inbox.
    func settle(_ claim: WatchJournalEntry, failure reason: String?, pages: Int?) async throws -> WatchJournalEntry {
        let destination = reason == nil ? folders.archive : folders.failed
        var entry = claim
        entry.step = reason == nil ? .done : .failing
        entry.reason = reason
        entry.pages = pages
        if let destination {
            let prefix = reason == nil ? "archive:" : "failed:"
            let folder = (claim.file as NSString).deletingLastPathComponent
            let name = DurableFiles.uniqueName((claim.file as NSString).lastPathComponent) { candidate in
                let path = folder.isEmpty ? candidate : folder + "/" + candidate
                return reserved.contains(prefix + path) || FileStamp(path: destination.appendingPathComponent(path).path) != nil
                    || (reason != nil && FileStamp(path: destination.appendingPathComponent(DerivedName.appending(".error.txt", to: path)).path) != nil)
            }
            entry.moveTo = folder.isEmpty ? name : folder + "/" + name
        } else {
            entry.moveTo = nil
        }
        try await record(entry)
        return entry
    }

    /// Records that the input has left the inbox (`kept`: it stays there, handled).
    func close(_ entry: WatchJournalEntry, kept: Bool = false) async throws {
        var closed = entry
        closed.step = kept ? .kept : .closed
        try await record(closed)
    }

    private func record(_ entry: WatchJournalEntry) async throws {
        try await journal.append(entry)
        if let previous = latest[entry.key] { release(previous) }
        latest[entry.key] = entry.step == .closed ? nil : entry
        if entry.step != .closed && entry.step != .kept { reserve(entry) }
    }

    private func reserve(_ entry: WatchJournalEntry) {
        for name in Self.names(of: entry) { reserved.insert(name) }
    }

    private func release(_ entry: WatchJournalEntry) {
        for name in Self.names(of: entry) { reserved.remove(name) }
    }

    private static func names(of entry: WatchJournalEntry) -> [String] {
        var names: [String] = []
        if let output = entry.output { names.append("out:" + output) }
        if let moveTo = entry.moveTo { names.append((entry.step == .failing ? "failed:" : "archive:") + moveTo) }
        return names
    }
}
