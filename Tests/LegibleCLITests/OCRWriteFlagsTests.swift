import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// `legible ocr --incremental / --rewrite / --pdf-version / --deterministic`.
struct OCRWriteFlagsTests {
    @Test(.enabled(if: PDFSigning.toolsAvailable), arguments: ["pdf/qpdf/digitally-signed.pdf", "pdf/qpdf/minimal-signed-restricted.pdf"])
    func incrementalKeepsTheCorpusSignaturesValid(path: String) async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let code = await Legible.main(["ocr", "-q", "-j", "1", "--incremental", Fixtures.corpus(path).path, output.path])
        #expect(code == ExitCode.ok.rawValue)
        #expect(try Fixtures.bytes(output).starts(with: Fixtures.bytes(Fixtures.corpus(path))))
        #expect(try PDFSigning.verdicts(output) == ["Signature is Valid."])
    }

    @Test func contradictoryAndBadWriteOptionsAreUsageErrors() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("scan-g4.pdf").path
        for arguments in [["--incremental", "--rewrite"], ["--pdf-version", "1.3"], ["--pdf-version"]] {
            let code = await Legible.main(["ocr", "-q"] + arguments + [input, folder.file("out.pdf").path])
            #expect(code == ExitCode.badArguments.rawValue, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.pdf").path))
    }

    @Test func helpAndReadmeDescribeTheWriteOptions() throws {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for option in WriteFlags.valued.union(WriteFlags.flags) {
            #expect(Help.ocr.contains(option), "help lacks \(option)")
            #expect(readme.contains("`\(option)"), "README lacks \(option)")
        }
    }
}
