import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// `-` as INPUT reads standard input, `-` as OUTPUT writes the document to standard output and
/// nothing else goes there (notes, progress and the summary stay on standard error).
struct StandardStreamTests {
    @Test func ocrReadsStandardInputAndWritesOnlyThePDFToStandardOutput() throws {
        let folder = try TemporaryDirectory()
        let result = try CLIProcess.run(["ocr", "-j", "1", "-", "-"], stdin: Fixtures.sample("scan-g4.pdf"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output.starts(with: Array("%PDF-".utf8)))
        #expect(String(decoding: result.output.suffix(16), as: UTF8.self).contains("%%EOF"), "the whole document, nothing after it")
        #expect(result.stderr.contains("recognized") && result.stderr.contains("standard output"))
        let output = folder.file("out.pdf")
        try result.output.write(to: output)
        #expect(try PDFFixtures.qpdfCheck(output).status == 0)
        #expect(try Tool.pdftotext(output).split(whereSeparator: \.isWhitespace).count > 20)
        #expect(folder.contents() == ["out.pdf"], "nothing else is left in the folder")
    }

    @Test func ocrFromStandardInputToAFile() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        let result = try CLIProcess.run(["ocr", "-q", "-j", "1", "-", output.path], stdin: Fixtures.sample("scan-g4.pdf"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Tool.pdftotext(output).split(whereSeparator: \.isWhitespace).count > 20)
    }

    @Test func aFailedRunWritesNothingToStandardOutput() throws {
        let folder = try TemporaryDirectory()
        let notPDF = folder.file("x.pdf")
        try Data("not a pdf".utf8).write(to: notPDF)
        let result = try CLIProcess.run(["ocr", "-q", "-", "-"], stdin: notPDF)
        #expect(result.status == ExitCode.badInput.rawValue)
        #expect(result.output.isEmpty)
    }

    @Test func textSearchInfoAndThumbnailsReadStandardInput() throws {
        let sample = Fixtures.sample("born-digital.pdf")
        let text = try CLIProcess.run(["text", "-"], stdin: sample)
        let direct = try CLIProcess.run(["text", sample.path])
        #expect(text.status == 0 && text.stdout == direct.stdout)
        let word = try #require(text.stdout.split(whereSeparator: \.isWhitespace).first.map(String.init))
        #expect(try CLIProcess.run(["search", "-", word], stdin: sample).status == 0)
        #expect(try CLIProcess.run(["info", "--json", "-"], stdin: sample).stdout.contains("\"pageCount\""))
        let folder = try TemporaryDirectory()
        #expect(try CLIProcess.run(["thumbnails", "-q", "-", folder.url.path], stdin: sample).status == 0)
        #expect(folder.contents().contains("page-0001.png"))
    }

    @Test func optimizeFlattenImagesAndFormsWriteStandardOutput() throws {
        for (arguments, stdin) in [(["optimize", "-q", "-", "-"], Fixtures.sample("scan-g4.pdf")),
                                   (["flatten", "-q", "-", "-"], Fixtures.sample("born-digital.pdf")),
                                   (["images", "-q", "-", "-"], Fixtures.sample("scan.png")),
                                   (["forms", "-q", "-", "-"], Fixtures.sample("flat-form.pdf"))] {
            let result = try CLIProcess.run(arguments, stdin: stdin)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.output.starts(with: Array("%PDF-".utf8)), "\(arguments)")
            let folder = try TemporaryDirectory()
            let file = folder.file("out.pdf")
            try result.output.write(to: file)
            #expect(try PDFFixtures.qpdfCheck(file).status == 0, "\(arguments)")
        }
    }
}
