import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// `legible optimize`, `legible flatten`, and the write flags on `legible batch`, as users
/// call them: exit codes, outputs judged by qpdf and poppler, inputs untouched.
struct OptimizeCommandTests {
    @Test func optimizeWritesASmallerFileAndReportsItAsJSON() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("scan-jpeg.pdf")
        let original = try Fixtures.bytes(input)
        let output = folder.file("out.pdf")
        let code = await Legible.main(["optimize", "-q", "--optimize", "screen", input.path, output.path])
        #expect(code == ExitCode.ok.rawValue)
        #expect(try PDFFixtures.qpdfCheck(output).status == 0)
        #expect(try Fixtures.bytes(output).count < original.count)
        #expect(try Fixtures.bytes(input) == original)

        try LegibleBinary.requireBuilt()
        let json = try PDFFixtures.run(LegibleBinary.url.path, ["optimize", "-q", "--json", input.path, folder.file("j.pdf").path])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        #expect(object["level"] as? String == "lossless")
        #expect(object["fileBytesBefore"] as? Int == original.count)
        #expect(object["fileBytesAfter"] as? Int == (try Fixtures.bytes(folder.file("j.pdf")).count))
        #expect(object["imagesSeen"] as? Int == 1)
    }

    @Test func badOptionsAndInputsGetTheirExitCodes() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("scan-g4.pdf").path
        let cases: [([String], ExitCode)] = [
            (["optimize", "--help"], .ok),
            (["flatten", "--help"], .ok),
            (["optimize", input], .badArguments),
            (["optimize", "--optimize", "png", input, folder.file("a.pdf").path], .badArguments),
            (["optimize", "--optimize", "jpeg:0", input, folder.file("a.pdf").path], .badArguments),
            (["optimize", "--screen-dpi", "5", input, folder.file("a.pdf").path], .badArguments),
            (["flatten", "--incremental", "--rewrite", input, folder.file("a.pdf").path], .badArguments),
            (["optimize", "-q", folder.file("absent.pdf").path, folder.file("a.pdf").path], .fileAccess),
            (["flatten", "-q", input, input], .badArguments),
            (["flatten", "-q", Fixtures.corpus("pdf/pdfjs/issue6410.pdf").path, folder.file("missing/a.pdf").path], .fileAccess),
        ]
        for (arguments, expected) in cases {
            let code = await Legible.main(arguments)
            #expect(code == expected.rawValue, "\(arguments.joined(separator: " ")) gave \(code)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("a.pdf").path))
        let mixed = try TemporaryDirectory()
        try MixedInput.populate(mixed.url, count: MixedInput.allCases.count)
        for name in mixed.contents() where name.contains("encrypted") || name.contains("truncated") {
            let code = await Legible.main(["optimize", "-q", mixed.file(name).path, folder.file("m.pdf").path])
            #expect(code == (name.contains("encrypted") ? ExitCode.encrypted : ExitCode.badInput).rawValue, "\(name) gave \(code)")
        }
    }

    @Test func flattenLeavesNoAnnotationsAndLooksTheSame() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.corpus("forms/src/us_osha301.pdf")
        let output = folder.file("flat.pdf")
        #expect(await Legible.main(["flatten", "-q", input.path, output.path]) == ExitCode.ok.rawValue)
        #expect(try PDFFixtures.qpdfCheck(output).status == 0)
        let qdf = try PDFFixtures.run("qpdf", ["--qdf", "--object-streams=disable", output.path, "-"])
        #expect(!PDFFixtures.contains(qdf.stdout, "/Annots") && !PDFFixtures.contains(qdf.stdout, "/AcroForm"))
        let before = try GrayRendering.render(input, dpi: 40), after = try GrayRendering.render(output, dpi: 40)
        #expect(before.count == after.count)
        for (a, b) in zip(after, before) { #expect((a.meanDifference(from: b) ?? 255) < 0.6) }
    }

    /// `--pdf-version 1.4` through `legible batch`: every output has the 1.4 header and a
    /// classic cross-reference table; `--optimize` is accepted there too.
    @Test func batchAppliesTheWriteFlagsToEveryOutput() async throws {
        let folder = try TemporaryDirectory()
        try MixedInput.populate(folder.file("src"), count: 3)
        let command = BatchCommand(arguments: ["-q", "--pdf-version", "1.4", "--optimize", "lossless",
                                               folder.file("src").path, folder.file("dst").path],
                                   environment: [JobOptions.fakeEngineVariable: "1"])
        #expect(await command.run() == .ok)
        let outputs = (FileManager.default.enumerator(atPath: folder.file("dst").path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".pdf") }
        #expect(!outputs.isEmpty)
        for name in outputs {
            let bytes = try Fixtures.bytes(folder.file("dst").appendingPathComponent(name))
            #expect(bytes.starts(with: Array("%PDF-1.4".utf8)), "\(name)")
            #expect(PDFFixtures.contains(bytes, "\nxref\n") && !PDFFixtures.contains(bytes, "/ObjStm"), "\(name)")
            #expect(try PDFFixtures.qpdfCheck(folder.file("dst").appendingPathComponent(name)).status == 0)
        }
        let bad = BatchCommand(arguments: ["-q", "--optimize", "gif", folder.file("src").path, folder.file("dst2").path],
                               environment: [JobOptions.fakeEngineVariable: "1"])
        #expect(await bad.run() == .badArguments)
    }
}
