import Foundation
import Testing
import PDF
@testable import PDFWriter
@testable import PDFA
import TestSupport

/// What the conversion repairs without changing the look (degenerate page boxes, identity
/// transfer functions, a CMYK output intent for DeviceCMYK pages) and what it keeps of the
/// input (its XMP properties), judged by our validator, poppler and qpdf.
@Suite struct PDFAConversionRepairTests {
    static func convert(_ bytes: [UInt8], _ configure: (inout PDFAConversion) -> Void = { _ in }) throws -> (bytes: [UInt8], notes: [String]) {
        let rewriter = DocumentRewriter(source: try PDFDocument(bytes: bytes))
        var conversion = PDFAConversion(part: 2, conformance: "B", producer: "Legible tests", keepInputMetadata: XMPMerge.keptDescriptions(of:replacing:))
        configure(&conversion)
        let notes = conversion.apply(to: rewriter)
        return (try rewriter.dataRepresentation(options: conversion.writeOptions(WriteOptions())), notes)
    }

    /// A one-page file painting `content` with `resources`.
    static func page(_ content: String, resources: String = "<< >>") -> [UInt8] {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources \(resources) /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody("", Array(content.utf8)))
        return pdf.bytes
    }

    static func corpus(_ path: String) throws -> [UInt8] { try Fixtures.bytes(Fixtures.corpus(path)) }

    /// Writes both files and returns the largest per-page mean difference of poppler's renderings.
    static func largestPageDifference(_ a: [UInt8], _ b: [UInt8]) throws -> Double {
        let dir = try TemporaryDirectory()
        try Data(a).write(to: dir.file("a.pdf"))
        try Data(b).write(to: dir.file("b.pdf"))
        let pagesA = try GrayRendering.render(dir.file("a.pdf"), dpi: 36), pagesB = try GrayRendering.render(dir.file("b.pdf"), dpi: 36)
        #expect(pagesA.count == pagesB.count && !pagesA.isEmpty)
        return zip(pagesA, pagesB).map { $0.meanDifference(from: $1) ?? 255 }.max() ?? 255
    }

    @Test func aZeroArtBoxIsRemovedAndThePageLooksTheSame() throws {
        // blank.pdf's page has an ArtBox [0 0 0 0] (6.1.13: 3 to 14,400 units).
        let input = try Self.corpus("scans/blank.pdf")
        let (bytes, notes) = try Self.convert(input)
        #expect(notes.contains { $0.contains("degenerate page boxes") })
        let page = try #require(try PDFDocument(bytes: bytes).pages().first)
        #expect(page.dictionary["ArtBox"] == nil)
        #expect(page.dictionary["MediaBox"] != nil)
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(!report.failedClauses.contains("6.1.13"), "\(report.violations)")
        // Its optional content configuration has no Name (6.9): it gets one.
        #expect(notes.contains("PDF/A: optional content configurations without a name were named"))
        #expect(!report.failedClauses.contains("6.9"), "\(report.violations)")
        #expect(try Self.largestPageDifference(input, bytes) == 0)
    }

    @Test func identityTransferFunctionsAreRemoved() throws {
        // type3_font_nomapping.pdf's graphics states carry /TR /Identity, which 6.2.5 forbids.
        let input = try Self.corpus("scans/type3_font_nomapping.pdf")
        let (bytes, notes) = try Self.convert(input)
        #expect(notes.contains { $0.contains("identity transfer functions") })
        let document = try PDFDocument(bytes: bytes)
        for number in document.objectNumbers {
            if let d = document.resolve(.reference(ObjectRef(number))).dictionaryValue { #expect(d["TR"] == nil) }
        }
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(!report.failedClauses.contains("6.2.5"), "\(report.violations)")
        #expect(try Self.largestPageDifference(input, bytes) == 0)
    }

    @Test func aTransferFunctionThatChangesTheLookIsKeptForTheValidatorToReject() throws {
        // An exponent-2 transfer function darkens mid-tones: removing it would change the page.
        let input = Self.page("/G0 gs 0.5 g 10 10 100 100 re f",
                              resources: "<< /ExtGState << /G0 << /Type /ExtGState /TR << /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [1] /N 2 >> >> >> >>")
        let (bytes, _) = try Self.convert(input)
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(report.failedClauses.contains("6.2.5"))
    }

    @Test func theCMYKProfileIsAnOutputProfileThatShowsDeviceCMYKAsViewersDo() throws {
        let profile = PDFAColorProfile.cmyk()
        let header = try #require(ICCHeader(profile))
        #expect(header.size == profile.count)
        #expect(header.deviceClass == "prtr")
        #expect(header.colorSpace == .cmyk)
        #expect(header.majorVersion == 2)
        // Paper white is Lab 100/0/0, full black ink is L* 0, and pure cyan reads as sRGB (0, 1, 1).
        let white = PDFAColorProfile.labOf(cmyk: [0, 0, 0, 0]), black = PDFAColorProfile.labOf(cmyk: [0, 0, 0, 1])
        #expect(abs(white.l - 100) < 0.1 && abs(white.a) < 0.5 && abs(white.b) < 0.5)
        #expect(black.l < 0.1)
        let cyan = PDFAColorProfile.cmykOf(lab: PDFAColorProfile.labOf(cmyk: [1, 0, 0, 0]))
        for (value, expected) in zip(cyan, [1.0, 0, 0, 0]) { #expect(abs(value - expected) < 0.02, "\(cyan)") }
    }

    @Test func deviceCMYKPagesConformUnderTheCMYKIntent() throws {
        let input = Self.page("0.1 0.6 0.3 0.05 k 10 10 100 100 re f")
        let rgbIntent = try PDFAValidator.validate(bytes: try Self.convert(input).bytes, level: .b)
        #expect(rgbIntent.wantsCMYKOutputIntent)
        let (bytes, _) = try Self.convert(input) { $0.outputIntent = .cmyk }
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(report.conforms, "\(report.violations)")
        #expect(try Self.largestPageDifference(input, bytes) == 0)
        let dir = try TemporaryDirectory()
        try Data(bytes).write(to: dir.file("cmyk.pdf"))
        #expect(try Tool.qpdfCheck(dir.file("cmyk.pdf")) == 0)
    }

    @Test func theInputsXMPPropertiesAreKeptBesideTheConversionsOwn() throws {
        // francais.pdf's packet (Photoshop): dc:title, xmp:Thumbnails in the xmpGImg schema,
        // xmpMM identifiers and history; its Info has no Title, so dc:title is the input's.
        // Photoshop's later properties (photoshop:ColorMode, xmpMM:OriginalDocumentID) and the
        // PDF/X identification are outside PDF/A's predefined schemas with no extension schema
        // describing them, so they are left out.
        let input = try Self.corpus("scans/francais.pdf")
        let (bytes, _) = try Self.convert(input)
        let report = try PDFAValidator.validate(bytes: bytes, level: .b)
        #expect(!report.failsMetadata, "\(report.violations)")
        let document = try PDFDocument(bytes: bytes)
        guard case .stream(let metadata) = document.resolve(try document.catalog()["Metadata"] ?? .null) else {
            Issue.record("no metadata stream"); return
        }
        let packet = try XMPPacket(bytes: try document.decodedData(of: metadata))
        let names = packet.properties.map(\.qualifiedName)
        #expect(names.filter { $0 == "pdfaid:part" }.count == 1)
        #expect(names.filter { $0 == "xmp:ModifyDate" }.count == 1, "the input's date is replaced, not doubled")
        for kept in ["xmpMM:DocumentID", "xmpMM:InstanceID", "xmpMM:History", "xmp:Thumbnails", "dc:title"] {
            #expect(names.contains(kept), "\(kept) of the input's packet was dropped: \(names)")
        }
        #expect(!names.contains("xmpMM:OriginalDocumentID") && !names.contains("photoshop:ColorMode"))
        let documentID = packet.properties.first { $0.qualifiedName == "xmpMM:DocumentID" }
        if case .simple(let id) = documentID?.value { #expect(id == "xmp.did:8c404407-2f75-445e-aacb-06f6055fdf76") }
        else { Issue.record("xmpMM:DocumentID is not a simple value") }
    }

    @Test func mergingLeavesOutPdfaidAndTheReplacedProperties() throws {
        let packet = Array("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
              pdf:Producer="old" pdfaid:part="1" pdf:Trapped="False"/>
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <dc:rights><rdf:Alt><rdf:li xml:lang="x-default">A &amp; B</rdf:li></rdf:Alt></dc:rights></rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """.utf8)
        let kept = try #require(XMPMerge.keptDescriptions(of: packet, replacing: ["http://ns.adobe.com/pdf/1.3/Producer"]))
        #expect(!kept.contains("Producer") && !kept.contains("pdfaid"))
        #expect(kept.contains("<pdf:Trapped>False</pdf:Trapped>"))
        #expect(kept.contains("<rdf:li xml:lang=\"x-default\">A &amp; B</rdf:li>"))
        #expect(XMPMerge.keptDescriptions(of: Array("not xml".utf8), replacing: []) == nil)
    }
}
