extension Help {
    /// The job options `batch` and `watch` share (`JobOptions`).
    static let jobOptions = """
      -l, --language LANGS   Tesseract languages joined by '+', e.g. eng+deu (default: eng)
      -j, --jobs N           OCR engines working in parallel (default: one per core)
          --skip-text        leave every page that has any text exactly as it was
          --force-ocr        recognize every page, even pages that already have text
          --pipeline FILE    read the job from a definition (Pipelines/*.json); options given
                             on the command line win
    """

    /// `legible batch --help`.
    static let batch = """
    legible batch SRC DST [options]
    legible batch --merge-reports --report OUT REPORT...

    Processes every PDF, JPEG, PNG and TIFF under SRC (found by content, in every subfolder)
    and mirrors the tree into DST: SRC/a/b.pdf becomes DST/a/b.pdf, SRC/a/c.jpg becomes
    DST/a/c.pdf. Other files are reported and skipped; links are not followed out of SRC.
    Documents are processed several at a time over one pool of OCR engines. Every output is
    written to a temporary file and renamed into place, then recorded in a journal
    (DST/.legible/journal-*.jsonl): a re-run skips files whose output is up to date (same
    content, same pipeline), so a run that was stopped or crashed resumes where it was.

    Options:
    \(jobOptions)
    \(writeOptions)
          --report FILE      write a summary, one row per file (file, pages, outcome, reason,
                             seconds); FILE.csv for CSV, FILE.json for JSON
          --shard I/N        process only shard I of N (0 ≤ I < N): the files whose path hash
                             falls to it, so N processes (or machines, over shared storage)
                             cover every file exactly once
          --shard-count N    the number of shards when the index comes from the environment:
                             JOB_COMPLETION_INDEX (Kubernetes Indexed Job); Slurm job arrays
                             are read from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT
          --merge-reports    combine the shards' reports (CSV or JSON) into --report OUT
      -q, --quiet            print errors and failed files only
      -h, --help             show this help

    Outcomes in the report: ok, pages-failed (written, some pages kept as they were), failed
    (no output; the reason says why), skipped (not an input), up-to-date (done before).
    The exit code is 0 when no file failed, 7 when some did (see the report), 130 when
    interrupted (Ctrl-C: files being processed are abandoned, finished ones kept).

    \(exitCodes)
    """
}
