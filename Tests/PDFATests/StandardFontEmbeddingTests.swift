import Foundation
import Testing
import PDF
@testable import PDFWriter
@testable import PDFA
import TestSupport

/// Standard fonts the input does not embed get their URW clones in the PDF/A conversion
/// (6.2.11.4.1), with the document's widths and encoding checked against the clone; where
/// that is not the same font, or fonts-urw-base35 is missing, the output falls back to plain
/// PDF with a note saying why. Oracles: our validator, qpdf, pdftotext, pdffonts, pdftoppm.
@Suite struct StandardFontEmbeddingTests {
    static func requireFonts() throws -> URWStandardFonts {
        try #require(URWStandardFonts.installed(), "fonts-urw-base35 is not installed (README: Debian packages)")
    }

    /// `document` written through PDFAOutput at `level`, and its plain rewrite, in `dir`.
    static func write(_ input: [UInt8], level: PDFALevel, fonts: URWStandardFonts?, in dir: TemporaryDirectory) throws -> (notes: [String], pdfa: URL, plain: URL) {
        let document = try PDFDocument(bytes: input)
        var output = PDFAOutput(part: 2, level: level, producer: "tests")
        output.standardFonts = fonts
        let url = dir.file("out-\(level.rawValue).pdf")
        let written = try output.write(DocumentRewriter(source: document), options: WriteOptions(), to: url)
        let plain = dir.file("plain.pdf")
        try Data(try DocumentRewriter(source: document).dataRepresentation()).write(to: plain)
        return (written.notes, url, plain)
    }

    /// pdffonts' rows: name, type and the `emb` column.
    static func fonts(_ url: URL) throws -> [(name: String, type: String, embedded: Bool)] {
        let result = try Tool.run("pdffonts", [url.path])
        #expect(result.status == 0)
        return result.stdout.split(separator: "\n").dropFirst(2).map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            // name type… encoding emb sub uni object ID: emb is the fifth field from the end.
            return (fields[0], fields.dropFirst().prefix(2).joined(separator: " "), fields[fields.count - 5] == "yes")
        }
    }

    /// A 300 x 200 page showing `text` in the font /F1 = object 5, which the caller adds.
    static func onePage(showing text: String) -> PDFFixtures.CraftedPDF {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: "BT /F1 24 Tf 20 100 Td (\(text)) Tj ET"))
        return pdf
    }

    static func largestPageDifference(_ a: URL, _ b: URL) throws -> Double {
        let pagesA = try GrayRendering.render(a, dpi: 72), pagesB = try GrayRendering.render(b, dpi: 72)
        #expect(pagesA.count == pagesB.count && !pagesA.isEmpty)
        return zip(pagesA, pagesB).map { $0.meanDifference(from: $1) ?? 255 }.max() ?? 255
    }

    @Test(arguments: [PDFALevel.b, .u])
    func aRealScanWithHelveticaNotEmbeddedBecomesPDFA(level: PDFALevel) throws {
        // missing_docinfo.pdf shows its text in Helvetica (Type1, not embedded).
        let fonts = try Self.requireFonts()
        let input = try Fixtures.bytes(Fixtures.corpus("scans/missing_docinfo.pdf"))
        #expect(try Self.fonts(Fixtures.corpus("scans/missing_docinfo.pdf")).contains { $0.name == "Helvetica" && !$0.embedded })
        let dir = try TemporaryDirectory()
        let (notes, url, plain) = try Self.write(input, level: level, fonts: fonts, in: dir)
        #expect(notes.last == "written as PDF/A-2\(level.conformanceLetter.lowercased()) (checked with legible check --pdfa=\(level.rawValue))", "\(notes)")
        #expect(notes.contains { $0.hasPrefix("PDF/A: embedded the metric-compatible URW fonts for Helvetica") }, "\(notes)")
        let report = try PDFAValidator.validate(bytes: try Fixtures.bytes(url), level: level)
        #expect(report.conforms, "\(report.violations)")
        #expect(try Tool.qpdfCheck(url) == 0)
        #expect(try Tool.pdftotext(url) == Tool.pdftotext(plain))
        let listed = try Self.fonts(url)
        #expect(!listed.isEmpty && listed.allSatisfy(\.embedded), "\(listed)")
        #expect(listed.contains { $0.name == "Helvetica" && $0.type == "Type 1" })
        #expect(try Self.largestPageDifference(url, plain) < 0.1)
    }

    @Test func aTrueTypeArialWithHelveticasWidthsIsEmbeddedAsType1() throws {
        let fonts = try Self.requireFonts()
        // Arial as Word writes it when not embedded: TrueType, WinAnsi, non-symbolic, Arial's widths for "Hi!".
        var pdf = Self.onePage(showing: "Hi! Hi!")
        var widths = Array(repeating: "0", count: 105 - 32 + 1)
        widths[0] = "278"; widths[33 - 32] = "278"; widths[72 - 32] = "722"; widths[105 - 32] = "222"
        pdf.add(5, "<< /Type /Font /Subtype /TrueType /BaseFont /Arial /Encoding /WinAnsiEncoding /FirstChar 32 /LastChar 105 /Widths [\(widths.joined(separator: " "))] /FontDescriptor 6 0 R >>")
        pdf.add(6, "<< /Type /FontDescriptor /FontName /Arial /Flags 32 /FontBBox [-665 -325 2000 1006] /ItalicAngle 0 /Ascent 905 /Descent -212 /CapHeight 716 /StemV 80 >>")
        let dir = try TemporaryDirectory()
        let (notes, url, plain) = try Self.write(pdf.bytes, level: .u, fonts: fonts, in: dir)
        #expect(notes.last?.hasPrefix("written as PDF/A-2u") == true, "\(notes)")
        #expect(try PDFAValidator.validate(bytes: try Fixtures.bytes(url), level: .u).conforms)
        #expect(try Tool.pdftotext(url) == Tool.pdftotext(plain))
        let listed = try Self.fonts(url)
        #expect(listed.count == 1 && listed[0].name == "Arial" && listed[0].type == "Type 1" && listed[0].embedded, "\(listed)")
        // The descriptor keeps what the document said (readers place text by its Ascent).
        let output = try PDFDocument(bytes: try Fixtures.bytes(url))
        let font = try #require(try output.pages().first?.resources["Font"].flatMap { output.resolve($0).dictionaryValue?["F1"] }.flatMap { output.resolve($0).dictionaryValue })
        let descriptor = try #require(output.resolve(font["FontDescriptor"] ?? .null).dictionaryValue)
        #expect(descriptor["Ascent"]?.intValue == 905 && descriptor["FontFile"] != nil)
        #expect(font["ToUnicode"] != nil)
        #expect(try Self.largestPageDifference(url, plain) < 0.5)
    }

    @Test func widthsThatAreNotTheClonesFallBackAndSayWhich() throws {
        let fonts = try Self.requireFonts()
        // "Helvetica" with a monospaced 600 for H: not Helvetica's 722.
        var pdf = Self.onePage(showing: "H")
        pdf.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 72 /LastChar 72 /Widths [600] >>")
        let dir = try TemporaryDirectory()
        let (notes, url, _) = try Self.write(pdf.bytes, level: .b, fonts: fonts, in: dir)
        #expect(notes.count == 1)
        #expect(notes[0].hasPrefix("not written as PDF/A-2b, a plain PDF instead: it would break clause 6.2.11.4.1"))
        #expect(notes[0].contains("not embedded: Helvetica: its widths differ from NimbusSans-Regular's (code 72, H: 600 against 722)"), "\(notes)")
        #expect(try PDFDocument(bytes: try Fixtures.bytes(url)).catalog()["Metadata"] == nil)
    }

    @Test func withoutTheURWFontsTheNoteSaysTheyAreMissing() throws {
        let bytes = HostilePDFs.onePage(content: Array("BT /F1 12 Tf 72 700 Td (Hello) Tj ET".utf8))
        let dir = try TemporaryDirectory()
        let (notes, url, _) = try Self.write(bytes, level: .b, fonts: nil, in: dir)
        #expect(notes.count == 1)
        #expect(notes[0].hasPrefix("not written as PDF/A-2b, a plain PDF instead: it would break clause 6.2.11.4.1: the Type1 font Helvetica is not embedded"))
        #expect(notes[0].hasSuffix("fonts-urw-base35 is not installed (with it the standard fonts are embedded)"), "\(notes)")
        #expect(try PDFDocument(bytes: try Fixtures.bytes(url)).catalog()["Metadata"] == nil)
        // A folder without the fonts is not taken for them.
        #expect(URWStandardFonts.installed(environment: [URWStandardFonts.directoryVariable: dir.url.path]) == nil)
    }

    @Test func fontsChosenByAGraphicsStateOrShowingNothingAreEmbeddedToo() throws {
        let fonts = try Self.requireFonts()
        // pdfjs/extgstate.pdf shows its text in Courier chosen by `/GS1 gs` (ExtGState /Font).
        let dir = try TemporaryDirectory()
        let (notes, url, plain) = try Self.write(try Fixtures.bytes(Fixtures.corpus("pdf/pdfjs/extgstate.pdf")), level: .b, fonts: fonts, in: dir)
        #expect(notes.last?.hasPrefix("written as PDF/A-2b") == true, "\(notes)")
        #expect(try Self.fonts(url).contains { $0.name == "Courier" && $0.embedded })
        #expect(try Tool.pdftotext(url) == Tool.pdftotext(plain))
        #expect(try Self.largestPageDifference(url, plain) < 0.1)
        // A font chosen but showing nothing (as mixed_born_digital's `BT /F1 12 Tf 14.4 TL ET`).
        let empty = HostilePDFs.onePage(content: Array("BT /F1 12 Tf 14.4 TL ET 0 0 m 10 10 l S".utf8))
        let second = try Self.write(empty, level: .b, fonts: fonts, in: dir)
        #expect(second.notes.last?.hasPrefix("written as PDF/A-2b") == true, "\(second.notes)")
    }

    @Test func aStandardFontWithoutWidthsGetsTheClonesWidths() throws {
        let fonts = try Self.requireFonts()
        let bytes = HostilePDFs.onePage(content: Array("BT /F1 12 Tf 72 700 Td (Hello) Tj ET".utf8))
        let dir = try TemporaryDirectory()
        let (notes, url, plain) = try Self.write(bytes, level: .b, fonts: fonts, in: dir)
        #expect(notes.last?.hasPrefix("written as PDF/A-2b") == true, "\(notes)")
        let output = try PDFDocument(bytes: try Fixtures.bytes(url))
        let font = try #require(try output.pages().first?.resources["Font"].flatMap { output.resolve($0).dictionaryValue?["F1"] }.flatMap { output.resolve($0).dictionaryValue })
        let first = try #require(font["FirstChar"]?.intValue)
        let widths = try #require(output.resolve(font["Widths"] ?? .null).arrayValue)
        // Adobe's Helvetica: H 722, e 556, l 222, o 556.
        #expect([72, 101, 108, 111].map { output.resolve(widths[$0 - first]).intValue } == [722, 556, 222, 556])
        #expect(try Tool.pdftotext(url) == Tool.pdftotext(plain))
        #expect(try Self.largestPageDifference(url, plain) < 0.1)
    }
}

/// The Type 1 program reader: the three parts of a FontFile stream from each file form.
@Suite struct Type1FontProgramTests {
    @Test func theURWFileSplitsIntoClearTextBinaryAndTrailer() throws {
        let fonts = try StandardFontEmbeddingTests.requireFonts()
        let bytes = try Fixtures.bytes(fonts.directory.appendingPathComponent("NimbusSans-Regular.t1"))
        let program = try #require(Type1FontProgram(bytes: bytes))
        #expect(program.data == bytes)
        let clear = String(decoding: program.data[..<program.length1], as: UTF8.self)
        #expect(clear.hasPrefix("%!PS-AdobeFont-1.0: NimbusSans-Regular") && clear.contains("currentfile eexec"))
        let trailer = program.data[(program.length1 + program.length2)...]
        #expect(trailer.filter { $0 == UInt8(ascii: "0") }.count == Type1FontProgram.trailerZeros)
        #expect(String(decoding: trailer, as: UTF8.self).hasSuffix("cleartomark\n"))
    }

    @Test func pfbAndHexadecimalPFAGiveTheSameParts() throws {
        let fonts = try StandardFontEmbeddingTests.requireFonts()
        let t1 = try #require(Type1FontProgram(bytes: try Fixtures.bytes(fonts.directory.appendingPathComponent("D050000L.t1"))))
        let clear = Array(t1.data[..<t1.length1]), binary = Array(t1.data[t1.length1..<(t1.length1 + t1.length2)])
        let trailer = Array(t1.data[(t1.length1 + t1.length2)...])
        func segment(_ type: UInt8, _ data: [UInt8]) -> [UInt8] {
            [0x80, type] + (0..<4).map { UInt8(truncatingIfNeeded: data.count >> (8 * $0)) } + data
        }
        let pfb = try #require(Type1FontProgram(bytes: segment(1, clear) + segment(2, binary) + segment(1, trailer) + [0x80, 3]))
        #expect(pfb.data == t1.data && pfb.length1 == t1.length1 && pfb.length2 == t1.length2 && pfb.length3 == t1.length3)
        let hex = binary.map { String(format: "%02x", $0) }.joined().enumerated().map { $0.offset > 0 && $0.offset % 64 == 0 ? "\n\($0.element)" : String($0.element) }.joined()
        let pfa = try #require(Type1FontProgram(bytes: clear + Array(hex.utf8) + [0x0A] + trailer))
        #expect(pfa.data == t1.data && pfa.length2 == t1.length2)
        #expect(Type1FontProgram(bytes: Array("not a font".utf8)) == nil)
    }
}
