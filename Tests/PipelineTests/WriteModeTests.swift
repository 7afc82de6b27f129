import FileIO
import Foundation
import Testing
import OCR
import PDF
@testable import Pipeline
import TestSupport

/// How the pipeline writes its output: incremental updates for signed inputs (signatures stay
/// valid), `--incremental` and `--rewrite`, `--pdf-version` and `--deterministic` (encryption:
/// `OCRRunnerTests.encryptedInputKeepsItsEncryptionUnlessDecrypted`).
@Suite struct WriteModeTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka", "zebra"]), workers: 2)

    private func run(_ input: URL, _ output: URL, job: OCRJob = OCRJob()) async throws -> RunReport {
        try await OCRRunner(engines: pool).run(input: input, output: output, job: job)
    }

    @Test func anyInputCanBeUpdatedIncrementally() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("two-pages.pdf")
        var job = OCRJob()
        job.writeMode = .incremental
        let report = try await run(input, folder.file("out.pdf"), job: job)
        #expect(report.outcomes.allSatisfy { $0 == .recognized(words: 2) })
        let output = try Fixtures.bytes(folder.file("out.pdf"))
        #expect(output.starts(with: try Fixtures.bytes(input)))
        #expect(try Tool.qpdfCheck(folder.file("out.pdf")) == 0)
        #expect(try Tool.pdftotext(folder.file("out.pdf")).contains("Quokka"))
        #expect(report.warnings.isEmpty)
    }

    @Test func aFileThatCannotTakeAnUpdateIsRewrittenWithANote() async throws {
        let folder = try TemporaryDirectory()
        let hybrid = folder.file("hybrid.pdf")
        // A classic table whose trailer also points at an xref stream.
        let source = try PDFDocument(bytes: Fixtures.bytes(Fixtures.corpus("pdf/qpdf/hybrid-xref.pdf")))
        #expect(source.lastCrossReference?.form == .hybrid)
        try FileManager.default.copyItem(at: Fixtures.corpus("pdf/qpdf/hybrid-xref.pdf"), to: hybrid)
        var job = OCRJob()
        job.writeMode = .incremental
        job.mode = .forceOCR
        let report = try await run(hybrid, folder.file("out.pdf"), job: job)
        #expect(report.notes.contains { $0.contains("incremental update was not possible") && $0.contains("hybrid") })
        #expect(try Tool.qpdfCheck(folder.file("out.pdf")) == 0)
    }

    @Test func theWriteKeyIsReadFromPipelines() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("job.json")
        try Data(#"{"write": "incremental", "pdf-version": "1.4", "deterministic": true}"#.utf8).write(to: file)
        let job = try OCRJob.load(from: file)
        #expect(job.writeMode == .incremental && job.pdfVersion == "1.4" && job.deterministic)
        try Data(#"{"write": "sometimes"}"#.utf8).write(to: file)
        #expect(throws: PipelineError.self) { try OCRJob.load(from: file) }
        try Data(#"{"pdf-version": "1.3"}"#.utf8).write(to: file)
        #expect(throws: PipelineError.self) { try OCRJob.load(from: file) }
    }

    @Test func deterministicRunsWriteTheSameBytes() async throws {
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.deterministic = true
        _ = try await run(Fixtures.sample("scan-g4.pdf"), folder.file("a.pdf"), job: job)
        _ = try await run(Fixtures.sample("scan-g4.pdf"), folder.file("b.pdf"), job: job)
        #expect(try Fixtures.bytes(folder.file("a.pdf")) == Fixtures.bytes(folder.file("b.pdf")))
    }

    @Test func linearizedOutputPassesQpdfsCheck() async throws {
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.linearize = true
        let report = try await run(Fixtures.sample("two-pages.pdf"), folder.file("out.pdf"), job: job)
        #expect(report.notes.isEmpty)
        let check = try Tool.run("qpdf", ["--check-linearization", folder.file("out.pdf").path])
        #expect(check.stdout.contains("no linearization errors"), "\(check.stdout) \(check.stderr)")
        #expect(try Tool.pdftotext(folder.file("out.pdf")).contains("Quokka"))
    }

    @Test func version14MeansAClassicTable() async throws {
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.pdfVersion = "1.4"
        _ = try await run(Fixtures.sample("scan-jpeg.pdf"), folder.file("out.pdf"), job: job)
        let bytes = try Fixtures.bytes(folder.file("out.pdf"))
        #expect(bytes.starts(with: Array("%PDF-1.4".utf8)))
        #expect(!PDFFixtures.contains(bytes, "/ObjStm") && !PDFFixtures.contains(bytes, "/XRef"))
        #expect(try Tool.qpdfCheck(folder.file("out.pdf")) == 0)
    }
}

/// Signed inputs through the whole pipeline, checked by poppler's `pdfsig`.
@Suite(.enabled(if: PDFSigning.toolsAvailable)) struct SignedInputTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(words: ["Quokka", "zebra"]), workers: 2)

    /// `Samples/scan-g4.pdf` signed, as `signed.pdf` in `folder`, and its bytes.
    private func signedScan(in folder: TemporaryDirectory) throws -> (url: URL, bytes: [UInt8]) {
        let signed = folder.file("signed.pdf")
        let bytes = try PDFSigning.sign(Fixtures.bytes(Fixtures.sample("scan-g4.pdf")))
        try Data(bytes).write(to: signed)
        return (signed, bytes)
    }

    @Test func aSignedScanIsRecognizedAndItsSignatureStaysValid() async throws {
        let folder = try TemporaryDirectory()
        let (signed, original) = try signedScan(in: folder)
        let output = folder.file("out.pdf")
        let report = try await OCRRunner(engines: pool).run(input: signed, output: output, job: OCRJob())
        #expect(report.outcomes == [.recognized(words: 2)])
        #expect(report.notes.contains { $0.contains("incremental update") })
        #expect(report.warnings.isEmpty)
        #expect(try Fixtures.bytes(output).starts(with: original))
        #expect(try PDFSigning.verdicts(output) == ["Signature is Valid."])
        #expect(try Tool.pdftotext(output).contains("Quokka"))
        #expect(try Tool.qpdfCheck(output) == 0)
    }

    @Test func aSignedScanIsNotLinearizedSinceItsUpdateIsIncremental() async throws {
        let folder = try TemporaryDirectory()
        let signed = try signedScan(in: folder).url
        var job = OCRJob()
        job.linearize = true
        let report = try await OCRRunner(engines: pool).run(input: signed, output: folder.file("out.pdf"), job: job)
        #expect(report.notes.contains { $0.contains("not linearized") })
        #expect(try PDFSigning.verdicts(folder.file("out.pdf")) == ["Signature is Valid."])
    }

    @Test func rewritingASignedScanWarnsThatTheSignatureIsInvalidated() async throws {
        let folder = try TemporaryDirectory()
        let signed = try signedScan(in: folder).url
        var job = OCRJob()
        job.writeMode = .rewrite
        let output = folder.file("out.pdf")
        let report = try await OCRRunner(engines: pool).run(input: signed, output: output, job: job)
        #expect(report.warnings.contains { $0.contains("invalidates its digital signature") })
        #expect(try PDFSigning.verdicts(output) != ["Signature is Valid."])
    }

    /// The corpus's signed files are born digital: forced OCR finds no image on the first
    /// (nothing changes: the output is the input byte for byte) and two icons on the second
    /// (an encrypted file: its text layer is appended, encrypted), and the signature stays valid.
    @Test(arguments: ["pdf/qpdf/digitally-signed.pdf", "pdf/qpdf/minimal-signed-restricted.pdf"])
    func corpusSignedFilesComeOutValid(path: String) async throws {
        let folder = try TemporaryDirectory()
        var job = OCRJob()
        job.mode = .forceOCR
        let output = folder.file("out.pdf")
        let report = try await OCRRunner(engines: pool).run(input: Fixtures.corpus(path), output: output, job: job)
        let recognized = report.outcomes.contains { if case .recognized = $0 { return true } else { return false } }
        let input = try Fixtures.bytes(Fixtures.corpus(path))
        if recognized {
            #expect(try Fixtures.bytes(output).starts(with: input))
            #expect(try Tool.pdftotext(output).contains("Quokka"))
        } else {
            #expect(try Fixtures.bytes(output) == input)
        }
        #expect(try PDFSigning.verdicts(output) == ["Signature is Valid."])
    }
}
