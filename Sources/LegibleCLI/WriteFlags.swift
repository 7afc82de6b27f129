import Pipeline

/// The options of `legible ocr` that choose how the output file is written: `--incremental`,
/// `--rewrite`, `--pdf-version V`, `--deterministic` and `--linearize`, applied over the job's
/// values.
enum WriteFlags {
    /// Options that take a value.
    static let valued: Set<String> = ["--pdf-version"]
    /// Options without a value.
    static let flags: Set<String> = ["--incremental", "--rewrite", "--deterministic", "--linearize"]

    /// Sets the job's write mode, PDF version, determinism and linearization from the command line.
    /// - Throws: `CLIError.usage` when `--incremental` and `--rewrite` are both given.
    static func apply(_ parsed: ParsedArguments, to job: inout OCRJob) throws {
        switch (parsed.flags.contains("--incremental"), parsed.flags.contains("--rewrite")) {
        case (true, true): throw CLIError.usage("--incremental and --rewrite contradict each other; give one")
        case (true, false): job.writeMode = .incremental
        case (false, true): job.writeMode = .rewrite
        case (false, false): break
        }
        if let version = parsed.values["--pdf-version"] { job.pdfVersion = version }
        if parsed.flags.contains("--deterministic") { job.deterministic = true }
        if parsed.flags.contains("--linearize") { job.linearize = true }
    }
}
