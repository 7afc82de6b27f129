import Foundation
import Testing
import TestSupport

/// Tesseract is opened only by commands that recognize text: the dynamic loader's own log
/// (`LD_DEBUG=files`) says which libraries a run of the binary loaded.
struct TesseractLoadingTests {
    private func loadsTesseract(_ arguments: [String], in folder: TemporaryDirectory) throws -> (status: Int32, loaded: Bool) {
        try LegibleBinary.requireBuilt()
        let log = folder.file("loader-\(arguments[0]).log")
        let status = try LegibleBinary.run(arguments, environment: ["LD_DEBUG": "files"], log: log)
        let text = try String(contentsOf: log, encoding: .utf8)
        return (status, text.contains("file=libtesseract.so"))
    }

    @Test func describingAndReadingPDFsNeverLoadsTesseract() throws {
        let folder = try TemporaryDirectory()
        let sample = Fixtures.sample("mixed.pdf").path
        for arguments in [["info", sample], ["text", sample], ["search", sample, "Harbour"]] {
            let run = try loadsTesseract(arguments, in: folder)
            #expect(run.status == 0, "legible \(arguments.joined(separator: " "))")
            #expect(!run.loaded, "legible \(arguments[0]) loaded libtesseract")
        }
    }

    @Test func recognizingLoadsItOnce() throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf").path
        let run = try loadsTesseract(["ocr", "-q", Fixtures.sample("scan-g4.pdf").path, output], in: folder)
        #expect(run.status == 0)
        #expect(run.loaded)
        #expect(try Tool.pdftotext(URL(fileURLWithPath: output)).contains("Lighthouse"))
    }
}
