extension Help {
    /// `legible watch --help`.
    static let watch = """
    legible watch INBOX --out DIR [options]

    Watches INBOX (and its subfolders) and processes every PDF, JPEG, PNG and TIFF that
    arrives: INBOX/a/b.jpg becomes DIR/a/b.pdf. A file is taken once its size and time have
    not changed for the settle delay. The output is written to a temporary file, synced and
    renamed into place; only then is the input moved to the archive folder, under its own
    name (numbered if the name is taken). Files that cannot be processed (encrypted, empty,
    truncated, not a document) are moved to the failed folder with NAME.error.txt saying
    why; errors that may pass are retried first. A journal (DIR/.legible/watch.jsonl) makes
    this exactly-once: a watcher that crashes or is killed finishes, on restart, what it was
    doing, and takes what arrived while it was down. Hidden files and partial downloads
    (.part, .crdownload, .tmp, ~) are left alone until renamed.

    inotify is used on local file systems; on network and FUSE file systems (NFS, SMB/CIFS,
    sshfs…), or when no events arrive, the inbox is polled instead. Folders inside the
    inbox are refused for DIR, --archive and --failed; links are never followed.

    Options:
          --out DIR          where outputs go (required)
          --archive DIR      where inputs go once their output is written (default: they
                             stay in INBOX, remembered by the journal)
          --delete           delete inputs once their output is written and synced, instead
                             of archiving them (failed inputs are never deleted)
          --failed DIR       where inputs that failed go, with NAME.error.txt (default: they
                             stay in INBOX; the reason is written to DIR/NAME.error.txt)
          --once             process what is in INBOX, then exit (for cron and tests)
          --poll SECONDS     poll every SECONDS instead of using inotify
          --settle SECONDS   how long a file must stay unchanged before it is taken (default 2)
          --retries N        further attempts for errors that may pass (default 2)
          --log-json         log one JSON object per line on standard output
    \(jobOptions)
    \(writeOptions)
      -q, --quiet            log failures only
      -h, --help             show this help

    Ctrl-C or SIGTERM stops the watcher cleanly (exit 0): documents in progress are
    abandoned without partial outputs and taken up again at the next start; a second signal
    exits at once. With --once the exit code is 7 when some file failed.

    \(exitCodes)
    """
}
