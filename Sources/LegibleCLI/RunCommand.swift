/// `legible run --pipeline FILE INPUT OUTPUT [options]`: runs a job definition on one file.
/// It is `legible ocr` with the definition required, so scripts name their job explicitly.
struct RunCommand {
    let arguments: [String]

    func run() async -> ExitCode {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Help.run)
            return .ok
        }
        guard arguments.contains(where: { $0 == "--pipeline" || $0.hasPrefix("--pipeline=") }) else {
            return Console.fail(.badArguments, "run needs --pipeline FILE (see legible run --help)")
        }
        return await OCRCommand(arguments: arguments, name: "run").run()
    }
}

extension Help {
    static var run: String { runSpec.helpText }

    /// `legible run --help`: ocr's options with the definition required.
    static var runSpec: CommandSpec {
        CommandSpec(
            name: "run", usage: ["run --pipeline FILE INPUT OUTPUT [options]"], summary: "run a job definition (Pipelines/*.json) on one file",
            description: """
            Runs the job definition FILE (see Pipelines/README.md) on INPUT and writes OUTPUT.
            Options given on the command line override the definition's values; they are those
            of `legible ocr` (see legible ocr --help).
            """,
            options: ocrSpec.options, exitCodes: ocrSpec.exitCodes)
    }
}
