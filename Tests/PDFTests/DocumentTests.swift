import Foundation
import Testing
import PDF
import TestSupport

@Suite struct DocumentOpeningTests {
    @Test func aMinimalClassicFileOpensCleanly() throws {
        let document = try PDFDocument(bytes: PDFFixtures.simpleDocument(pages: 2).bytes)
        #expect(document.version == "1.4")
        #expect(document.warnings.isEmpty)
        #expect(document.trailer["Size"] == .int(8))
        #expect(document.trailer["Root"] == .reference(ObjectRef(1)))
        #expect(try document.catalog()["Type"] == .name("Catalog"))
        #expect(document.objectNumbers == [1, 2, 3, 4, 5, 6, 7])
        let pages = try document.pages()
        #expect(pages.count == 2)
        #expect(String(decoding: try document.contents(of: pages[1]), as: UTF8.self).contains("(Page 2) Tj"))
    }

    @Test(arguments: ["1.0", "1.3", "1.7", "2.0"])
    func theHeaderGivesTheVersion(version: String) throws {
        let document = try PDFDocument(bytes: PDFFixtures.simpleDocument(version: version).bytes)
        #expect(document.version == version)
    }

    @Test func objectsAndReferencesResolve() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(20, "21 0 R")
        pdf.add(21, "22 0 R")
        pdf.add(22, "[1 2 (three)]")
        let document = try PDFDocument(bytes: pdf.bytes)
        #expect(try document.object(ObjectRef(20)) == .reference(ObjectRef(21)))
        #expect(document.resolve(.reference(ObjectRef(20))) == .array([.int(1), .int(2), .string(Array("three".utf8))]))
        #expect(document.resolve(.int(5)) == .int(5))
    }

    @Test func missingAndFreeObjectsAreNull() throws {
        let document = try PDFDocument(bytes: PDFFixtures.simpleDocument().bytes)
        #expect(try document.object(ObjectRef(999)) == .null)
        #expect(try document.object(ObjectRef(0)) == .null)   // the head of the free list
        #expect(document.resolve(.reference(ObjectRef(999))) == .null)
    }

    @Test func aReferenceCycleResolvesToNullWithoutHanging() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(20, "21 0 R")
        pdf.add(21, "20 0 R")
        pdf.add(22, "22 0 R")
        let document = try PDFDocument(bytes: pdf.bytes)
        // Whatever comes back after giving up, it is not a direct object invented from nothing.
        for number in [20, 21, 22] {
            let resolved = document.resolve(.reference(ObjectRef(number)))
            #expect(resolved == .null || resolved.referenceValue != nil)
        }
    }

    @Test func anIndirectLengthIsFollowed() throws {
        var pdf = PDFFixtures.simpleDocument()
        let data = "BT /F1 12 Tf (indirect length) Tj ET"
        // The content stream of page 1 (object 5) with its length in object 9, defined after it.
        pdf.objects.removeAll { $0.number == 5 }
        pdf.add(5, bytes: PDFFixtures.streamBody(text: data, length: "9 0 R"))
        pdf.add(9, "\(data.utf8.count)")
        let document = try PDFDocument(bytes: pdf.bytes)
        let stream = try #require(try document.object(ObjectRef(5)).streamValue)
        #expect(stream.data == Array(data.utf8))
        #expect(try document.contents(of: document.pages()[0]) == Array(data.utf8) + [0x0A])
    }

    @Test(arguments: ["3", "1000", "-1", "8 0 R"])
    func aWrongLengthStillFindsEndstream(length: String) throws {
        var pdf = PDFFixtures.simpleDocument()
        let data = "BT /F1 12 Tf (wrong length) Tj ET"
        pdf.objects.removeAll { $0.number == 5 }
        pdf.add(5, bytes: PDFFixtures.streamBody(text: data, length: length))
        let document = try PDFDocument(bytes: pdf.bytes)
        #expect(try document.object(ObjectRef(5)).streamValue?.data == Array(data.utf8))
    }

    @Test func aStreamWhoseLengthRefersToItselfIsStillRead() throws {
        var pdf = PDFFixtures.simpleDocument()
        let data = "BT (self) Tj ET"
        pdf.objects.removeAll { $0.number == 5 }
        pdf.add(5, bytes: PDFFixtures.streamBody(text: data, length: "5 0 R"))
        let document = try PDFDocument(bytes: pdf.bytes)
        #expect(try document.object(ObjectRef(5)).streamValue?.data == Array(data.utf8))
    }

    @Test func decodedDataRemovesFilters() throws {
        var pdf = PDFFixtures.simpleDocument()
        let text = Array(String(repeating: "0 0 m 100 100 l S\n", count: 50).utf8)
        pdf.add(20, bytes: PDFFixtures.streamBody("/Filter /FlateDecode", Flate.deflate(text)))
        let document = try PDFDocument(bytes: pdf.bytes)
        let stream = try #require(try document.object(ObjectRef(20)).streamValue)
        #expect(stream.data != text)
        #expect(try document.decodedData(of: stream) == text)
    }
}

@Suite struct DocumentRejectionTests {
    @Test(arguments: ["", "Hello, world", "%PDF", "%PDF 1.4", "%!PS-Adobe-3.0\n"])
    func nonPDFBytesAreNotAPDF(text: String) throws {
        expectPDFError(.notAPDF) { try PDFDocument(bytes: Array(text.utf8)) }
    }

    /// Junk before a header past the first kilobyte, or no header at all (qpdf's `issue-143.pdf`,
    /// pdf.js's `bug1606566.pdf`): qpdf and pdf.js read the file all the same, and so do we.
    @Test func aFileWithoutAHeaderInTheFirstKilobyteIsReadWithAWarning() throws {
        let simple = PDFFixtures.simpleDocument().bytes
        for bytes in [[UInt8](repeating: 0x20, count: 2000) + simple, Array(simple.dropFirst(9))] {
            let document = try PDFDocument(bytes: bytes)
            #expect(document.warnings.first?.contains("no %PDF- header") == true)
            #expect(try document.pages().count == 1)
        }
    }

    @Test func imageFilesAreNotPDFs() throws {
        let png = try PDFFixtures.bytes(of: PDFFixtures.sample("scan.png"))
        expectPDFError(.notAPDF) { try PDFDocument(bytes: png) }
    }

    @Test func aHeaderWithNothingBehindItIsMalformed() {
        expectPDFError(.malformed) { try PDFDocument(bytes: Array("%PDF-1.4\n%%EOF\n".utf8)) }
    }

    @Test func anEncryptedFileIsReportedAsEncrypted() throws {
        let plain = PDFFixtures.simpleDocument().bytes
        // A user password is set, and none is given: the file cannot be opened.
        for arguments in [["--encrypt", "u", "o", "256", "--"], ["--encrypt", "u", "o", "128", "--use-aes=y", "--"]] {
            let encrypted = try PDFFixtures.qpdfTransform(plain, arguments)
            let error = expectPDFError(.encrypted, "\(arguments)") { try PDFDocument(bytes: encrypted) }
            #expect(error?.message.isEmpty == false)
        }
    }

    @Test func anEncryptedFileWithObjectStreamsIsReportedAsEncrypted() throws {
        let encrypted = try PDFFixtures.qpdfTransform(PDFFixtures.simpleDocument().bytes,
                                                      ["--object-streams=generate", "--encrypt", "u", "o", "256", "--"])
        expectPDFError(.encrypted) { try PDFDocument(bytes: encrypted) }
    }
}

@Suite struct JunkBeforeHeaderTests {
    @Test(arguments: [1, 17, 500])
    func junkBeforeTheHeaderIsReadAround(junkLength: Int) throws {
        let junk = Array(String(repeating: "J", count: junkLength - 1).utf8) + [0x0A]
        let document = try PDFDocument(bytes: junk + PDFFixtures.simpleDocument(pages: 3).bytes)
        #expect(document.version == "1.4")
        let pages = try document.pages()
        #expect(pages.count == 3)
        #expect(String(decoding: try document.contents(of: pages[2]), as: UTF8.self).contains("(Page 3)"))
    }

    @Test func qpdfAgreesOnTheCorpusFileWithAnExtraHeader() throws {
        let url = PDFFixtures.corpus("pdf/qpdf/extra-header-newline.pdf")
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        #expect(try document.pages().count == PDFFixtures.qpdfPageCount(url))
    }
}
