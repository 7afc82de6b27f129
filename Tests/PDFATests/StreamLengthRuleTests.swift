import Foundation
import Testing
import PDF
import PDFWriter
@testable import PDFA
import TestSupport

/// 6.1.7.1's Length check when the stream data itself ends in an end-of-line byte: the data's
/// own CR or LF belongs to the data, and the writer's EOL before `endstream` does not.
@Suite struct StreamLengthRuleTests {
    /// A one-page file whose content stream holds `data` with Length `length` and `eol` before `endstream`.
    static func file(data: [UInt8], length: Int, eol: String) -> [UInt8] {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << >> /Contents 4 0 R >>")
        pdf.add(4, bytes: Array("<< /Length \(length) >>\nstream\n".utf8) + data + Array("\(eol)endstream".utf8))
        return pdf.bytes
    }

    static func lengthViolations(_ bytes: [UInt8]) throws -> [PDFAViolation] {
        try PDFAValidator.validate(bytes: bytes, level: .b).violations.filter { $0.clause == "6.1.7.1" }
    }

    @Test func dataEndingInACarriageReturnBeforeTheWritersLineFeedHasTheRightLength() throws {
        // As qpdf/pclm-in.pdf: the data's last byte is a CR, the writer adds a LF, Length counts the CR.
        let data = Array("0 0 m 10 10 l S\r".utf8)
        #expect(try Self.lengthViolations(Self.file(data: data, length: data.count, eol: "\n")).isEmpty)
        // The same data ended by CRLF, and by a lone CR.
        #expect(try Self.lengthViolations(Self.file(data: data, length: data.count, eol: "\r\n")).isEmpty)
        #expect(try Self.lengthViolations(Self.file(data: data, length: data.count, eol: "\r")).isEmpty)
    }

    @Test func aLengthThatIsWrongIsStillRejected() throws {
        let data = Array("0 0 m 10 10 l S\r".utf8)
        for wrong in [data.count - 2, data.count + 2, data.count - 5] {
            let violations = try Self.lengthViolations(Self.file(data: data, length: wrong, eol: "\n"))
            #expect(violations.contains { $0.message.contains("Length is \(wrong)") }, "Length \(wrong): \(violations)")
        }
    }

    @Test func theQpdfPCLmSampleConvertedHasNoStreamLengthViolation() throws {
        // The input has no EOL before its 'endstream's (6.1.7.1 rightly fails); our rewrite adds a
        // LF after data that ends in a CR, which session 6's validator took for a wrong Length.
        let input = try Fixtures.bytes(Fixtures.corpus("pdf/qpdf/pclm-in.pdf"))
        #expect(try !Self.lengthViolations(input).isEmpty)
        let rewriter = DocumentRewriter(source: try PDFDocument(bytes: input))
        let conversion = PDFAConversion(part: 2, conformance: "B", producer: "Legible tests")
        conversion.apply(to: rewriter)
        let output = try rewriter.dataRepresentation(options: conversion.writeOptions(WriteOptions()))
        // The output holds streams whose data ends in a CR (what made the false positive).
        #expect(output.indices.dropLast(10).contains { output[$0] == 0x0D && output[$0 + 1] == 0x0A && output[($0 + 2)...].starts(with: Array("endstream".utf8)) })
        #expect(try Self.lengthViolations(output).isEmpty)
    }
}
