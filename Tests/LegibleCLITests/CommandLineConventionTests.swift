import Foundation
import Testing
@testable import LegibleCLI
import FileIO
import Pipeline
import TestSupport

/// What a user expects of a command line: mistakes named with the right spelling, help for
/// every command, exit codes a script can test, warnings where a request cannot be met.
struct CommandLineConventionTests {
    @Test func aMistypedOptionSuggestsTheRightOneAndHelp() throws {
        let result = try CLIProcess.run(["ocr", "--langauge", "eng", "a.pdf", "b.pdf"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("did you mean --language?") && result.stderr.contains("legible ocr --help"))
        #expect(OptionSuggestion.nearest(to: "--pags", in: ["--pages", "--password"]) == "--pages")
        #expect(OptionSuggestion.nearest(to: "--lang", in: ["--language", "--linearize"]) == "--language")
        #expect(OptionSuggestion.nearest(to: "--zzzzzz", in: ["--pages", "--json"]) == nil, "no wild guesses")
        let search = try CLIProcess.run(["search", "--ignore-cas", "x.pdf", "y"])
        #expect(search.status == 1 && search.stderr.contains("--ignore-case"))
    }

    @Test func everyCommandHasHelpWithItsOwnExitCodes() throws {
        for spec in Help.commands {
            let result = try CLIProcess.run(["help", spec.name])
            #expect(result.status == 0, "help \(spec.name)")
            #expect(result.stdout.hasPrefix("legible \(spec.name)"), "help \(spec.name)")
            #expect(result.stdout.contains("Exit codes:"), "help \(spec.name)")
            for use in spec.exitCodes { #expect(result.stdout.contains("  \(use.code.rawValue) "), "help \(spec.name): \(use.code.rawValue)") }
            for option in spec.options where !option.hidden { #expect(result.stdout.contains(option.long), "help \(spec.name): \(option.long)") }
            if spec.name != "help" {
                #expect(try CLIProcess.run([spec.name, "--help"]).stdout == result.stdout, "\(spec.name) --help")
            }
        }
        #expect(Help.spec(named: "search")?.exitCodes.first { $0.code == .badArguments }?.meaning.contains("no match") == true)
    }

    @Test func unknownCommandsExitOne() throws {
        let unknown = try CLIProcess.run(["serch", "a.pdf", "x"])
        #expect(unknown.status == 1 && unknown.stderr.contains("did you mean search?"))
        let help = try CLIProcess.run(["help", "frobnicate"])
        #expect(help.status == 1 && help.stdout.isEmpty)
    }

    @Test func searchExitsOneWhenNothingMatches() throws {
        let sample = Fixtures.sample("born-digital.pdf").path
        let none = try CLIProcess.run(["search", sample, "zebra crossing quartz"])
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.isEmpty)
        let json = try CLIProcess.run(["search", "--json", sample, "zebra crossing quartz"])
        #expect(json.status == 1 && json.stdout == "[]\n")
    }

    @Test func aFileNameGivenToPagesIsNamedAsSuch() throws {
        let sample = Fixtures.sample("scan-g4.pdf").path
        for command in [["ocr", "--pages", sample, "out.pdf"], ["text", "--pages", sample], ["thumbnails", "--pages", sample, "dir"]] {
            let result = try CLIProcess.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("is a file name"), "\(command): \(result.stderr)")
        }
        #expect(try CLIProcess.run(["text", "--pages", "x-y", sample]).stderr.contains("bad page range"))
    }

    @Test func pagesPastTheEndWarn() throws {
        let sample = Fixtures.sample("two-pages.pdf").path
        let text = try CLIProcess.run(["text", "--pages", "2,5-7", sample])
        #expect(text.status == 0 && text.stderr.contains("the document has 2 pages; 5-7 do not exist"), "\(text.stderr)")
        let folder = try TemporaryDirectory()
        let ocr = try CLIProcess.run(["ocr", "-j", "1", "--pages", "9", sample, folder.file("o.pdf").path])
        #expect(ocr.status == 0 && ocr.stderr.contains("9 does not exist"), "\(ocr.stderr)")
        #expect(try PageSelection("1,2-").rangesBeyond(pageCount: 2).isEmpty)
        #expect(try PageSelection("1,3,4-6,9-").rangesBeyond(pageCount: 2) == ["3", "4-6", "9-"])
    }

    @Test func anUnwritableOutputFolderIsRefusedBeforeTheWork() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("two-pages.pdf").path
        for option in ["--sidecar", "--words-json", "--report"] {
            let result = try CLIProcess.run(["ocr", option, "/nonexistent-folder/x", sample, folder.file("o.pdf").path])
            #expect(result.status == ExitCode.fileAccess.rawValue, "\(option)")
            #expect(!result.stderr.contains("recognized"), "\(option): refused before any page was read")
        }
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path) }
        if getuid() != 0 {
            let hocr = try CLIProcess.run(["ocr", "--hocr", locked.appendingPathComponent("h").path, sample, folder.file("o.pdf").path])
            #expect(hocr.status == ExitCode.fileAccess.rawValue && hocr.stderr.contains("not writable"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("o.pdf").path))
    }

    @Test func textOnImageOnlyPagesHintsAtOCR() throws {
        let scan = try CLIProcess.run(["text", Fixtures.sample("scan-g4.pdf").path])
        #expect(scan.status == 0 && scan.stderr.contains("--ocr"))
        let born = try CLIProcess.run(["text", Fixtures.sample("born-digital.pdf").path])
        #expect(!born.stderr.contains("--ocr"))
    }

    @Test func theSummarySaysHowManyPagesRotatePagesTurned() throws {
        let folder = try TemporaryDirectory()
        let upright = try CLIProcess.run(["ocr", "-j", "1", "--rotate-pages", Fixtures.sample("two-pages.pdf").path, folder.file("u.pdf").path])
        #expect(upright.stderr.contains("0 pages turned upright by --rotate-pages"), "\(upright.stderr)")
        let plain = try CLIProcess.run(["ocr", "-j", "1", Fixtures.sample("two-pages.pdf").path, folder.file("p.pdf").path])
        #expect(plain.status == 0 && !plain.stderr.contains("turned"))
        let rotated = try CLIProcess.run(["ocr", "-j", "1", "--rotate-pages", Fixtures.sample("rotated.pdf").path,
                                          folder.file("r.pdf").path])
        #expect(rotated.stderr.contains("turned upright by --rotate-pages"), "\(rotated.stderr)")
    }

    @Test func theOptimizeNoteDoesNotReadAsIfOptimizingGrewTheFile() {
        var summary = OptimizationSummary(level: .lossless)
        summary.fileBytesBefore = 15_000
        summary.fileBytesAfter = 19_000
        #expect(!summary.line.contains("15 KB → 19 KB"))
        #expect(summary.line.contains("outweighs what optimizing saved"))
        summary.fileBytesAfter = 9_000
        #expect(summary.line.contains("15 KB → 9000 B"))
    }

    @Test func anInterruptionMessageStartsOnItsOwnLine() {
        #expect(Console.ownLinePrefix(terminal: true) == "\n")
        #expect(Console.ownLinePrefix(terminal: false).isEmpty)
    }

    @Test func reviewFilesTakeFieldsAddedByHand() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("flat-form.pdf")
        let review = folder.file("fields.json")
        let detected = try CLIProcess.run(["forms", "-q", "--review", review.path, sample.path, folder.file("first.pdf").path])
        #expect(detected.status == 0, "\(detected.stderr)")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: review)) as? [String: Any])
        var fields = try #require(json["fields"] as? [[String: Any]])
        let count = fields.count
        fields.append(["page": 0, "rect": ["left": 200, "top": 380, "right": 340, "bottom": 396], "kind": "text"])
        fields.append(["page": 0, "rect": ["left": 200, "top": 400, "right": 340, "bottom": 416], "kind": "text", "label": "Notes for the clerk"])
        json["fields"] = fields
        try JSONSerialization.data(withJSONObject: json).write(to: review)
        let output = folder.file("edited.pdf")
        let built = try CLIProcess.run(["forms", "-q", "--from-review", review.path, sample.path, output.path])
        #expect(built.status == 0, "\(built.stderr)")
        let names = try Tool.run("qpdf", ["--json", "--json-key=acroform", output.path]).stdout
        #expect(names.contains("field_\(count + 1)") && names.contains("notes_for_the_clerk"), "\(names.prefix(400))")
    }
}
