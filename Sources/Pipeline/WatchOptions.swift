import FileIO
import Foundation

/// The folders of a watch: where inputs arrive and where everything goes.
public struct WatchFolders: Sendable {
    /// Watched, with its subfolders.
    public var inbox: URL
    /// Outputs, mirroring the inbox's subfolders.
    public var out: URL
    /// Inputs whose output is written; nil leaves them in the inbox (remembered as done).
    public var archive: URL?
    /// Inputs that failed, each with `NAME.error.txt`; nil leaves them in the inbox.
    public var failed: URL?
    /// Delete inputs once their output is durable, instead of archiving or keeping them
    /// (failed inputs are never deleted).
    public var deleteProcessed: Bool

    /// Creates the set.
    public init(inbox: URL, out: URL, archive: URL? = nil, failed: URL? = nil, deleteProcessed: Bool = false) {
        self.inbox = inbox
        self.out = out
        self.archive = archive
        self.failed = failed
        self.deleteProcessed = deleteProcessed
    }

    /// Checks the inbox and creates the other folders.
    /// - Throws: `PipelineError.badArguments` for an output, archive or failed folder inside
    ///   the inbox (it would feed the watcher its own files), `.fileAccess` otherwise.
    func prepare() throws {
        if deleteProcessed && archive != nil {
            throw PipelineError(.badArguments, "--delete and --archive exclude each other: processed inputs are either deleted or archived")
        }
        guard FileStamp(path: DurableFiles.realPath(inbox))?.kind == .directory else {
            throw PipelineError(.fileAccess, "the inbox does not exist or is not a folder: \(inbox.path)")
        }
        for (option, folder) in [("--out", out), ("--archive", archive), ("--failed", failed)] {
            guard let folder else { continue }
            if DurableFiles.isInside(folder, inbox) {
                throw PipelineError(.badArguments, "\(option) \(folder.path) lies inside the inbox; the watcher would take its own files as new inputs — choose a folder outside it")
            }
            try DurableFiles.makeDirectories(folder)
        }
    }
}

/// How a watch behaves.
public struct WatchOptions: Sendable {
    /// Inbox, outputs, archive and failed folders.
    public var folders: WatchFolders
    /// How each document is processed.
    public var job: OCRJob
    /// Names the engine (kept in logs).
    public var engineName: String
    /// Process what is in the inbox, then return.
    public var once = false
    /// Scan every this many seconds instead of using inotify; nil: inotify where it works
    /// (local file systems), polling every `defaultPollInterval` where it does not.
    public var pollInterval: Double?
    /// A file is taken when its size and modification time have not changed for this long.
    public var settleSeconds: Double = 2
    /// Further attempts for errors that may pass (unreadable, output not writable).
    public var retries = 2
    /// Documents open at once; nil: the pool's workers + 1.
    public var openDocuments: Int?

    /// Polling interval where inotify cannot be used.
    public static let defaultPollInterval = 5.0
    /// Even with inotify the inbox is rescanned this often, for events the kernel dropped.
    public static let safetyRescanInterval = 60.0

    /// Creates options.
    public init(folders: WatchFolders, job: OCRJob, engineName: String) {
        self.folders = folders
        self.job = job
        self.engineName = engineName
    }
}
