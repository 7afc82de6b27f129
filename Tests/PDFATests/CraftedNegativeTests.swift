import Foundation
import Testing
import PDF
import PDFWriter
@testable import PDFA
import TestSupport

/// Ten files of our own, each a conformant PDF/A output with one thing the writer must get
/// right undone; the validator must reject every one, for the clause concerned.
@Suite struct CraftedNegativeTests {
    /// A conformant PDF/A-2 conversion of a corpus scan, as a rewriter to break.
    static func conformantRewriter(conformance: String = "B") throws -> (DocumentRewriter, PDFAConversion) {
        let document = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus("scans/multipage.pdf")))
        let rewriter = DocumentRewriter(source: document)
        let conversion = PDFAConversion(part: 2, conformance: conformance, producer: "Legible tests")
        conversion.apply(to: rewriter)
        return (rewriter, conversion)
    }

    static func catalogRef(_ rewriter: DocumentRewriter) throws -> ObjectRef {
        try #require(rewriter.source.trailer["Root"]?.referenceValue)
    }

    /// Writes the broken rewriter and returns the clauses the validator reports.
    static func clauses(_ rewriter: DocumentRewriter, options: WriteOptions, level: PDFALevel = .b,
                        edit: ([UInt8]) -> [UInt8] = { $0 }) throws -> [String] {
        let bytes = edit(try rewriter.dataRepresentation(options: options))
        return try PDFAValidator.validate(bytes: bytes, level: level).failedClauses
    }

    enum Breakage: String, CaseIterable, Sendable {
        case noMetadata, wrongPart, noOutputIntent, noFileID, encrypted, lzwStream, javaScript, annotationNotPrinted,
             annotationWithoutAppearance, fontWithoutToUnicode
    }

    @Test func theUnbrokenFileConforms() throws {
        let (rewriter, conversion) = try Self.conformantRewriter()
        #expect(try Self.clauses(rewriter, options: conversion.writeOptions(WriteOptions())) == [])
    }

    @Test(arguments: Breakage.allCases)
    func eachBreakageIsRejected(_ breakage: Breakage) throws {
        let (rewriter, conversion) = try Self.conformantRewriter(conformance: breakage == .fontWithoutToUnicode ? "U" : "B")
        var options = conversion.writeOptions(WriteOptions())
        let root = try Self.catalogRef(rewriter)
        var catalog = try #require(rewriter.object(root).dictionaryValue)
        let page = try #require(try rewriter.source.pages().first)
        var pageDict = try #require(rewriter.object(page.ref).dictionaryValue)
        var edit: ([UInt8]) -> [UInt8] = { $0 }
        let expected: String
        var level = PDFALevel.b
        switch breakage {
        case .noMetadata:
            catalog["Metadata"] = nil; expected = "6.6.2.1"
        case .wrongPart:
            let xmp = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + "<rdf:Description rdf:about=\"\" xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\" pdfaid:part=\"1\" pdfaid:conformance=\"B\"/>"
                + "</rdf:RDF></x:xmpmeta>"
            catalog["Metadata"] = .reference(rewriter.add(.stream(PDFStream(dictionary: PDFDictionary([("Type", .name("Metadata")), ("Subtype", .name("XML"))]), data: Array(xmp.utf8)))))
            expected = "6.6.4"
        case .noOutputIntent:
            catalog["OutputIntents"] = nil
            // An RGB drawing on the page: device colour needs the output intent.
            let content = PDFStream(dictionary: PDFDictionary(), data: Array("1 0 0 rg 0 0 10 10 re f".utf8))
            pageDict["Contents"] = .reference(rewriter.add(.stream(content)))
            expected = "6.2.4.3"
        case .noFileID:
            options.useObjectStreams = false
            edit = { bytes in Self.replacing(Array("/ID".utf8), with: Array("/XX".utf8), in: bytes) }
            expected = "6.1.3"
        case .encrypted:
            options.newEncryption = try NewEncryption(userPassword: "", ownerPassword: "owner", permissions: [])
            expected = "6.1.3"
        case .lzwStream:
            let stream = PDFStream(dictionary: PDFDictionary([("Filter", .name("LZWDecode"))]), data: [0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01])
            catalog["PieceInfo"] = .reference(rewriter.add(.stream(stream)))
            expected = "6.1.7.2"
        case .javaScript:
            catalog["OpenAction"] = .dictionary(PDFDictionary([("S", .name("JavaScript")), ("JS", .string(Array("app.alert(1)".utf8)))]))
            expected = "6.5.1"
        case .annotationNotPrinted, .annotationWithoutAppearance:
            let appearance = PDFStream(dictionary: PDFDictionary([("Type", .name("XObject")), ("Subtype", .name("Form")),
                                                                  ("BBox", .array([0, 0, 10, 10].map(PDFObject.int)))]), data: [])
            var annotation = PDFDictionary([("Type", .name("Annot")), ("Subtype", .name("Square")),
                                            ("Rect", .array([10, 10, 20, 20].map(PDFObject.int)))])
            if breakage == .annotationNotPrinted {
                annotation["F"] = .int(0)
                annotation["AP"] = .dictionary(PDFDictionary([("N", .reference(rewriter.add(.stream(appearance))))]))
                expected = "6.3.2"
            } else {
                annotation["F"] = .int(4)
                expected = "6.3.3"
            }
            pageDict["Annots"] = .array([.reference(rewriter.add(.dictionary(annotation)))])
        case .fontWithoutToUnicode:
            // Invisible text in a symbolic TrueType font with no ToUnicode map: level U cannot map it.
            let descriptor = PDFDictionary([("Type", .name("FontDescriptor")), ("FontName", .name("Unmapped")), ("Flags", .int(4))])
            let font = PDFDictionary([("Type", .name("Font")), ("Subtype", .name("TrueType")), ("BaseFont", .name("Unmapped")),
                                      ("FontDescriptor", .reference(rewriter.add(.dictionary(descriptor))))])
            let content = PDFStream(dictionary: PDFDictionary(), data: Array("BT /FX 12 Tf 3 Tr 10 10 Td (abc) Tj ET".utf8))
            pageDict["Contents"] = .reference(rewriter.add(.stream(content)))
            pageDict["Resources"] = .dictionary(PDFDictionary([("Font", .dictionary(PDFDictionary([("FX", .reference(rewriter.add(.dictionary(font))))])))]))
            level = .u
            expected = "6.2.11.7.2"
        }
        rewriter.set(root, .dictionary(catalog))
        rewriter.set(page.ref, .dictionary(pageDict))
        let clauses = try Self.clauses(rewriter, options: options, level: level, edit: edit)
        #expect(clauses.contains(expected), "\(breakage): \(clauses)")
    }

    static func replacing(_ needle: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var i = 0
        while i + needle.count <= out.count {
            if Array(out[i..<(i + needle.count)]) == needle { out.replaceSubrange(i..<(i + needle.count), with: replacement) }
            i += 1
        }
        return out
    }
}
