import FileIO
import Foundation
import Pipeline

/// The options of `legible ocr` that choose how the output file is written: `--incremental`,
/// `--rewrite`, `--invalidate-digital-signatures`, `--decrypt`, `--pdf-version V`,
/// `--deterministic`, `--linearize`, `--optimize LEVEL` (`-O N`) and `--screen-dpi N`,
/// applied over the job's values (shared by `ocr`, `batch`, `watch`, `flatten` and `optimize`).
enum WriteFlags {
    /// The shared write options that take a value (from `OptionSpec.writeOptions`).
    static var valued: Set<String> { Set(OptionSpec.writeOptions.filter(\.takesValue).map(\.long)) }
    /// The shared write options without a value.
    static var flags: Set<String> { Set(OptionSpec.writeOptions.filter { !$0.takesValue }.map(\.long)) }

    /// Sets the job's write mode, PDF version, determinism and linearization from the command line.
    /// - Throws: `CLIError.usage` when `--incremental` and `--rewrite` are both given, or
    ///   `--optimize`/`--screen-dpi` have bad values.
    static func apply(_ parsed: ParsedArguments, to job: inout OCRJob) throws {
        let rewrite = parsed.flags.contains("--rewrite") || parsed.flags.contains("--invalidate-digital-signatures")
        switch (parsed.flags.contains("--incremental"), rewrite) {
        case (true, true): throw CLIError.usage("--incremental and --rewrite (or --invalidate-digital-signatures) contradict each other; give one")
        case (true, false): job.writeMode = .incremental
        case (false, true): job.writeMode = .rewrite
        case (false, false): break
        }
        if parsed.flags.contains("--invalidate-digital-signatures") { job.invalidateSignatures = true }
        if let version = parsed.values["--pdf-version"] { job.pdfVersion = version }
        if parsed.flags.contains("--deterministic") { job.deterministic = true }
        if parsed.flags.contains("--linearize") { job.linearize = true }
        if parsed.flags.contains("--decrypt") { job.decrypt = true }
        if let type = parsed.values["--output-type"] {
            guard let value = OutputType(argument: type) else {
                throw CLIError.usage("--output-type takes one of \(OutputType.documented), not '\(type)'")
            }
            job.outputType = value
        }
        if let level = parsed.values["--optimize"] { job.optimize = try optimizeLevel(level) }
        if let text = parsed.values["--screen-dpi"] {
            guard let dpi = Int(text), (36...1200).contains(dpi) else {
                throw CLIError.usage("--screen-dpi takes a whole number of dots per inch from 36 to 1200, not '\(text)'")
            }
            job.screenDPI = dpi
        }
    }

    /// `--optimize LEVEL` or `-O N` read; nil for `-O 0`.
    static func optimizeLevel(_ text: String) throws -> OptimizeLevel? {
        do { return try OptimizeLevel.parsing(nameOrNumber: text) } catch let error as PipelineError {
            throw CLIError.usage("--optimize: \(error.message) (or OCRmyPDF's 0, 1, 2, 3)")
        }
    }

    /// `--fast-web-view MB`: OCRmyPDF linearizes files larger than MB megabytes, and 0 turns it off.
    static func applyFastWebView(_ parsed: ParsedArguments, input: URL, to job: inout OCRJob) throws {
        guard let text = parsed.values["--fast-web-view"] else { return }
        guard let megabytes = Double(text), megabytes >= 0, megabytes.isFinite else {
            throw CLIError.usage("--fast-web-view takes a size in megabytes (0 turns it off), not '\(text)'")
        }
        job.linearize(ifInput: input, isLargerThan: megabytes)
    }
}
