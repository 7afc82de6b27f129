import Foundation
import Testing
@testable import LegibleCLI
import Pipeline
import TestSupport

/// OCRmyPDF's options, with OCRmyPDF's meanings, so scripts move over: `-O`, the metadata
/// options, the Tesseract options (run with the real engine), `--fast-web-view`,
/// `--invalidate-digital-signatures` and `-v`.
struct OCRmyPDFOptionTests {
    private let scan = Fixtures.sample("scan-g4.pdf")

    private func ocr(_ options: [String], input: URL? = nil, folder: TemporaryDirectory) throws -> (ToolResult, URL) {
        let output = folder.file("out-\(UUID().uuidString.prefix(8)).pdf")
        return (try CLIProcess.run(["ocr", "-j", "1"] + options + [(input ?? scan).path, output.path]), output)
    }

    @Test func optimizationLevelsMapOntoOurs() throws {
        #expect(try WriteFlags.optimizeLevel("0") == nil)
        #expect(try WriteFlags.optimizeLevel("1") == OptimizeLevel(parsing: "lossless"))
        #expect(try WriteFlags.optimizeLevel("2") == OptimizeLevel(parsing: "jpeg:75"))
        #expect(try WriteFlags.optimizeLevel("3") == OptimizeLevel(parsing: "jpeg"))
        #expect(throws: CLIError.self) { try WriteFlags.optimizeLevel("4") }
        let parsed = try ParsedArguments(["-O1", "a", "b"], spec: Help.ocrSpec)
        #expect(parsed.values["--optimize"] == "1" && parsed.positionals == ["a", "b"])
        let spaced = try ParsedArguments(["-O", "3", "a", "b"], spec: Help.ocrSpec)
        #expect(spaced.values["--optimize"] == "3")
    }

    @Test func minusOOneOptimizesAndMinusOZeroDoesNot() throws {
        let folder = try TemporaryDirectory()
        let (one, _) = try ocr(["-O", "1"], folder: folder)
        #expect(one.status == 0 && one.stderr.contains("optimized (lossless)"), "\(one.stderr)")
        let (zero, _) = try ocr(["-O0"], folder: folder)
        #expect(zero.status == 0 && !zero.stderr.contains("optimized"), "\(zero.stderr)")
    }

    @Test func metadataOptionsSetTheInformationDictionary() throws {
        let folder = try TemporaryDirectory()
        let (result, output) = try ocr(["-q", "--title", "Deed of Sale — 1887", "--author", "J. Smith", "--subject", "land",
                                        "--keywords", "deed, sale"], folder: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let info = try Tool.run("pdfinfo", [output.path]).stdout
        #expect(info.contains("Deed of Sale — 1887") && info.contains("J. Smith"))
        #expect(info.contains("Subject:") && info.contains("land") && info.contains("deed, sale"))
        // Also through a linearized write and an incremental update.
        for extra in [["--linearize"], ["--incremental"]] {
            let (again, file) = try ocr(["-q", "--title", "Other"] + extra, folder: folder)
            #expect(again.status == 0, "\(extra): \(again.stderr)")
            #expect(try Tool.run("pdfinfo", [file.path]).stdout.contains("Other"), "\(extra)")
            #expect(try PDFFixtures.qpdfCheck(file).status == 0, "\(extra)")
        }
    }

    @Test func aConfigFileReachesTheEngine() throws {
        let folder = try TemporaryDirectory()
        let config = folder.file("digits.cfg")
        try Data("tessedit_char_whitelist 0123456789\n".utf8).write(to: config)
        let sidecar = folder.file("digits.txt")
        let (result, _) = try ocr(["-q", "--tesseract-config", config.path, "--sidecar", sidecar.path], folder: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        #expect(!text.filter(\.isNumber).isEmpty)
        #expect(text.filter(\.isLetter).isEmpty, "a digits-only whitelist leaves no letters: \(text.prefix(200))")
    }

    @Test func pageSegmentationModeChangesTheReading() throws {
        let folder = try TemporaryDirectory()
        let auto = folder.file("auto.txt"), line = folder.file("line.txt")
        let (first, _) = try ocr(["-q", "--sidecar", auto.path], folder: folder)
        let (second, _) = try ocr(["-q", "--tesseract-pagesegmode", "7", "--sidecar", line.path], folder: folder)
        #expect(first.status == 0 && second.status == 0, "\(second.stderr)")
        let autoLines = try String(contentsOf: auto, encoding: .utf8).split(separator: "\n").count
        let oneLine = try String(contentsOf: line, encoding: .utf8).split(separator: "\n").count
        #expect(autoLines > 3 && oneLine <= 2, "psm 7 reads the page as one line: \(autoLines) vs \(oneLine)")
    }

    @Test func userWordsAndPatternsAndEngineModeLoad() throws {
        let folder = try TemporaryDirectory()
        let words = folder.file("words.txt"), patterns = folder.file("patterns.txt")
        try Data("Narrowboats\nObservatory\n".utf8).write(to: words)
        try Data("\\d\\d\\d\\d-\\d\\d\n".utf8).write(to: patterns)
        let (result, output) = try ocr(["-q", "--user-words", words.path, "--user-patterns", patterns.path,
                                        "--tesseract-oem", "1"], folder: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Tool.pdftotext(output).split(whereSeparator: \.isWhitespace).count > 20)
        let (missing, _) = try ocr(["--user-words", folder.file("absent.txt").path], folder: folder)
        #expect(missing.status == ExitCode.fileAccess.rawValue && missing.stderr.contains("--user-words"))
        let (bad, _) = try ocr(["--tesseract-pagesegmode", "14"], folder: folder)
        #expect(bad.status == ExitCode.badArguments.rawValue)
    }

    @Test func tesseractTimeoutZeroRecognizesNothing() throws {
        let folder = try TemporaryDirectory()
        let (result, output) = try ocr(["-q", "--tesseract-timeout", "0"], folder: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Tool.pdftotext(output).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let parsed = try ParsedArguments(["--tesseract-timeout", "30", "a", "b"], spec: Help.ocrSpec)
        var job = OCRJob()
        _ = try TesseractFlags(parsed, job: &job)
        #expect(job.pageTimeout == 30)
    }

    @Test func fastWebViewLinearizesFilesAboveTheThreshold() throws {
        let folder = try TemporaryDirectory()
        let (small, linearized) = try ocr(["-q", "--fast-web-view", "0.001"], folder: folder)
        #expect(small.status == 0)
        #expect(try Tool.run("qpdf", ["--check-linearization", linearized.path]).stdout.contains("no linearization errors"))
        for threshold in ["0", "100"] {
            let (result, plain) = try ocr(["-q", "--fast-web-view", threshold], folder: folder)
            #expect(result.status == 0)
            #expect(try Tool.run("qpdf", ["--check-linearization", plain.path]).stdout.contains("is not linearized"), "\(threshold)")
        }
    }

    @Test(.enabled(if: PDFSigning.toolsAvailable))
    func invalidateDigitalSignaturesRewritesASignedInput() throws {
        let folder = try TemporaryDirectory()
        let signed = folder.file("signed.pdf")
        try Data(PDFSigning.sign(Fixtures.bytes(scan))).write(to: signed)
        let (kept, keptOutput) = try ocr(["-q"], input: signed, folder: folder)
        #expect(kept.status == 0)
        #expect(try PDFSigning.verdicts(keptOutput) == ["Signature is Valid."], "without the flag the signature stays valid")
        let (rewritten, rewrittenOutput) = try ocr(["--invalidate-digital-signatures"], input: signed, folder: folder)
        #expect(rewritten.status == 0, "\(rewritten.stderr)")
        #expect(rewritten.stderr.contains("invalidates"))
        #expect(try PDFSigning.verdicts(rewrittenOutput) != ["Signature is Valid."])
        #expect(try !Fixtures.bytes(rewrittenOutput).starts(with: Fixtures.bytes(signed)), "rewritten, not appended")
    }

    @Test func verbosePrintsEachPagesOutcome() throws {
        let folder = try TemporaryDirectory()
        for flag in [["-v"], ["-v", "1"], ["--verbose=2"]] {
            let (result, _) = try ocr(flag, input: Fixtures.sample("two-pages.pdf"), folder: folder)
            #expect(result.status == 0, "\(flag): \(result.stderr)")
            #expect(result.stderr.contains("page 1: recognized") && result.stderr.contains("page 2: recognized"), "\(flag)")
        }
        let (quiet, _) = try ocr(["-v", "0"], folder: folder)
        #expect(!quiet.stderr.contains("page 1:"))
    }
}
