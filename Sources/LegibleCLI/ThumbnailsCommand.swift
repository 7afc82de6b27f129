import Foundation
import FileIO
import PDFImages

/// `legible thumbnails INPUT OUTDIR [--size N] [--pages R] [--password P]`: one PNG per page.
struct ThumbnailsCommand {
    let arguments: [String]

    /// Options that take a value.
    static var valued: Set<String> { Help.thumbnailsSpec.valued }
    /// Options that do not.
    static var flags: Set<String> { Help.thumbnailsSpec.flags }

    func run() async -> ExitCode {
        await Console.reportingErrors {
            guard let job = try parse() else { return .ok }
            report(try await Thumbnails.write(job.input, to: job.folder, options: job.options), job)
            return .ok
        }
    }

    /// `run()` on the calling thread, before the concurrency runtime has started: a thumbnails
    /// process (one per page in document browsers' pipelines) then starts no runtime threads and
    /// hands no work between threads, which on a busy machine each wait for a core.
    func runWithoutSuspending() -> ExitCode {
        Console.reportingErrorsWithoutSuspending {
            guard let job = try parse() else { return .ok }
            report(try Thumbnails.writeWithoutSuspending(job.input, to: job.folder, options: job.options), job)
            return .ok
        }
    }

    /// What the arguments ask for; nil when they asked for help (printed).
    private func parse() throws -> Job? {
        let parsed = try ParsedArguments(arguments, spec: Help.thumbnailsSpec)
        if parsed.flags.contains("--help") { print(Help.thumbnails); return nil }
        try PagesOption.check(parsed.values["--pages"])
        guard parsed.positionals.count == 2 else {
            throw CLIError.usage("thumbnails needs an INPUT and an OUTDIR (see legible thumbnails --help)")
        }
        var options = Thumbnails.Options()
        if let text = parsed.values["--size"] {
            guard let size = Int(text), (8...Thumbnails.Options.maxSize).contains(size) else {
                throw CLIError.usage("--size must be a whole number of pixels from 8 to \(Thumbnails.Options.maxSize)")
            }
            options.size = size
        }
        options.pages = try parsed.values["--pages"].map { try PageSelection($0) }
        options.password = parsed.values["--password"]
        let streams = StandardStreams()
        return Job(input: try streams.input(parsed.positionals[0]), folder: URL(fileURLWithPath: parsed.positionals[1]),
                   options: options, quiet: parsed.flags.contains("--quiet"), streams: streams)
    }

    /// One parsed command line.
    private struct Job {
        let input: URL
        let folder: URL
        let options: Thumbnails.Options
        let quiet: Bool
        /// Keeps standard input's copy alive for the run.
        let streams: StandardStreams
    }

    private func report(_ written: [URL], _ job: Job) {
        if !job.quiet {
            Console.info("wrote \(written.count) thumbnail\(written.count == 1 ? "" : "s") to \(job.folder.path)")
        }
    }
}
