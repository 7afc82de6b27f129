import Foundation
import Testing
@testable import PDF
import TestSupport

private func operations(_ text: String) -> [ContentOperation] {
    Array(ContentStreamTokenizer(Array(text.utf8)))
}

private func operations(_ bytes: [UInt8]) -> [ContentOperation] {
    Array(ContentStreamTokenizer(bytes))
}

private func op(_ name: String, _ operands: [PDFObject] = []) -> ContentOperation {
    ContentOperation(op: name, operands: operands, inlineData: nil)
}

private func str(_ text: String) -> PDFObject { .string(Array(text.utf8)) }

@Suite struct ContentStreamTokenizerTests {
    @Test func operatorsCollectTheOperandsBeforeThem() {
        #expect(operations("q 1 0 0 1 72 72 cm /Im0 Do Q") == [
            op("q"),
            op("cm", [.int(1), .int(0), .int(0), .int(1), .int(72), .int(72)]),
            op("Do", [.name("Im0")]),
            op("Q"),
        ])
    }

    @Test func numbersStringsAndNames() {
        #expect(operations("0.5 -.25 3. g (a \\(b\\)) Tj <414243> Tj /GS1 gs") == [
            op("g", [.real(0.5), .real(-0.25), .real(3)]),
            op("Tj", [str("a (b)")]),
            op("Tj", [str("ABC")]),
            op("gs", [.name("GS1")]),
        ])
    }

    @Test func textShowingArrays() {
        #expect(operations("BT /F1 12 Tf [(A) 120 (W) -50.5 <42>] TJ ET") == [
            op("BT"),
            op("Tf", [.name("F1"), .int(12)]),
            op("TJ", [.array([str("A"), .int(120), str("W"), .real(-50.5), str("B")])]),
            op("ET"),
        ])
    }

    @Test func quoteOperators() {
        #expect(operations("(line) ' 1 2 (spaced) \"") == [
            op("'", [str("line")]),
            op("\"", [.int(1), .int(2), str("spaced")]),
        ])
    }

    @Test func markedContentDictionariesAndNestedArrays() {
        let ops = operations("/Span <</MCID 3 /ActualText (x) /Sub <</A [1 2]>>>> BDC [[1 2] 3] 0 d EMC")
        #expect(ops.map(\.op) == ["BDC", "d", "EMC"])
        let properties = ops[0].operands[1].dictionaryValue
        #expect(ops[0].operands[0] == .name("Span"))
        #expect(properties?["MCID"] == .int(3))
        #expect(properties?["ActualText"] == str("x"))
        #expect(properties?["Sub"]?.dictionaryValue?["A"] == .array([.int(1), .int(2)]))
        #expect(ops[1].operands == [.array([.array([.int(1), .int(2)]), .int(3)]), .int(0)])
    }

    @Test func booleansAndNullAreOperandsNotOperators() {
        #expect(operations("true false null /X sh") == [op("sh", [.bool(true), .bool(false), .null, .name("X")])])
    }

    @Test func commentsAndNewlinesSeparateTokens() {
        #expect(operations("q% save\n1 0 0 RG%red\rQ") == [op("q"), op("RG", [.int(1), .int(0), .int(0)]), op("Q")])
    }

    @Test func operatorsWithoutWhitespace() {
        #expect(operations("q[1 2]0 d/F1 9 Tf(x)Tj Q") == [
            op("q"), op("d", [.array([.int(1), .int(2)]), .int(0)]), op("Tf", [.name("F1"), .int(9)]), op("Tj", [str("x")]), op("Q"),
        ])
    }

    @Test func trailingOperandsWithoutAnOperatorAreDropped() {
        #expect(operations("q 1 2 3") == [op("q")])
        #expect(operations("") == [])
    }

    @Test func inlineImageDataIsReturnedWhole() throws {
        let bytes = Array("q BI /W 2 /H 2 /BPC 8 /CS /G ID ".utf8) + [0x00, 0x45, 0x49, 0xFF] + Array("\nEI Q BT (after) Tj ET".utf8)
        let ops = operations(bytes)
        #expect(ops.map(\.op) == ["q", "BI", "Q", "BT", "Tj", "ET"])
        let image = ops[1]
        #expect(image.inlineData == [0x00, 0x45, 0x49, 0xFF])
        let dict = try #require(image.operands.first?.dictionaryValue)
        #expect(dict["W"] == .int(2) && dict["H"] == .int(2) && dict["BPC"] == .int(8) && dict["CS"] == .name("G"))
        #expect(ops[4].operands == [str("after")])
    }

    @Test func inlineImageWithBinaryWhitespaceAndArrays() throws {
        // The data holds whitespace and "EI" not surrounded by whitespace; only " EI " ends it.
        let data: [UInt8] = [0x20, 0x45, 0x49, 0x41, 0x0A, 0x0D, 0x09, 0x45, 0x49, 0x58]
        let bytes = Array("BI /W 5 /H 2 /BPC 8 /CS /RGB /D [1 0 1 0 1 0] /F /AHx ID ".utf8) + data + Array(" EI 1 w".utf8)
        let ops = operations(bytes)
        #expect(ops.map(\.op) == ["BI", "w"])
        #expect(ops[0].inlineData == data)
        #expect(ops[0].operands.first?.dictionaryValue?["D"]?.arrayValue?.count == 6)
        #expect(ops[1].operands == [.int(1)])
    }

    @Test func inlineImageAtTheEndOfTheStream() {
        let ops = operations(Array("BI /W 1 /H 1 /BPC 8 /CS /G ID ".utf8) + [0x7F] + Array(" EI".utf8))
        #expect(ops.count == 1)
        #expect(ops.first?.op == "BI")
        #expect(ops.first?.inlineData == [0x7F])
    }

    @Test func damagedTokensAreSkipped() {
        #expect(operations("q ) Q").map(\.op) == ["q", "Q"])
        #expect(operations("q ] Q").map(\.op) == ["q", "Q"])
    }

    /// pdf.js and poppler skip a stray `>` and carry on; everything after it must still be read.
    @Test func aStrayGreaterThanDoesNotEndTheStream() {
        #expect(operations("q > 1 0 0 RG Q").map(\.op) == ["q", "RG", "Q"])
        // An invalid hex string leaves its closing `>` behind in the same way.
        #expect(operations("q <zz> 1 w Q").map(\.op).suffix(2) == ["w", "Q"])
    }

    @Test func endlessGarbageEndsWithoutHanging() {
        let garbage = [UInt8](repeating: 0x29, count: 50_000) + Array(" Q".utf8)   // 50,000 ")"
        _ = operations(garbage)
        let unterminated = Array("q [".utf8) + [UInt8](repeating: 0x31, count: 10_000)
        _ = operations(unterminated)
    }

    @Test func realPagesTokenizeToBalancedTextObjects() throws {
        for name in ["born-digital.pdf", "mixed.pdf"] {
            let document = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.sample(name)))
            for page in try document.pages() {
                let ops = operations(try document.contents(of: page))
                #expect(ops.filter { $0.op == "BT" }.count == ops.filter { $0.op == "ET" }.count, "\(name)")
                #expect(ops.filter { $0.op == "q" }.count == ops.filter { $0.op == "Q" }.count, "\(name)")
            }
        }
    }

    @Test func qpdfsInlineImageSampleHasItsImages() throws {
        let url = PDFFixtures.corpus("pdf/qpdf/inline-images.pdf")
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        var images: [ContentOperation] = []
        for page in try document.pages() {
            images += operations(try document.contents(of: page)).filter { $0.op == "BI" }
        }
        #expect(!images.isEmpty)
        for image in images {
            let dict = try #require(image.operands.first?.dictionaryValue)
            let width = dict["W"]?.intValue ?? dict["Width"]?.intValue ?? 0
            let height = dict["H"]?.intValue ?? dict["Height"]?.intValue ?? 0
            #expect(width > 0 && height > 0)
            #expect(image.inlineData?.isEmpty == false)
        }
    }
}
