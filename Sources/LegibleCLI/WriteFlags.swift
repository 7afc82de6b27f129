import Pipeline

/// The options of `legible ocr` that choose how the output file is written: `--incremental`,
/// `--rewrite`, `--decrypt`, `--pdf-version V`, `--deterministic`, `--linearize`,
/// `--optimize LEVEL` and `--screen-dpi N`, applied over the job's values (shared by `ocr`,
/// `batch`, `watch`, `flatten` and `optimize`).
enum WriteFlags {
    /// Options that take a value.
    static let valued: Set<String> = ["--pdf-version", "--optimize", "--screen-dpi"]
    /// Options without a value.
    static let flags: Set<String> = ["--incremental", "--rewrite", "--decrypt", "--deterministic", "--linearize"]

    /// Sets the job's write mode, PDF version, determinism and linearization from the command line.
    /// - Throws: `CLIError.usage` when `--incremental` and `--rewrite` are both given, or
    ///   `--optimize`/`--screen-dpi` have bad values.
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
        if parsed.flags.contains("--decrypt") { job.decrypt = true }
        if let level = parsed.values["--optimize"] {
            do { job.optimize = try OptimizeLevel(parsing: level) } catch let error as PipelineError {
                throw CLIError.usage("--optimize: \(error.message)")
            }
        }
        if let text = parsed.values["--screen-dpi"] {
            guard let dpi = Int(text), (36...1200).contains(dpi) else {
                throw CLIError.usage("--screen-dpi takes a whole number of dots per inch from 36 to 1200, not '\(text)'")
            }
            job.screenDPI = dpi
        }
    }
}
