import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

struct CommandLineTests {
    @Test func parserHandlesShortLongInlineAndDoubleDash() throws {
        let parsed = try ParsedArguments(["-l", "eng+deu", "--jobs=3", "in.pdf", "--force-ocr", "--", "-odd.pdf"],
                                         valued: ["--language", "--jobs"], flags: ["--force-ocr"],
                                         aliases: ["-l": "--language"])
        #expect(parsed.values == ["--language": "eng+deu", "--jobs": "3"])
        #expect(parsed.flags == ["--force-ocr"])
        #expect(parsed.positionals == ["in.pdf", "-odd.pdf"])
    }

    @Test func parserRejectsUnknownAndIncompleteOptions() {
        #expect(throws: CLIError.self) { try ParsedArguments(["--nope"], valued: [], flags: [], aliases: [:]) }
        #expect(throws: CLIError.self) { try ParsedArguments(["--jobs"], valued: ["--jobs"], flags: [], aliases: [:]) }
        #expect(throws: CLIError.self) { try ParsedArguments(["--force=1"], valued: [], flags: ["--force"], aliases: [:]) }
    }

    @Test func exitCodesFollowTheDocumentation() async throws {
        let folder = try TemporaryDirectory()
        let notPDF = folder.file("x.pdf")
        try Data("hello".utf8).write(to: notPDF)
        let locked = folder.file("locked.pdf")
        try Tool.run("qpdf", ["--encrypt", "u", "o", "256", "--", Fixtures.sample("scan-g4.pdf").path, locked.path])
        let cases: [([String], ExitCode)] = [
            (["--help"], .ok),
            (["ocr", "--help"], .ok),
            (["frobnicate"], .badArguments),
            (["ocr", "only-one.pdf"], .badArguments),
            (["ocr", "--jobs", "many", "a.pdf", "b.pdf"], .badArguments),
            (["ocr", "--force-ocr", "--skip-text", "a.pdf", "b.pdf"], .badArguments),
            (["ocr", "--pages", "0", "a.pdf", "b.pdf"], .badArguments),
            (["ocr", "-l", "xyz", Fixtures.sample("scan-g4.pdf").path, folder.file("o1.pdf").path], .missingDependency),
            (["ocr", folder.file("absent.pdf").path, folder.file("o2.pdf").path], .fileAccess),
            (["ocr", notPDF.path, folder.file("o3.pdf").path], .badInput),
            (["ocr", locked.path, folder.file("o4.pdf").path], .encrypted),
        ]
        for (arguments, expected) in cases {
            let code = await Legible.main(arguments)
            #expect(code == expected.rawValue, "\(arguments.joined(separator: " ")) gave \(code)")
        }
        for name in ["o1.pdf", "o2.pdf", "o3.pdf", "o4.pdf"] {
            #expect(!FileManager.default.fileExists(atPath: folder.file(name).path))
        }
    }

    @Test func ocrCommandWritesOutputAndSidecar() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf"), sidecar = folder.file("out.txt")
        let code = await Legible.main(["ocr", "-q", "-j", "1", "--sidecar", sidecar.path,
                                       "--pipeline", Fixtures.repositoryRoot.appendingPathComponent("Pipelines/ocr.json").path,
                                       Fixtures.sample("scan-flate.pdf").path, output.path])
        #expect(code == ExitCode.ok.rawValue)
        #expect(try Tool.pdftotext(output).contains("Narrowboats"))
        #expect(try String(contentsOf: sidecar, encoding: .utf8).contains("Narrowboats"))
    }

    @Test func helpDocumentsEveryExitCodeAndOption() {
        for code in ExitCode.allCases { #expect(Help.main.contains(code.meaning)) }
        for code in [ExitCode.ok, .badArguments, .badInput, .missingDependency, .fileAccess, .priorText, .pagesFailed, .encrypted, .interrupted] {
            #expect(Help.ocrSpec.exitCodes.contains { $0.code == code }, "ocr --help lacks exit code \(code.rawValue)")
        }
        for option in ["--language", "--jobs", "--pages", "--sidecar", "--skip-text", "--force-ocr", "--pipeline", "--quiet"] {
            #expect(Help.ocr.contains(option))
        }
        let readme = (try? String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        for code in ExitCode.allCases { #expect(readme.contains("| \(code.rawValue) |"), "README lacks exit code \(code.rawValue)") }
    }
}

/// Batch and watch messages name a file once, though pipeline errors start with its name too.
@Suite struct FileReasonTests {
    @Test func theFileNameIsNotRepeated() {
        #expect(Console.reason("f014.pdf: the PDF is encrypted", about: "in/sub/f014.pdf") == "the PDF is encrypted")
        #expect(Console.reason("the PDF is encrypted", about: "f014.pdf") == "the PDF is encrypted")
        #expect(Console.reason("other.pdf: damaged", about: "f014.pdf") == "other.pdf: damaged")
    }
}
