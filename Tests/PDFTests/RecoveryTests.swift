import Foundation
import Testing
@testable import PDF
import TestSupport

/// `bytes` with the ASCII text after `from` rewritten (the header's binary comment is left alone,
/// so offsets before `from` stay right).
private func rewritingTail(_ bytes: [UInt8], from: Int, _ change: (String) -> String) -> [UInt8] {
    Array(bytes[0..<from]) + Array(change(String(decoding: bytes[from...], as: UTF8.self)).utf8)
}

/// `bytes` up to its last `startxref`, then `startxref` followed by `replacement`.
private func replacingStartXRef(_ bytes: [UInt8], with replacement: String) -> [UInt8] {
    let keyword = Array("startxref".utf8)
    var at = bytes.count - keyword.count
    while at > 0, Array(bytes[at..<at + keyword.count]) != keyword { at -= 1 }
    return Array(bytes[0..<at]) + Array("startxref\n\(replacement)\n%%EOF\n".utf8)
}

/// Opens `bytes`; a `PDFError` is an acceptable outcome, anything else (or a crash) is not.
private func openOrPDFError(_ bytes: [UInt8]) -> (document: PDFDocument?, pages: Int?) {
    do {
        let document = try PDFDocument(bytes: bytes)
        do { return (document, try document.pages().count) } catch is PDFError { return (document, nil) }
        catch { Issue.record("pages() threw a non-PDFError \(error)"); return (document, nil) }
    } catch is PDFError {
        return (nil, nil)
    } catch {
        Issue.record("PDFDocument threw a non-PDFError \(error)")
        return (nil, nil)
    }
}

@Suite struct RecoveryTests {
    @Test func theScanFindsEveryObjectAtItsOffset() throws {
        let built = PDFFixtures.simpleDocument(pages: 2).build()
        let table = Recovery(bytes: built.bytes).rebuild()
        #expect(table.entries == built.offsets.mapValues { XRefEntry.offset($0, generation: 0) })
        #expect(table.trailer["Root"] == .reference(ObjectRef(1)))
    }

    @Test func theScanIgnoresObjLookalikes() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(8, "<< /Note (endobj) /X /obj /Y 12 0 R >>")
        pdf.add(9, "[1 2 xobj 3 4obj]")
        let built = pdf.build()
        let table = Recovery(bytes: built.bytes).rebuild()
        #expect(Set(table.entries.keys) == Set(built.offsets.keys))
    }

    @Test func theLastDefinitionInTheFileWins() throws {
        let base = PDFFixtures.simpleDocument { _ in "Original" }.bytes
        var updated = PDFFixtures.incrementalUpdate(base, objects: [
            (5, String(decoding: PDFFixtures.streamBody(text: "BT (Updated) Tj ET"), as: UTF8.self)),
        ])
        // Break the newest startxref so that only the scan can find the update.
        updated = replacingStartXRef(updated, with: "7")
        let document = try PDFDocument(bytes: updated)
        #expect(!document.warnings.isEmpty)
        let text = String(decoding: try document.contents(of: document.pages()[0]), as: UTF8.self)
        #expect(text.contains("Updated"))
    }

    @Test(arguments: ["999999999", "-5", "xyz", "30", ""])
    func aWrongStartXRefIsRecoveredWithAWarning(replacement: String) throws {
        let broken = replacingStartXRef(PDFFixtures.simpleDocument(pages: 2).bytes, with: replacement)
        let document = try PDFDocument(bytes: broken)
        #expect(!document.warnings.isEmpty)
        #expect(try document.pages().count == 2)
    }

    @Test func aFileWithoutAnyCrossReferenceIsRebuilt() throws {
        let built = PDFFixtures.simpleDocument(pages: 2).build()
        let bare = Array(built.bytes[0..<built.xref]) + Array("trailer\n<< /Root 1 0 R >>\n%%EOF\n".utf8)
        let document = try PDFDocument(bytes: bare)
        #expect(!document.warnings.isEmpty)
        let pages = try document.pages()
        #expect(pages.count == 2)
        #expect(String(decoding: try document.contents(of: pages[1]), as: UTF8.self).contains("(Page 2)"))
    }

    @Test func garbageInTheTableIsRecovered() throws {
        let built = PDFFixtures.simpleDocument().build()
        let broken = rewritingTail(built.bytes, from: built.xref) {
            $0.replacingOccurrences(of: "0000000000 65535 f", with: "00000000zz 65535 f")
        }
        let document = try PDFDocument(bytes: broken)
        #expect(!document.warnings.isEmpty)
        #expect(try document.pages().count == 1)
    }

    /// A table that parses but whose offsets are all wrong (here, all 5 bytes too far): the
    /// catalog cannot be read through it, so the document must fall back to the scan
    /// (`validateOrRecover` says "rebuild and retry once").
    @Test func shiftedXRefOffsetsAreRecoveredByScanning() throws {
        let built = PDFFixtures.simpleDocument(pages: 2).build()
        var table = "xref\n0 \(built.offsets.count + 1)\n0000000000 65535 f\r\n"
        for n in 1...built.offsets.count { table += String(format: "%010d 00000 n\r\n", built.offsets[n]! + 5) }
        table += "trailer\n<< /Size \(built.offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(built.xref)\n%%EOF\n"
        let broken = Array(built.bytes[0..<built.xref]) + Array(table.utf8)
        let opened = openOrPDFError(broken)
        let document = try #require(opened.document, "the document did not open")
        #expect(!document.warnings.isEmpty)
        #expect(opened.pages == 2)
    }

    /// One wrong entry (the page object's) while the catalog reads fine: qpdf, poppler and pdf.js
    /// all rebuild and find the page.
    @Test func aSingleWrongOffsetIsRecovered() throws {
        let built = PDFFixtures.simpleDocument().build()
        let wrong = String(format: "%010d 00000 n", built.offsets[4]!)
        let broken = rewritingTail(built.bytes, from: built.xref) {
            $0.replacingOccurrences(of: wrong, with: String(format: "%010d 00000 n", built.offsets[4]! - 3))
        }
        let opened = openOrPDFError(broken)
        #expect(opened.pages == 1)
        #expect(opened.document?.warnings.isEmpty == false)
    }

    /// No trailer at all: the catalog is the object that says it is one (qpdf's `bad13.pdf`–`bad20.pdf`
    /// have a trailer this cannot parse without leniency; this has none).
    @Test func withoutATrailerTheCatalogIsFoundByItsType() throws {
        let built = PDFFixtures.simpleDocument(pages: 2).build()
        let document = try PDFDocument(bytes: Array(built.bytes[0..<built.xref]))
        #expect(document.trailer["Root"] == .reference(ObjectRef(1)))
        #expect(document.crossReferenceRebuilt)
        #expect(try document.pages().count == 2)
    }

    @Test func aFileOfJunkAfterTheHeaderIsMalformed() {
        expectPDFError(.malformed) { try PDFDocument(bytes: Array("%PDF-1.7\nno objects here at all\n".utf8)) }
    }

    @Test func everyTruncationOfACraftedFileEndsWellOrInAPDFError() {
        let bytes = PDFFixtures.simpleDocument(pages: 3).bytes
        for cut in stride(from: 8, to: bytes.count, by: 7) {
            _ = openOrPDFError(Array(bytes[0..<cut]))
        }
    }

    @Test(arguments: ["pdf/qpdf/11-pages.pdf", "pdf/qpdf/hybrid-xref.pdf", "pdf/qpdf/lin5.pdf",
                      "pdf/qpdf/c-object-streams.pdf", "pdf/pdfjs/bug1708041.pdf", "scans/multipage.pdf",
                      "pdf/pdfjs/tracemonkey_freetext.pdf"])
    func truncatedRealFilesOpenWithRecoveryOrThrow(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let bytes = try PDFFixtures.bytes(of: url)
        let whole = try #require(PDFFixtures.qpdfPageCount(url))
        for fraction in [0.1, 0.5, 0.9, 0.99] {
            let opened = openOrPDFError(Array(bytes[0..<Int(Double(bytes.count) * fraction)]))
            if let pages = opened.pages { #expect(pages <= whole, "\(path) cut at \(fraction)") }
        }
    }

    /// A file whose only cross-reference is a stream, with a wrong startxref: the scan finds the
    /// top-level objects, the trailer in the xref stream's dictionary, and then the members of
    /// the object streams (the catalog and pages live there).
    @Test func aDamagedXRefStreamFileIsRebuiltWithItsObjectStreams() throws {
        let packed = try PDFFixtures.qpdfTransform(PDFFixtures.simpleDocument(pages: 2).bytes,
                                                   ["--object-streams=generate"])
        let document = try PDFDocument(bytes: replacingStartXRef(packed, with: "12"))
        #expect(document.crossReferenceRebuilt)
        let pages = try document.pages()
        #expect(pages.count == 2)
        #expect(String(decoding: try document.contents(of: pages[1]), as: UTF8.self).contains("(Page 2)"))
    }
}
