import Foundation
import Testing
import PDF
import PDFWriter
@testable import PDFA
import TestSupport

/// Clause 6.4.3: a signature's byte range covers its whole revision but its Contents value.
@Suite(.enabled(if: PDFSigning.toolsAvailable)) struct SignatureRulesTests {
    /// A scan converted to PDF/A-2b, then signed by an incremental update (TestSupport's signer).
    static func signedPDFA() throws -> [UInt8] {
        let rewriter = DocumentRewriter(source: try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus("scans/trivial.pdf"))))
        let conversion = PDFAConversion(part: 2, conformance: "B", producer: "Legible tests")
        conversion.apply(to: rewriter)
        return try PDFSigning.sign(try rewriter.dataRepresentation(options: conversion.writeOptions(WriteOptions())))
    }

    @Test func aSignatureCoveringItsRevisionConforms() throws {
        let report = try PDFAValidator.validate(bytes: try Self.signedPDFA(), level: .b)
        #expect(report.conforms, "\(report.violations)")
    }

    @Test func aByteRangeEndingBeforeItsRevisionEndsIsRejected() throws {
        var bytes = try Self.signedPDFA()
        // Shorten the second span by 7 bytes, written in the same width (the placeholder's spaces).
        let key = Array("/ByteRange".utf8)
        let name = try #require((0...(bytes.count - key.count)).last { bytes[$0..<($0 + key.count)].elementsEqual(key) })
        let at = try #require(bytes[name...].firstIndex(of: UInt8(ascii: "["))) + 1
        let close = try #require(bytes[at...].firstIndex(of: UInt8(ascii: "]")))
        let numbers = String(decoding: bytes[at..<close], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        try #require(numbers.count == 4)
        var text = Array("0 \(numbers[1]) \(numbers[2]) \(numbers[3] - 7)".utf8)
        text += [UInt8](repeating: 0x20, count: close - at - text.count)
        bytes.replaceSubrange(at..<close, with: text)
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(report.failedClauses == ["6.4.3"], "\(report.violations)")
    }
}
