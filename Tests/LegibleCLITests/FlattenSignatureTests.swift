import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// `legible flatten` on a signed PDF tells the truth (issue 18, item 5). Flattening removes the
/// signature field with the others and changes the signed pages, so the signature cannot stay
/// valid: without `--invalidate-digital-signatures` the input is refused (exit 2, nothing
/// written); with it the output is flattened and the warning says the signature is gone, as
/// `pdfsig` confirms. It never claims the signature stays valid.
struct FlattenSignatureTests {
    private static let signed = ["pdf/qpdf/digitally-signed.pdf", "pdf/qpdf/minimal-signed-restricted.pdf"]

    @Test(.enabled(if: PDFSigning.toolsAvailable), arguments: signed)
    func aSignedInputIsRefusedUnlessTheSignatureMayBeInvalidated(path: String) throws {
        try LegibleBinary.requireBuilt()
        let input = Fixtures.corpus(path)
        let inputBytes = try Fixtures.bytes(input)
        #expect(try PDFSigning.verdicts(input) == ["Signature is Valid."])
        let folder = try TemporaryDirectory()
        let output = folder.file("flat.pdf"), log = folder.file("log.txt")

        for mode in [[], ["--incremental"], ["--rewrite"]] {
            let code = try LegibleBinary.run(["flatten"] + mode + [input.path, output.path], log: log)
            #expect(code == ExitCode.badInput.rawValue, "\(mode)")
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(mode)")
        }
        let refused = try String(contentsOf: log, encoding: .utf8)
        #expect(refused.contains("--invalidate-digital-signatures") && refused.contains("Nothing was written"), "\(refused)")

        try Data().write(to: log)
        let code = try LegibleBinary.run(["flatten", "--invalidate-digital-signatures", input.path, output.path], log: log)
        let said = try String(contentsOf: log, encoding: .utf8)
        #expect(code == ExitCode.ok.rawValue, "\(said)")
        #expect(said.contains("removed") && !said.contains("stays valid") && !said.contains("stay valid"), "\(said)")
        #expect(try PDFSigning.verdicts(output).isEmpty, "pdfsig still finds a signature")
        #expect(try Tool.qpdfCheck(output) == 0)
        #expect(try Fixtures.bytes(input) == inputBytes)
    }

    @Test func flattenHelpDocumentsTheRefusal() {
        #expect(Help.flatten.contains("--invalidate-digital-signatures"))
        #expect(Help.flatten.contains("signed"))
    }
}
