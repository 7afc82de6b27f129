import Foundation
import Pipeline

/// `legible thumbnails INPUT OUTDIR [--size N] [--pages R] [--password P]`: one PNG per page.
struct ThumbnailsCommand {
    let arguments: [String]

    /// Options that take a value.
    static let valued: Set<String> = ["--size", "--pages", "--password"]
    /// Options that do not.
    static let flags: Set<String> = ["--quiet", "--help"]

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, valued: ThumbnailsCommand.valued, flags: ThumbnailsCommand.flags,
                                             aliases: ["-h": "--help", "-q": "--quiet"])
            if parsed.flags.contains("--help") { print(Help.thumbnails); return .ok }
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
            let folder = URL(fileURLWithPath: parsed.positionals[1])
            let written = try await Thumbnails.write(URL(fileURLWithPath: parsed.positionals[0]), to: folder, options: options)
            if !parsed.flags.contains("--quiet") {
                Console.info("wrote \(written.count) thumbnail\(written.count == 1 ? "" : "s") to \(folder.path)")
            }
            return .ok
        }
    }
}
