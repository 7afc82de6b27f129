import Foundation
import Testing
import PDF
import PDFWriter
@testable import PDFA
import TestSupport

/// Clause 6.2.11 checked against the embedded CFF and TrueType programs: glyphs present
/// (6.2.11.4.1), CharSet/CIDSet (6.2.11.4.2), widths (6.2.11.5), .notdef (6.2.11.8), and the
/// glyph names of level U (6.2.11.7.2) and of non-symbolic TrueType Differences (6.2.11.6),
/// and an embedded CMap built on another embedded one (6.2.11.3.3).
/// The oracle is the veraPDF consortium's corpus: each file's name says its verdict and clause.
@Suite struct FontProgramRulesTests {
    static let fonts = "pdfa/PDF_A-2b/6.2 Graphics/6.2.11 Fonts/"
    static let unicode = "pdfa/PDF_A-2u/6.2 Graphics/6.2.11 Fonts/6.2.11.7 Unicode character maps/6.2.11.7.2 Level A and Level U conformance/"

    /// Files judged wrongly before the programs were read: (path under the corpus, level, clause).
    static let failing: [(String, PDFALevel, String)] = [
        ("6.2.11.3 Composite fonts/6.2.11.3.3 CMaps/veraPDF test suite 6-2-11-3-3-t03-fail-a.pdf", .b, "6.2.11.3.3"),
        ("6.2.11.4 Embedding/6.2.11.4.1 General/veraPDF test suite 6-2-11-4-1-t01-fail-a.pdf", .b, "6.2.11.4.1"),
        ("6.2.11.4 Embedding/6.2.11.4.1 General/veraPDF test suite 6-2-11-4-1-t02-fail-a.pdf", .b, "6.2.11.4.1"),
        ("6.2.11.4 Embedding/6.2.11.4.1 General/veraPDF test suite 6-2-11-4-1-t02-fail-b.pdf", .b, "6.2.11.4.1"),
        ("6.2.11.4 Embedding/6.2.11.4.1 General/veraPDF test suite 6-2-11-4-1-t02-fail-c.pdf", .b, "6.2.11.4.1"),
        ("6.2.11.4 Embedding/6.2.11.4.1 General/veraPDF test suite 6-2-11-4-1-t02-fail-d.pdf", .b, "6.2.11.4.1"),
        ("6.2.11.4 Embedding/6.2.11.4.1 General/veraPDF test suite 6-2-11-4-1-t02-fail-e.pdf", .b, "6.2.11.4.1"),
        ("6.2.11.4 Embedding/6.2.11.4.2 Subset embedding/veraPDF test suite 6-2-11-4-2-t01-fail-a.pdf", .b, "6.2.11.4.2"),
        ("6.2.11.4 Embedding/6.2.11.4.2 Subset embedding/veraPDF test suite 6-2-11-4-2-t02-fail-a.pdf", .b, "6.2.11.4.2"),
        ("6.2.11.5 Font metrics/veraPDF test suite 6-2-11-5-t01-fail-a.pdf", .b, "6.2.11.5"),
        ("6.2.11.5 Font metrics/veraPDF test suite 6-2-11-5-t01-fail-b.pdf", .b, "6.2.11.5"),
        ("6.2.11.5 Font metrics/veraPDF test suite 6-2-11-5-t01-fail-c.pdf", .b, "6.2.11.5"),
        ("6.2.11.5 Font metrics/veraPDF test suite 6-2-11-5-t01-fail-d.pdf", .b, "6.2.11.5"),
        ("6.2.11.5 Font metrics/veraPDF test suite 6-2-11-5-t01-fail-e.pdf", .b, "6.2.11.5"),
        ("6.2.11.5 Font metrics/veraPDF test suite 6-2-11-5-t01-fail-f.pdf", .b, "6.2.11.5"),
        ("6.2.11.6 Character encodings/veraPDF test suite 6-2-11-6-t02-fail-d.pdf", .b, "6.2.11.6"),
        ("6.2.11.8 Use of .notdef glyph/veraPDF test suite 6-2-11-8-t01-fail-a.pdf", .b, "6.2.11.8"),
        ("6.2.11.8 Use of .notdef glyph/veraPDF test suite 6-2-11-8-t01-fail-b.pdf", .b, "6.2.11.8"),
        ("6.2.11.8 Use of .notdef glyph/veraPDF test suite 6-2-11-8-t01-fail-c.pdf", .b, "6.2.11.8"),
        ("6.2.11.8 Use of .notdef glyph/veraPDF test suite 6-2-11-8-t01-fail-d.pdf", .b, "6.2.11.8"),
    ]

    /// The font folders' conforming files with embedded CFF, TrueType and Type 3 fonts.
    static let passing: [(String, PDFALevel)] = [
        (fonts + "6.2.11.4 Embedding/6.2.11.4.2 Subset embedding/veraPDF test suite 6-2-11-4-2-t01-pass-a.pdf", .b),
        (fonts + "6.2.11.4 Embedding/6.2.11.4.2 Subset embedding/veraPDF test suite 6-2-11-4-2-t02-pass-a.pdf", .b),
        (fonts + "6.2.11.6 Character encodings/veraPDF test suite 6-2-11-6-t02-pass-a.pdf", .b),
        (fonts + "6.2.11.6 Character encodings/veraPDF test suite 6-2-11-6-t03-pass-a.pdf", .b),
        (fonts + "6.2.11.3 Composite fonts/6.2.11.3.1 General/veraPDF test suite 6-2-11-3-1-t01-pass-a.pdf", .b),
        (fonts + "6.2.11.3 Composite fonts/6.2.11.3.2 CIDFonts/veraPDF test suite 6-2-11-3-2-t01-pass-a.pdf", .b),
        (fonts + "6.2.11.3 Composite fonts/6.2.11.3.3 CMaps/veraPDF test suite 6-2-11-3-3-t03-pass-a.pdf", .b),
        (unicode + "veraPDF test suite 6-2-11-7-2-t01-pass-b.pdf", .u),
        (unicode + "veraPDF test suite 6-2-11-7-2-t01-pass-f.pdf", .u),
        (unicode + "veraPDF test suite 6-2-11-7-2-t01-pass-h.pdf", .u),
        (unicode + "veraPDF test suite 6-2-11-7-2-t01-pass-l.pdf", .u),
        (unicode + "veraPDF test suite 6-2-11-7-2-t01-pass-d.pdf", .u),
    ]

    static let unicodeFailing = ["6-2-11-7-2-t01-fail-a", "6-2-11-7-2-t01-fail-b", "6-2-11-7-2-t01-fail-c"]

    static func report(_ path: String, _ level: PDFALevel) throws -> PDFAReport {
        try PDFAValidator.validate(bytes: try Fixtures.bytes(Fixtures.corpus(path)), level: level)
    }

    @Test(arguments: failing.indices)
    func aFontFileOfTheCorpusIsRejectedForItsClause(_ index: Int) throws {
        let (path, level, clause) = Self.failing[index]
        let report = try Self.report(Self.fonts + path, level)
        #expect(report.failedClauses.contains(clause), "\(path): \(report.violations)")
    }

    @Test(arguments: unicodeFailing)
    func glyphNamesWithoutUnicodeMeaningAreRejectedAtLevelU(_ name: String) throws {
        let report = try Self.report(Self.unicode + "veraPDF test suite \(name).pdf", .u)
        #expect(report.failedClauses.contains("6.2.11.7.2"), "\(name): \(report.violations)")
    }

    @Test(arguments: passing.indices)
    func aConformingFileWithEmbeddedFontsStaysAccepted(_ index: Int) throws {
        let (path, level) = Self.passing[index]
        let report = try Self.report(path, level)
        #expect(report.conforms, "\(path): \(report.violations)")
    }

    /// Every width the PDF gives, shifted by 50 units: the programs' own widths no longer
    /// agree, in a Type 1C, a CID-keyed CFF, a TrueType, a CID TrueType and a Type 1 font.
    @Test(arguments: [0, 1, 2, 5, 11])
    func widthsThatNoLongerMatchTheProgramAreRejected(_ index: Int) throws {
        let (path, level) = Self.passing[index]
        let source = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus(path)))
        #expect(!(try PDFAValidator.validate(bytes: try Fixtures.bytes(Fixtures.corpus(path)), level: level)).failedClauses.contains("6.2.11.5"))
        let rewriter = DocumentRewriter(source: source)
        var shifted = 0
        for number in source.objectNumbers {
            let ref = ObjectRef(number)
            guard var font = rewriter.object(ref).dictionaryValue, font["Type"]?.nameValue == "Font" else { continue }
            if let widths = source.resolve(font["Widths"] ?? .null).arrayValue {
                font["Widths"] = .array(widths.map { .real((source.resolve($0).numberValue ?? 0) + 50) })
                shifted += 1
            } else if font["Subtype"]?.nameValue == "CIDFontType0" || font["Subtype"]?.nameValue == "CIDFontType2" {
                font["W"] = nil
                font["DW"] = .int(Self.unlikelyWidth)
                shifted += 1
            } else {
                continue
            }
            rewriter.set(ref, .dictionary(font))
        }
        #expect(shifted > 0)
        let output = try rewriter.dataRepresentation(options: WriteOptions())
        let report = try PDFAValidator.validate(bytes: output, level: level)
        #expect(report.failedClauses.contains("6.2.11.5"), "\(path): \(report.violations)")
    }

    /// A width no glyph of these fonts has.
    static let unlikelyWidth = 1777
}
