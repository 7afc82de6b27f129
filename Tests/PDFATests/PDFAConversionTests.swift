import Foundation
import Testing
import PDF
import PDFWriter
@testable import PDFA
import TestSupport

/// The writer's PDF/A conversion, judged by our validator and by independent tools.
@Suite struct PDFAConversionTests {
    /// Converts a corpus file (read-only) and returns the PDF/A bytes.
    static func converted(_ path: String, conformance: String = "B") throws -> [UInt8] {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus(path)))
        let rewriter = DocumentRewriter(source: document)
        let conversion = PDFAConversion(part: 2, conformance: conformance, producer: "Legible tests")
        conversion.apply(to: rewriter)
        return try rewriter.dataRepresentation(options: conversion.writeOptions(WriteOptions()))
    }

    @Test(arguments: ["scans/multipage.pdf", "scans/cardinal.pdf", "scans/trivial.pdf", "scans/rotated_skew.pdf"].filter {
        FileManager.default.fileExists(atPath: Fixtures.corpus($0).path)
    })
    func scansBecomeConformantPDFA(path: String) throws {
        let bytes = try Self.converted(path)
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(report.violations.isEmpty, "\(report.violations)")
        let dir = try TemporaryDirectory()
        let url = dir.file("out.pdf")
        try Data(bytes).write(to: url)
        #expect(try Tool.qpdfCheck(url) == 0)
    }

    /// The input's own intent is found where it is valid (the JBIG2 scan carries sRGB), never
    /// where there is none, and our own output's intent counts as one.
    @Test func anInputsValidOutputIntentIsRecognized() throws {
        let withIntent = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus("scans/jbig2_baddevicen.pdf")))
        #expect(PDFAConversion.hasValidOutputIntent(in: withIntent))
        let plain = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus("scans/multipage.pdf")))
        #expect(!PDFAConversion.hasValidOutputIntent(in: plain))
        #expect(PDFAConversion.hasValidOutputIntent(in: try PDFDocument(bytes: try Self.converted("scans/multipage.pdf"))))
    }

    @Test func metadataIdentifiesPartAndLevelAndMatchesInfo() throws {
        let bytes = try Self.converted("scans/multipage.pdf", conformance: "U")
        let document = try PDFDocument(bytes: bytes)
        let catalog = try document.catalog()
        guard case .stream(let metadata) = document.resolve(catalog["Metadata"] ?? .null) else {
            Issue.record("no metadata stream"); return
        }
        #expect(metadata.dictionary["Filter"] == nil)
        let packet = try XMPPacket(bytes: try document.decodedData(of: metadata))
        let values = Dictionary(packet.properties.compactMap { p -> (String, String)? in
            if case .simple(let s) = p.value { return (p.qualifiedName, s) }
            return nil
        }, uniquingKeysWith: { a, _ in a })
        #expect(values["pdfaid:part"] == "2")
        #expect(values["pdfaid:conformance"] == "U")
        let info = document.resolve(document.trailer["Info"] ?? .null).dictionaryValue
        let modDate = info?["ModDate"]?.stringBytes.map { PDFTextString.decode($0) }
        let xmpDate = try #require(values["xmp:ModifyDate"])
        // D:20261201162147Z and 2026-12-01T16:21:47Z name the same instant.
        #expect(modDate?.filter(\.isNumber).prefix(14) == Substring(xmpDate.filter(\.isNumber).prefix(14)))
    }

    @Test func outputIntentCarriesAGeneratedSRGBProfile() throws {
        let profile = PDFAColorProfile.sRGB()
        let header = try #require(ICCHeader(profile))
        #expect(header.colorSpace == .rgb)
        #expect(header.deviceClass == "mntr")
        #expect(header.size == profile.count)
        let document = try PDFDocument(bytes: try Self.converted("scans/trivial.pdf"))
        let intents = document.resolve(try document.catalog()["OutputIntents"] ?? .null).arrayValue ?? []
        #expect(intents.count == 1)
        #expect(document.trailer["ID"] != nil)
        #expect(document.trailer["Encrypt"] == nil)
    }

    @Test func lzwStreamsAreReencodedAndJavaScriptRemoved() throws {
        // A page whose content is LZW-compressed, with a JavaScript open action.
        let lzwContent: [UInt8] = Array("BT ET".utf8)
        let encoded = PDFAConversionTests.lzwEncode(lzwContent)
        var pdf = "%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n"
        pdf = "%PDF-1.4\n"
        var body: [UInt8] = Array(pdf.utf8) + [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        func object(_ text: String) { offsets.append(body.count); body += Array(text.utf8) }
        object("1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n")
        object("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n")
        object("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << >> >>\nendobj\n")
        offsets.append(body.count)
        body += Array("4 0 obj\n<< /Length \(encoded.count) /Filter /LZWDecode >>\nstream\n".utf8) + encoded + Array("\nendstream\nendobj\n".utf8)
        let xref = body.count
        body += Array("xref\n0 5\n0000000000 65535 f \n".utf8)
        for o in offsets { body += Array(String(format: "%010d 00000 n \n", o).utf8) }
        body += Array("trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        let source = try PDFDocument(bytes: body)
        let rewriter = DocumentRewriter(source: source)
        let conversion = PDFAConversion(producer: "Legible tests")
        let notes = conversion.apply(to: rewriter)
        #expect(notes.contains { $0.contains("LZW") })
        #expect(notes.contains { $0.contains("OpenAction") })
        let bytes = try rewriter.dataRepresentation(options: conversion.writeOptions(WriteOptions()))
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(report.violations.isEmpty, "\(report.violations)")
    }

    /// LZW with 9-bit codes only, enough for a few bytes (clear, literals, end).
    static func lzwEncode(_ data: [UInt8]) -> [UInt8] {
        var codes: [Int] = [256]
        codes += data.map(Int.init)
        codes.append(257)
        var out: [UInt8] = []
        var buffer = 0, bits = 0
        for code in codes {
            buffer = buffer << 9 | code
            bits += 9
            while bits >= 8 { out.append(UInt8((buffer >> (bits - 8)) & 0xFF)); bits -= 8 }
        }
        if bits > 0 { out.append(UInt8((buffer << (8 - bits)) & 0xFF)) }
        return out
    }
}
