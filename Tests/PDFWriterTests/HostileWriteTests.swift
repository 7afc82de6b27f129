import Foundation
import Testing
import PDF
@testable import PDFWriter
import TestSupport

/// What a hostile input must not carry into an output: a loop in the page tree, and numbers
/// no PDF consumer can hold. qpdf checks the written files.
@Suite struct HostileWriteTests {
    /// Node 2 lists itself among its kids: the loop was copied into the output, where qpdf
    /// reports "Loop detected in /Pages structure".
    @Test func aPageTreeLoopIsNotWritten() throws {
        var pdf = PDFFixtures.simpleDocument(pages: 2)
        pdf.objects[1].body = Array("<< /Type /Pages /Kids [4 0 R 2 0 R 6 0 R] /Count 3 /MediaBox [0 0 612 792] >>".utf8)
        let document = try PDFDocument(bytes: pdf.bytes)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: document), in: folder)
        let check = try PDFFixtures.qpdfCheck(url)
        #expect(check.status == 0, "\(check.text) \(check.stderr)")
        // Pages 4 and 6 stay; the self-reference goes and /Count says 2 (it said 3).
        #expect(PDFFixtures.qpdfPageCount(url) == 2)
        #expect(try PDFDocument(bytes: PDFFixtures.bytes(of: url)).pages().count == 2)
    }

    /// A loop through an intermediate node.
    @Test func aLoopBelowTheRootIsDropped() throws {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>")
        pdf.add(3, "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 2 0 R] /Count 1 >>")
        pdf.add(4, "<< /Type /Page /Parent 3 0 R /Contents 5 0 R >>")
        pdf.add(5, bytes: PDFFixtures.streamBody(text: "0 0 m 10 10 l S"))
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: try PDFDocument(bytes: pdf.bytes)), in: folder)
        let check = try PDFFixtures.qpdfCheck(url)
        #expect(check.status == 0, "\(check.text) \(check.stderr)")
        #expect(PDFFixtures.qpdfPageCount(url) == 1)
    }

    /// A 309-digit number (what a negative /Width became) is written as the largest real a
    /// consumer must handle, not in all its digits.
    @Test func hugeRealsAreWrittenWithinThePDFRange() {
        let written = Serializer.formatReal(-1.7976931348623157e308)
        #expect(written.count <= 40, "\(written)")
        #expect(written.hasPrefix("-3403"))
        #expect(Serializer.formatReal(12.5) == "12.5")
    }
}
