import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

/// A full rewrite keeps the source's encryption (same handler, key, methods, permissions and
/// passwords) unless asked to remove it; checked against qpdf and poppler.
@Suite struct RewriteEncryptionTests {
    private static func qpdf(_ arguments: [String], _ url: URL, password: String) throws -> PDFFixtures.ProcessResult {
        try PDFFixtures.run("qpdf", ["--password=\(password)"] + arguments + [url.path])
    }

    @Test(arguments: EncryptedCorpusFiles.openable)
    func everyEncryptedCorpusFileStaysEncryptedTheSameWay(file: EncryptedCorpusFiles.Entry) throws {
        let password = file.passwords[0]
        let source = try PDFDocument(bytes: PDFFixtures.bytes(of: file.url), password: password)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: source), in: folder)

        let check = try Self.qpdf(["--check"], url, password: password)
        let inputCheck = try Self.qpdf(["--check"], file.url, password: password)
        #expect(check.status == 0 || check.status == inputCheck.status, "\(file): \(check.text) \(check.stderr)")
        // Same parameters (R, P, methods, permissions) with every password that opened the input.
        for password in file.passwords {
            let shown = try Self.qpdf(["--show-encryption"], url, password: password).text
            #expect(shown == (try Self.qpdf(["--show-encryption"], file.url, password: password).text), "\(file) with '\(password)'")
            let reread = try PDFDocument(bytes: PDFFixtures.bytes(of: url), password: password)
            var expected = try PDFDocument(bytes: PDFFixtures.bytes(of: file.url), password: password).encryption
            // A declared key length the handler ignores is not kept.
            expected?.keyLength = reread.encryption?.keyLength ?? 0
            #expect(reread.encryption == expected, "\(file)")
        }
        let text = { (url: URL) in try PDFFixtures.run("pdftotext", ["-q", "-upw", password, url.path, "-"]).text }
        #expect(try text(url) == text(file.url), "\(file)")
    }

    @Test func removingTheEncryptionWritesAPlainFile() throws {
        let entry = try #require(EncryptedCorpusFiles.openable.first { $0.name == "c-r6-in.pdf" })
        let source = try PDFDocument(bytes: PDFFixtures.bytes(of: entry.url), password: entry.passwords[0])
        var options = WriteOptions()
        options.encryption = .remove
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: source), options, in: folder)
        #expect(try PDFFixtures.run("qpdf", ["--show-encryption", url.path]).text.contains("File is not encrypted"))
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        #expect(try PDFDocument(bytes: PDFFixtures.bytes(of: url)).encryption == nil)
    }

    @Test(arguments: [["40"], ["128", "--use-aes=n"], ["128", "--use-aes=y"], ["256"]])
    func encryptedRewritesAreDeterministicWhenAsked(encryption: [String]) throws {
        let plain = PDFFixtures.simpleDocument(pages: 3).bytes
        let encrypted = try PDFFixtures.qpdfTransform(plain, ["--allow-weak-crypto", "--encrypt", "u", "o"] + encryption + ["--"])
        var options = WriteOptions()
        options.deterministic = true
        var outputs: [[UInt8]] = []
        for _ in 0..<2 {
            let folder = try PDFFixtures.ScratchFolder()
            let url = try PDFFixtures.write(DocumentRewriter(source: PDFDocument(bytes: encrypted, password: "u")), options, in: folder)
            #expect(try Self.qpdf(["--check"], url, password: "u").status == 0)
            outputs.append(try PDFFixtures.bytes(of: url))
        }
        #expect(outputs[0] == outputs[1])
    }
}

/// `WriteOptions.version` and `deterministic` on unencrypted files.
@Suite struct RewriteVersionTests {
    @Test func version14WritesAClassicTableWithoutObjectStreams() throws {
        let source = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.corpus("pdf/qpdf/c-object-streams.pdf")))
        #expect(source.lastCrossReference?.form == .stream)
        var options = WriteOptions()
        options.version = "1.4"
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: source), options, in: folder)
        let bytes = try PDFFixtures.bytes(of: url)
        #expect(bytes.starts(with: Array("%PDF-1.4\n".utf8)))
        #expect(!PDFFixtures.contains(bytes, "/ObjStm") && !PDFFixtures.contains(bytes, "/XRef"))
        #expect(try PDFDocument(bytes: bytes).lastCrossReference?.form == .table)
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        #expect(PDFFixtures.pdftotext(url) == PDFFixtures.pdftotext(PDFFixtures.corpus("pdf/qpdf/c-object-streams.pdf")))
    }

    @Test func keptAESEncryptionRaisesTheVersionItNeeds() throws {
        let encrypted = try PDFFixtures.qpdfTransform(PDFFixtures.simpleDocument().bytes, ["--encrypt", "u", "o", "256", "--"])
        var options = WriteOptions()
        options.version = "1.4"
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: PDFDocument(bytes: encrypted, password: "u")), options, in: folder)
        #expect(try PDFFixtures.bytes(of: url).starts(with: Array("%PDF-1.7\n".utf8)))
        #expect(try PDFFixtures.run("qpdf", ["--password=u", "--check", url.path]).status == 0)
    }

    @Test func deterministicOutputIsByteIdenticalAndItsIDComesFromTheContent() throws {
        let bytes = PDFFixtures.simpleDocument(pages: 4).bytes
        var options = WriteOptions()
        options.deterministic = true
        var outputs: [[UInt8]] = []
        for objectStreams in [true, true, false, false] {
            options.useObjectStreams = objectStreams
            let folder = try PDFFixtures.ScratchFolder()
            outputs.append(try PDFFixtures.bytes(of: PDFFixtures.write(DocumentRewriter(source: PDFDocument(bytes: bytes)), options, in: folder)))
        }
        #expect(outputs[0] == outputs[1] && outputs[2] == outputs[3])
        let id = try #require(try PDFDocument(bytes: outputs[0]).trailer["ID"]?.arrayValue)
        #expect(id.count == 2 && id[0] == id[1] && id[0].stringBytes?.count == 16)
        // A different document gets a different ID.
        let other = try PDFDocument(bytes: PDFFixtures.simpleDocument(pages: 5).bytes)
        let folder = try PDFFixtures.ScratchFolder()
        let otherID = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.write(DocumentRewriter(source: other), options, in: folder))).trailer["ID"]
        #expect(otherID != .array(id))
    }
}
