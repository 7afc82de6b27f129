import Foundation
import PDFImages
import Pipeline

/// `legible images IN... OUT.pdf [--page-size S] [--upscale-if-smaller] [--rotation R]
/// [--jpeg-quality Q] [--dpi N]`: image files to a PDF, a page per image or TIFF frame.
struct ImagesCommand {
    let arguments: [String]

    /// Options that take a value.
    static var valued: Set<String> { Help.imagesSpec.valued }
    /// Options that do not.
    static var flags: Set<String> { Help.imagesSpec.flags }

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, spec: Help.imagesSpec)
            if parsed.flags.contains("--help") { print(Help.images); return .ok }
            guard parsed.positionals.count >= 2 else {
                throw CLIError.usage("images needs at least one IMAGE and an OUTPUT.pdf (see legible images --help)")
            }
            let options = try ImagesCommand.options(parsed)
            let streams = StandardStreams()
            guard parsed.positionals.dropLast().filter(StandardStreams.isStream).count <= 1 else {
                throw CLIError.usage("standard input ('-') can be only one of the images")
            }
            let inputs = try parsed.positionals.dropLast().map { try streams.input($0) }
            let output = try streams.output(parsed.positionals[parsed.positionals.count - 1])
            let summary = try await ImagesToPDF.write(Array(inputs), to: output, options: options)
            try streams.deliver()
            if !parsed.flags.contains("--quiet") {
                for note in summary.notes { Console.note(note) }
                let how = summary.storage.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                Console.info("wrote \(streams.writesStandardOutput ? "standard output" : output.path): \(summary.pages) page\(summary.pages == 1 ? "" : "s") (images \(how))")
            }
            return .ok
        }
    }

    /// The page options from the command line.
    /// - Throws: `CLIError.usage` or `PipelineError.badArguments` for a bad value.
    static func options(_ parsed: ParsedArguments) throws -> ImagePageOptions {
        var options = ImagePageOptions()
        if let size = parsed.values["--page-size"] { options.pageSize = try ImagePageOptions.pageSize(size) }
        options.upscaleIfSmaller = parsed.flags.contains("--upscale-if-smaller")
        if let text = parsed.values["--rotation"] {
            guard let rotation = Int(text), [0, 90, 180, 270].contains(rotation) else {
                throw CLIError.usage("--rotation must be 0, 90, 180 or 270")
            }
            options.rotation = rotation
        }
        if let text = parsed.values["--jpeg-quality"] {
            guard let quality = Int(text), (1...100).contains(quality) else {
                throw CLIError.usage("--jpeg-quality must be a whole number from 1 to 100")
            }
            options.jpegQuality = quality
        }
        if let text = parsed.values["--dpi"] {
            let range = ImagePageOptions.plausibleResolutions
            guard let dpi = Double(text), range.contains(dpi) else {
                throw CLIError.usage("--dpi must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
            }
            options.dpi = dpi
        }
        return options
    }
}
