import Foundation
import PDF
import PDFText
import Testing
import TestSupport
@testable import Forms

@Suite struct VectorPrimitiveReaderTests {
    /// `Samples/flat-form.pdf` (made by `Samples/make-form-sample.sh`): a 360 × 432 page.
    static func primitives(of document: PDFDocument) throws -> LayoutPrimitives {
        let page = try document.pages()[0]
        let (text, geometry) = try TextExtractor(document: document).textAndGeometry(of: page)
        return VectorPrimitiveReader().primitives(page: 0, geometry: geometry, text: text)
    }

    @Test func theSampleFlatFormsRulesBoxesSquaresAndLabelsAreReadFromVectors() throws {
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.sample("flat-form.pdf")))
        let p = try Self.primitives(of: document)
        #expect(p.width == 360 && p.height == 432)
        // "Full name" underline: y 362 in user space is 70 from the top, x 108…332.
        #expect(p.rules.contains { $0.orientation == .horizontal && abs($0.position - 70) < 0.6 && abs($0.start - 108) < 0.6
                                   && abs($0.end - 332) < 0.6 })
        // The comb's seven separators.
        #expect(p.rules.filter { $0.orientation == .vertical && abs($0.length - 18) < 0.6 }.count == 7)
        // Email box (108, 306, 224 × 18) and the comments box.
        #expect(p.boxes.contains { abs($0.left - 108) < 0.6 && abs($0.top - 108) < 0.6 && abs($0.width - 224) < 0.6 })
        #expect(p.boxes.contains { abs($0.height - 78) < 0.6 })
        // The comb's frame divided by its separators: eight cells of 14 × 18, as a scan's would be.
        #expect((p.boxes + p.squares).filter { abs($0.width - 14) < 0.6 && abs($0.height - 18) < 0.6 }.count == 8)
        #expect(p.squares.filter { abs($0.width - 9) < 0.6 }.count == 3)
        #expect(p.squares.filter { $0.width < 12 }.allSatisfy { abs($0.width - 9) < 0.6 && abs($0.height - 9) < 0.6 })
        let words = p.words.map(\.text)
        for label in ["Full", "name", "Email", "Membership", "Adult", "Signature"] { #expect(words.contains(label)) }
        let full = try #require(p.words.first { $0.text == "Full" })
        #expect(full.rect.left >= 27 && full.rect.left <= 29 && full.rect.top > 58 && full.rect.bottom < 71)
    }

    @Test func aRotatedPagesPrimitivesAreInTheFrameAsDisplayed() throws {
        let source = try PDFFixtures.bytes(of: PDFFixtures.sample("flat-form.pdf"))
        let rotated = try PDFDocument(bytes: PDFFixtures.qpdfTransform(source, ["--rotate=+90"]))
        let p = try Self.primitives(of: rotated)
        #expect(p.width == 432 && p.height == 360)
        // Turned a quarter clockwise, the underline at y 362 becomes a vertical rule 70 from the right.
        #expect(p.rules.contains { $0.orientation == .vertical && abs($0.position - (432 - 70)) < 0.6 && abs($0.start - 108) < 0.6 })
        #expect(p.squares.filter { $0.width < 12 && $0.height < 12 }.count == 3)
    }

    @Test func cellsClosedBySeparateRulesBecomeBoxes() {
        // A 2 × 2 grid drawn as three horizontal and three vertical strokes.
        let rules = [0.0, 20, 40].map { Rule(orientation: .horizontal, position: 100 + $0, start: 50, end: 250, thickness: 1) }
            + [0.0, 100, 200].map { Rule(orientation: .vertical, position: 50 + $0, start: 100, end: 140, thickness: 1) }
        let cells = RuleCells(tolerance: 2).cells(from: rules)
        #expect(cells.count == 4)
        #expect(cells.contains(LayoutRect(left: 150, top: 120, right: 250, bottom: 140)))
    }

    @Test func buttonsSetAsZapfDingbatsCharactersAreSquaresAndCircles() throws {
        // ❑ (ZapfDingbats q, a76) and ❍ (m, a74), 12 points, beside labels.
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 300 200] >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>")
        pdf.add(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        pdf.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>")
        pdf.add(6, bytes: PDFFixtures.streamBody(text: "BT /F2 12 Tf 50 150 Td (q) Tj ET BT /F1 10 Tf 66 150 Td (Yes) Tj ET "
                                                + "BT /F2 12 Tf 50 120 Td (m) Tj ET BT /F1 10 Tf 66 120 Td (No) Tj ET"))
        let p = try Self.primitives(of: PDFDocument(bytes: pdf.bytes))
        #expect(p.squares.count == 1 && p.circles.count == 1)
        #expect(p.words.map(\.text) == ["Yes", "No"])
        let square = try #require(p.squares.first)
        #expect(square.left >= 49 && square.right <= 62 && square.top > 30 && square.bottom < 52)
    }

    @Test func underscoresTypedAsFillInLinesAreRulesAndTheWordsAroundThemStayWords() throws {
        let (rule, rest) = try #require(VectorPrimitiveReader.underscoreRule("Name:__________", LayoutRect(left: 100, top: 200, right: 250, bottom: 210)))
        #expect(abs(rule.start - 150) < 0.01 && abs(rule.end - 250) < 0.01 && abs(rule.position - 209) < 0.01)
        #expect(rest.map(\.text) == ["Name:"] && rest.first.map { abs($0.rect.right - 150) < 0.01 } == true)
        #expect(VectorPrimitiveReader.underscoreRule("snake_case", LayoutRect(left: 0, top: 0, right: 50, bottom: 10)) == nil)
        // A word processor's bill of sale (no drawn lines, only underscores): its fill-in lines
        // become text fields where its real widgets are.
        let document = try PDFDocument(bytes: Fixtures.bytes(Fixtures.corpus("forms/src/il_gun_sale.pdf")))
        let p = try Self.primitives(of: document)
        #expect(p.rules.filter { $0.orientation == .horizontal }.count >= 5)
        let fields = FieldAssembler().fields(from: p)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.corpus("forms/truth/il_gun_sale.json"))) as? [String: Any]
        let truth = (json?["fields"] as? [[String: Any]] ?? []).compactMap { f -> LayoutRect? in
            guard f["page"] as? Int == 0, f["type"] as? String == "text", let r = f["rect"] as? [Double], r.count == 4 else { return nil }
            return LayoutRect(left: r[0], top: r[1], right: r[2], bottom: r[3])
        }
        let recall = Double(truth.filter { t in fields.contains { $0.rect.iou(t) >= 0.5 } }.count) / Double(max(1, truth.count))
        // measured: 1.0 (15 widgets; nothing was found before underscores were read)
        #expect(truth.count >= 10 && recall >= 0.9)
    }
}
