extension Help {
    static var watch: String { watchSpec.helpText }

    /// `legible watch --help`.
    static let watchSpec = CommandSpec(
        name: "watch", usage: ["watch INBOX --out DIR [options]"], summary: "process documents as they arrive in a folder",
        description: """
        Watches INBOX (and its subfolders) and processes every PDF, JPEG, PNG and TIFF that
        arrives: INBOX/a/b.jpg becomes DIR/a/b.pdf. A file is taken once its size and time have
        not changed for the settle delay. The output is written to a temporary file, synced and
        renamed into place; only then is the input moved to the archive folder, under its own
        name (numbered if the name is taken). Before the output is put in place, the input is
        checked again (size, time and content hash): a file replaced or written to again while
        it was processed is processed again from its new bytes, and one removed meanwhile is
        logged as removed, its output discarded. Files that cannot be processed (encrypted,
        empty, truncated, damaged — a page whose content or image the file lost —, not a
        document) are moved to the failed folder with NAME.error.txt saying
        why; errors that may pass are retried first. A journal (DIR/.legible/watch.jsonl) makes
        this exactly-once: a watcher that crashes or is killed finishes, on restart, what it was
        doing, and takes what arrived while it was down. Hidden files and partial downloads
        (.part, .crdownload, .tmp, ~) are left alone until renamed.

        inotify is used on local file systems; on network and FUSE file systems (NFS, SMB/CIFS,
        sshfs…), or when no events arrive, the inbox is polled instead. Folders inside the
        inbox are refused for DIR, --archive and --failed; links are never followed. One
        watcher per inbox and per DIR: a second one is refused with exit code 5.
        """,
        options: [
            .valued("--out", nil, "DIR", .directory, "where outputs go (required)"),
            .valued("--archive", nil, "DIR", .directory, "where inputs go once their output is written (default: they stay in INBOX, remembered by the journal)"),
            .flag("--delete", "delete inputs once their output is written and synced, instead of archiving them (failed inputs are never deleted)"),
            .valued("--failed", nil, "DIR", .directory, "where inputs that failed go, with NAME.error.txt (default: they stay in INBOX; the reason is written to DIR/NAME.error.txt)"),
            .flag("--once", "process what is in INBOX, then exit (for cron and tests)"),
            .valued("--poll", nil, "SECONDS", .text, "poll every SECONDS instead of using inotify"),
            .valued("--settle", nil, "SECONDS", .text, "how long a file must stay unchanged before it is taken (default 2)"),
            .valued("--retries", nil, "N", .text, "further attempts for errors that may pass (default 2)"),
            .flag("--log-json", "log one JSON object per line on standard output"),
            .valued("--status-file", nil, "FILE", .file, "keep FILE rewritten (atomically) with the watcher's state as JSON, for health checks: state, queue, processed, failed, lastError, updated"),
        ], OptionSpec.jobOptions, OptionSpec.scanOptions, OptionSpec.tesseractOptions, OptionSpec.writeOptions, [
            OptionSpec.outputType,
            .flag("--quiet", "-q", "log failures only"),
            .help,
        ],
        notes: """
        Ctrl-C or SIGTERM stops the watcher cleanly (exit 0): documents in progress are
        abandoned without partial outputs and taken up again at the next start; a second signal
        exits at once. With --once the exit code is 7 when some file failed.
        """,
        exitCodes: .list([.ok, .badArguments, .missingDependency, .fileAccess, .pagesFailed, .other],
                         [.ok: "stopped by Ctrl-C or SIGTERM, or --once and no file failed",
                          .pagesFailed: "--once: some files failed (see the failed folder)"]),
        operands: .directory)
}
