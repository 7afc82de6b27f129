import Foundation
import Forms
import Pipeline

/// `legible fill FORM DATA OUTPUT [--flatten]`: a form's fields set from JSON, FDF or XFDF.
struct FillCommand {
    let arguments: [String]

    func run() async -> ExitCode {
        await Console.reportingErrors {
            let parsed = try ParsedArguments(arguments, spec: Help.fillSpec)
            if parsed.flags.contains("--help") { print(Help.fillSpec.helpText); return .ok }
            guard parsed.positionals.count == 3 else {
                throw CLIError.usage("fill needs FORM, DATA and OUTPUT (see legible fill --help)")
            }
            let streams = StandardStreams()
            var job = OCRJob()
            try WriteFlags.apply(parsed, to: &job)
            job.password = parsed.values["--password"]
            let values = try FormFieldListing.values(URL(fileURLWithPath: parsed.positionals[1]))
            let input = try streams.input(parsed.positionals[0])
            let output = try streams.output(parsed.positionals[2])
            let finalJob = job
            let flatten = parsed.flags.contains("--flatten")
            let report = try await Interrupts.cancellingOnSignal {
                try await FlattenRunner().run(input: input, output: output, job: finalJob, flatten: flatten, values: values)
            }
            try streams.deliver()
            if !parsed.flags.contains("--quiet") {
                for warning in report.warnings { Console.warn(warning) }
                for note in report.notes { Console.note(note) }
                let set = report.fill?.fieldsSet ?? 0
                let shown = StandardStreams.isStream(parsed.positionals[2]) ? "standard output" : parsed.positionals[2]
                Console.info("\(set) field\(set == 1 ? "" : "s") filled" + (flatten ? " and burned in" : "") + " → \(shown)")
            }
            return .ok
        }
    }
}
