import Foundation
import Imaging
import Tesseract

/// The `legible` command: dispatches to subcommands and returns the process exit code.
public enum Legible {
    /// The version of this build.
    public static let version = "0.1.0"

    /// Runs the command line `arguments` (without the program name).
    public static func main(_ arguments: [String]) async -> Int32 {
        if let code = mainWithoutConcurrency(arguments) { return code }
        LeptonicaDiagnostics.silence()
        guard let command = arguments.first else {
            print(Help.main)
            return ExitCode.badArguments.rawValue
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "ocr":
            return await OCRCommand(arguments: rest).run().rawValue
        case "run":
            return await RunCommand(arguments: rest).run().rawValue
        case "batch":
            return await BatchCommand(arguments: rest).run().rawValue
        case "watch":
            return await WatchCommand(arguments: rest).run().rawValue
        case "flatten":
            return await FlattenCommand(arguments: rest).run().rawValue
        case "optimize":
            return await OptimizeCommand(arguments: rest).run().rawValue
        case "text":
            return await TextCommand(arguments: rest).run().rawValue
        case "forms":
            return await FormsCommand(arguments: rest).run().rawValue
        case "fill":
            return await FillCommand(arguments: rest).run().rawValue
        case "search":
            return await SearchCommand(arguments: rest).run().rawValue
        case "images":
            return await ImagesCommand(arguments: rest).run().rawValue
        case "thumbnails":
            return await ThumbnailsCommand(arguments: rest).run().rawValue
        case "languages":
            if rest.contains("--help") || rest.contains("-h") { print(Help.languagesSpec.helpText); return ExitCode.ok.rawValue }
            do {
                let data = try Tessdata.locate(for: [])
                print(Tessdata.installedLanguages(in: data.directory).joined(separator: "\n"))
                return ExitCode.ok.rawValue
            } catch {
                return Console.fail(.missingDependency, "\(error)").rawValue
            }
        case "help", "--help", "-h":
            guard let name = rest.first else { print(Help.main); return ExitCode.ok.rawValue }
            guard let spec = Help.spec(named: name) else {
                return Console.fail(.badArguments, "no command '\(name)'\(CommandSuggestion.hint(name)) (see legible --help)").rawValue
            }
            print(spec.helpText)
            return ExitCode.ok.rawValue
        case "--generate-completion":
            return ShellCompletion.print(shell: rest.first).rawValue
        case "--generate-man":
            print(ManPage.text)
            return ExitCode.ok.rawValue
        case "--version", "version":
            print("legible \(version) (tesseract \(TesseractEngine.version))")
            return ExitCode.ok.rawValue
        default:
            return Console.fail(.badArguments, "unknown command '\(command)'\(CommandSuggestion.hint(command)) (see legible --help)").rawValue
        }
    }

    /// Runs the commands that need no concurrency (`info`, `thumbnails`) to the end on the
    /// calling thread and returns their exit code; nil for the others, which `main` runs. The
    /// executable calls it before its first `await`: a `legible info` process then never starts
    /// the concurrency runtime's threads, whose start-up and hand-offs were a measurable part of
    /// its run on a small file (see bench/README.md).
    public static func mainWithoutConcurrency(_ arguments: [String]) -> Int32? {
        switch arguments.first {
        case "info":
            LeptonicaDiagnostics.silence()
            return InfoCommand(arguments: Array(arguments.dropFirst())).run().rawValue
        case "check":
            return CheckCommand(arguments: Array(arguments.dropFirst())).run().rawValue
        case "fields":
            return FieldsCommand(arguments: Array(arguments.dropFirst())).run().rawValue
        case "thumbnails":
            LeptonicaDiagnostics.silence()
            return ThumbnailsCommand(arguments: Array(arguments.dropFirst())).runWithoutSuspending().rawValue
        default:
            return nil
        }
    }
}
