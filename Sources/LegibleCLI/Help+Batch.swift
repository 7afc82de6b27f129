extension Help {
    static var batch: String { batchSpec.helpText }

    /// `legible batch --help`.
    static let batchSpec = CommandSpec(
        name: "batch", usage: ["batch SRC DST [options]", "batch --merge-reports --report OUT REPORT..."],
        summary: "process every document under SRC into a mirror tree DST",
        description: """
        Processes every PDF, JPEG, PNG and TIFF under SRC (found by content, in every subfolder)
        and mirrors the tree into DST: SRC/a/b.pdf becomes DST/a/b.pdf, SRC/a/c.jpg becomes
        DST/a/c.pdf. Other files are reported and skipped; links are not followed out of SRC.
        Documents are processed several at a time over one pool of OCR engines. Every output is
        written to a temporary file and renamed into place, then recorded in a journal
        (DST/.legible/journal-*.jsonl): a re-run skips files whose output is up to date (same
        content, same pipeline), so a run that was stopped or crashed resumes where it was.
        """,
        options: OptionSpec.jobOptions, OptionSpec.scanOptions, OptionSpec.tesseractOptions, OptionSpec.writeOptions, [
            OptionSpec.outputType,
            .valued("--report", nil, "FILE", .file, "write a summary, one row per file (file, pages, outcome, reason, seconds); FILE.csv for CSV, FILE.json for JSON"),
            .valued("--shard", nil, "I/N", .text, "process only shard I of N (0 ≤ I < N): the files whose path hash falls to it, so N processes (or machines, over shared storage) cover every file exactly once"),
            .valued("--shard-count", nil, "N", .text, "the number of shards when the index comes from the environment: JOB_COMPLETION_INDEX (Kubernetes Indexed Job); Slurm job arrays are read from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT"),
            .flag("--merge-reports", "combine the shards' reports (CSV or JSON) into --report OUT"),
            .flag("--log-json", "log one JSON object per line on standard output instead of the progress lines: each file's outcome, then the run's"),
            .flag("--quiet", "-q", "print errors and failed files only"),
            .help,
        ],
        notes: """
        Outcomes in the report: ok, pages-failed (written, some pages kept as they were), failed
        (no output; the reason says why), skipped (not an input), up-to-date (done before).
        """,
        exitCodes: .list([.ok, .badArguments, .missingDependency, .fileAccess, .pagesFailed, .other, .interrupted],
                         [.ok: "no file failed", .pagesFailed: "some files failed or had pages that failed (see the report)",
                          .interrupted: "interrupted (Ctrl-C: files being processed are abandoned, finished ones kept)"]))
}
