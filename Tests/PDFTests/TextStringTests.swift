import Foundation
import Testing
import PDF
import TestSupport

/// PDFDocEncoding and the text-string encodings (ISO 32000-2 §7.9.2.2, Annex D).
@Suite struct TextStringTests {
    @Test func theDocEncodingDiffersFromLatin1WhereAnnexDSays() {
        #expect(PDFDocEncoding.table[0x18] == "\u{02D8}")   // breve
        #expect(PDFDocEncoding.table[0x1F] == "\u{02DC}")   // tilde
        #expect(PDFDocEncoding.table[0x80] == "\u{2022}")   // bullet
        #expect(PDFDocEncoding.table[0x84] == "\u{2014}")   // em dash
        #expect(PDFDocEncoding.table[0x85] == "\u{2013}")   // en dash
        #expect(PDFDocEncoding.table[0x92] == "\u{2122}")   // trade mark
        #expect(PDFDocEncoding.table[0x93] == "\u{FB01}")   // fi ligature
        #expect(PDFDocEncoding.table[0x9E] == "\u{017E}")   // z caron
        #expect(PDFDocEncoding.table[0xA0] == "\u{20AC}")   // euro
        for undefined in [0x7F, 0x9F, 0xAD] { #expect(PDFDocEncoding.table[undefined] == nil) }
        for same in Array(0x20...0x7E) + Array(0xA1...0xAC) + Array(0xAE...0xFF) {
            #expect(PDFDocEncoding.table[same] == Unicode.Scalar(UInt8(same)))
        }
    }

    /// Poppler's `pdfinfo` decodes the same title: every printable code from 0x18 to 0xFF.
    @Test func theDocEncodingAgreesWithPoppler() throws {
        let codes = (0x18...0xFF).map(UInt8.init)
        let escaped = codes.map { String(format: "\\%03o", $0) }.joined()
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(8, "<< /Title (\(escaped)) >>")
        pdf.trailerExtra = "/Info 8 0 R"
        let scratch = try PDFFixtures.ScratchFolder()
        let url = scratch.file("title.pdf")
        try PDFFixtures.write(pdf.bytes, to: url)
        let line = try PDFFixtures.run("pdfinfo", [url.path]).text.split(separator: "\n").first { $0.hasPrefix("Title:") }
        let poppler = try #require(line).dropFirst("Title:".count).drop { $0 == " " }
        let ours = try #require(try PDFDocument(bytes: pdf.bytes).info().title)
        #expect(ours == String(poppler))
        #expect(ours.unicodeScalars.count == codes.count)
    }

    @Test func everyDefinedCodeEncodesBackToItself() {
        for byte in 0...255 {
            guard let scalar = PDFDocEncoding.table[byte] else { continue }
            #expect(PDFDocEncoding.encode(String(scalar)) == [UInt8(byte)])
        }
        #expect(PDFDocEncoding.encode("日本") == nil)
        #expect(PDFDocEncoding.decode([0x41, 0x7F, 0x80]) == "A\u{FFFD}\u{2022}")
    }

    @Test func utf16BigEndianWithItsMarkIsDecodedWithSurrogatePairs() {
        #expect(PDFTextString.decode([0xFE, 0xFF, 0x00, 0x41, 0x65, 0xE5, 0xD8, 0x3D, 0xDE, 0x00]) == "A日😀")
    }

    @Test func utf16LittleEndianWithItsMarkIsDecoded() {
        #expect(PDFTextString.decode([0xFF, 0xFE, 0x41, 0x00, 0xE5, 0x65]) == "A日")
    }

    @Test func utf8WithItsMarkIsDecoded() {
        #expect(PDFTextString.decode([0xEF, 0xBB, 0xBF] + Array("café".utf8)) == "café")
    }

    @Test func aLanguageEscapeIsDropped() {
        // U+001B "en" U+001B, then "Hi".
        let bytes: [UInt8] = [0xFE, 0xFF, 0x00, 0x1B, 0x00, 0x65, 0x00, 0x6E, 0x00, 0x1B, 0x00, 0x48, 0x00, 0x69]
        #expect(PDFTextString.decode(bytes) == "Hi")
    }

    @Test func brokenUTF16ReadsAsFarAsItCan() {
        #expect(PDFTextString.decode([0xFE, 0xFF, 0x00, 0x41, 0x00]) == "A")          // odd trailing byte
        #expect(PDFTextString.decode([0xFE, 0xFF, 0xD8, 0x3D, 0x00, 0x41]) == "\u{FFFD}A") // lone surrogate
        #expect(PDFTextString.decode([0xFE, 0xFF]) == "")
    }

    @Test func textWithoutADocEncodingBecomesUTF16() {
        #expect(PDFTextString.encode("Résumé") == PDFDocEncoding.encode("Résumé"))
        let encoded = PDFTextString.encode("Ελληνικά")
        #expect(encoded.starts(with: [0xFE, 0xFF]))
        #expect(PDFTextString.decode(encoded) == "Ελληνικά")
        #expect(PDFObject.string(encoded).textValue == "Ελληνικά")
        #expect(PDFObject.int(1).textValue == nil)
    }
}
