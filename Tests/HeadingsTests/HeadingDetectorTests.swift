@testable import Headings
import Testing

/// The heading detector on synthetic pages whose headings are known: sizes, weight, numbering,
/// capitals, isolation, running headers and footers.
@Suite struct HeadingDetectorTests {
    /// A report page laid out as a typesetter would: 792 pt high, lines from the top down.
    private struct PageBuilder {
        var page: Int
        var y = 740.0
        var lines: [HeadingLine] = []

        mutating func add(_ text: String, size: Double, bold: Bool? = false, gapAfter: Double = 0.3, left: Double = 72,
                          monospace: Bool? = nil) {
            lines.append(HeadingLine(text: text, page: page, left: left, right: left + Double(text.count) * size * 0.5,
                                     top: y, bottom: y - size, size: size, isBold: bold, isMonospace: monospace, pageHeight: 792))
            y -= size * (1 + gapAfter)
        }

        /// A line set as `text` with a paragraph of `lines` body lines under it.
        mutating func section(_ text: String, size: Double, bold: Bool? = false, gapAfter: Double = 0.6, lines: Int = 3) {
            add(text, size: size, bold: bold, gapAfter: gapAfter)
            paragraph(lines)
        }

        mutating func paragraph(_ count: Int) {
            for index in 0..<count {
                add("Body text of the report goes on here and fills the line to its end \(index)", size: 10,
                    gapAfter: index == count - 1 ? 1.2 : 0.2)
            }
        }

        mutating func footer(_ text: String) {
            lines.append(HeadingLine(text: text, page: page, left: 280, right: 330, top: 40, bottom: 30, size: 10,
                                     isBold: false, pageHeight: 792))
        }
    }

    private func report() -> [HeadingLine] {
        var first = PageBuilder(page: 0)
        first.add("ANNUAL REPORT ON WATER QUALITY", size: 20, bold: true, gapAfter: 1.5)
        first.add("1 Introduction", size: 14, bold: true, gapAfter: 0.8)
        first.paragraph(6)
        first.add("1.1 Scope of the survey", size: 12, bold: true, gapAfter: 0.6)
        first.paragraph(8)
        first.footer("Page 1 of 2")
        var second = PageBuilder(page: 1)
        second.add("Water Quality Report 2024", size: 9, gapAfter: 2)
        second.paragraph(5)
        second.add("1.2 Methods", size: 12, bold: true, gapAfter: 0.6)
        second.paragraph(7)
        second.add("2 Results", size: 14, bold: true, gapAfter: 0.8)
        second.paragraph(6)
        second.footer("Page 2 of 2")
        return first.lines + second.lines
    }

    @Test func findsTheHeadingsOfAReportWithTheirLevels() {
        let headings = HeadingDetector().headings(in: report())
        #expect(headings.map(\.title) == ["ANNUAL REPORT ON WATER QUALITY", "1 Introduction", "1.1 Scope of the survey",
                                          "1.2 Methods", "2 Results"])
        #expect(headings.map(\.level) == [0, 1, 2, 2, 1])
        #expect(headings.map(\.page) == [0, 0, 0, 1, 1])
        #expect(headings[1].top == 740 - 20 * 2.5)
    }

    @Test func recognizedLinesWithoutWeightAreJudgedBySizeNumberingAndCapitals() {
        let unknownWeight = report().map { line -> HeadingLine in
            var copy = line
            copy.isBold = nil
            return copy
        }
        let headings = HeadingDetector().headings(in: unknownWeight)
        #expect(headings.map(\.title) == ["ANNUAL REPORT ON WATER QUALITY", "1 Introduction", "1.1 Scope of the survey",
                                          "1.2 Methods", "2 Results"])
    }

    @Test func aHeadingSetOnTwoLinesIsOneEntry() {
        var page = PageBuilder(page: 0)
        page.add("A very long title that the typesetter", size: 18, gapAfter: 0.2)
        page.add("had to break over two lines", size: 18, gapAfter: 1.2)
        page.paragraph(10)
        #expect(HeadingDetector().headings(in: page.lines).map(\.title) == ["A very long title that the typesetter had to break over two lines"])
    }

    @Test func bodyTextAloneHasNoHeadings() {
        var page = PageBuilder(page: 0)
        page.paragraph(12)
        page.paragraph(9)
        #expect(HeadingDetector().headings(in: page.lines).isEmpty)
    }

    @Test func tableRowsAndSentencesAreNotHeadings() {
        var page = PageBuilder(page: 0)
        page.paragraph(10)
        page.add("TOTAL", size: 10, gapAfter: 1)
        page.lines.append(HeadingLine(text: "1,234.00", page: 0, left: 400, right: 450, top: page.lines.last!.top,
                                      bottom: page.lines.last!.bottom, size: 10, isBold: false, pageHeight: 792))
        page.add("This bold sentence ends with a stop.", size: 10, bold: true, gapAfter: 1)
        page.paragraph(6)
        #expect(HeadingDetector().headings(in: page.lines).isEmpty)
    }

    @Test(arguments: [("2.3 Results", 2), ("2. Methods", 1), ("IV. Discussion", 1), ("A. Appendix", 1), ("1.2.3.4 Deep", 4),
                      ("A.3.1 Intel MKL", 3), ("5.4.3.6.1 Display numbers", 5), ("1.2.3.4.5.6.7 Too deep", nil),
                      ("2023 Annual report", nil), ("3.5 kg of salt", nil), ("I think so", nil), ("12,5 Prozent", nil)] as [(String, Int?)])
    func numberingGivesTheDepth(text: String, depth: Int?) {
        #expect(HeadingNumbering.depth(of: text) == depth)
    }

    @Test(arguments: [("8.2 verbatim", 2), ("3.1 pythontex", 2), ("3.5 kg of salt", 2), ("2023 annual report", nil), ("verbatim", nil),
                      ("4.13.4.2 _phi", 4), ("3.1 __init__", 2), ("3.1 _", nil), ("3.1 _2", nil)]
          as [(String, Int?)])
    func aLineSetApartAsAHeadingMayHaveALowerCaseTitleAfterItsNumber(text: String, depth: Int?) {
        #expect(HeadingNumbering.depth(of: text, lowercaseTitle: true) == depth)
        #expect(HeadingNumbering.depth(of: text) == nil)
    }

    @Test func japaneseHeadingsOfTwoOrThreeCharactersAreHeadings() {
        var page = PageBuilder(page: 0)
        page.section("3 使い方", size: 14, bold: true, gapAfter: 0.8)
        page.section("3.4 起動", size: 12)
        page.section("3.5 複数行", size: 12)
        // Two Latin letters are still too few, and figures are still not a heading.
        page.section("3.6 AB", size: 12)
        page.section("12 345 678 9", size: 12)
        let headings = HeadingDetector().headings(in: page.lines)
        #expect(headings.map(\.title) == ["3 使い方", "3.4 起動", "3.5 複数行"])
        #expect(headings.map(\.level) == [0, 1, 1])
    }

    @Test func sectionsNamedAfterCommandsAreHeadingsWhenBoldOrLarge() {
        var page = PageBuilder(page: 0)
        page.section("8 Packages", size: 14, bold: true, gapAfter: 0.8)
        // DocBook and Sphinx manuals name sections after the package or command they describe.
        page.section("8.1 verbatim", size: 12, bold: true)
        page.section("8.2 pythontex", size: 10, bold: true)
        // The same shape at the body size in the body's face is a quantity starting a line.
        page.section("3.5 kg of salt", size: 10, gapAfter: 1.2)
        let headings = HeadingDetector().headings(in: page.lines)
        #expect(headings.map(\.title) == ["8 Packages", "8.1 verbatim", "8.2 pythontex"])
        #expect(headings.map(\.level) == [0, 1, 1])
    }

    @Test func heavyStrokesMakeARecognizedLineBold() {
        var page = PageBuilder(page: 0)
        page.paragraph(8)
        page.add("Buildbot Automation", size: 10, bold: nil, gapAfter: 0.8)
        page.paragraph(8)
        // Recognized text: no weight, strokes measured; the heading's are 1.6 times the body's.
        let lines = page.lines.map { line -> HeadingLine in
            var copy = line
            copy.isBold = nil
            copy.stroke = line.text == "Buildbot Automation" ? 0.16 : 0.1
            return copy
        }
        #expect(HeadingDetector().headings(in: lines).map(\.title) == ["Buildbot Automation"])
        let unmeasured = lines.map { line -> HeadingLine in
            var copy = line
            copy.stroke = nil
            return copy
        }
        #expect(HeadingDetector().headings(in: unmeasured).isEmpty)
    }

    @Test func labelsThatRepeatAreNotHeadings() {
        var page = PageBuilder(page: 0)
        page.add("Installation", size: 12, bold: true, gapAfter: 0.8)
        page.paragraph(4)
        page.add("Note", size: 10, bold: true, gapAfter: 0.8)
        page.paragraph(3)
        page.add("Requirements", size: 10, bold: true, gapAfter: 0.8)
        page.paragraph(3)
        page.add("Note", size: 10, bold: true, gapAfter: 0.8)
        page.paragraph(3)
        page.add("Removal", size: 12, bold: true, gapAfter: 0.8)
        page.paragraph(4)
        // "Requirements" appears once: a body-size bold line alone is still taken.
        #expect(HeadingDetector().headings(in: page.lines).map(\.title) == ["Installation", "Requirements", "Removal"])
    }

    @Test func anAdmonitionsTitleIsNotAHeadingEvenOnce() {
        var page = PageBuilder(page: 0)
        page.section("Installation", size: 12, bold: true, gapAfter: 0.8, lines: 4)
        page.section("Warning", size: 10, bold: true, gapAfter: 0.8)
        page.section("See also:", size: 10, bold: true, gapAfter: 0.8)
        page.section("Removal", size: 12, bold: true, gapAfter: 0.8, lines: 4)
        #expect(HeadingDetector().headings(in: page.lines).map(\.title) == ["Installation", "Removal"])
    }

    @Test func aChapterLabelSetAboveItsTitleIsNotAnEntryButAChapterLabelAloneIs() {
        var sphinx = PageBuilder(page: 0)
        sphinx.add("CHAPTER", size: 10, bold: true, gapAfter: 0.8)
        sphinx.add("TWO", size: 14.3, bold: true, gapAfter: 0.8)
        sphinx.add("KNOWLEDGE BASE", size: 14.3, bold: true, gapAfter: 1.5)
        sphinx.add("2.1 Communication", size: 14.3, bold: true, gapAfter: 0.8)
        sphinx.paragraph(4)
        sphinx.add("2.1.1 Mailing lists", size: 12, bold: true, gapAfter: 0.8)
        sphinx.paragraph(6)
        #expect(HeadingDetector().headings(in: sphinx.lines).map(\.title)
                == ["KNOWLEDGE BASE", "2.1 Communication", "2.1.1 Mailing lists"])
        // A chapter named only by its number, its sections on the next page.
        var first = PageBuilder(page: 0)
        first.add("Chapter 1", size: 18, bold: true, gapAfter: 1.5)
        first.paragraph(12)
        var second = PageBuilder(page: 1)
        second.add("Paragraph 1.1", size: 14, bold: true, gapAfter: 0.8)
        second.paragraph(12)
        #expect(HeadingDetector().headings(in: first.lines + second.lines).map(\.title) == ["Chapter 1", "Paragraph 1.1"])
    }

    @Test(arguments: [("CHAPTER", true), ("TWO", true), ("Chapter 2", true), ("Part IV", true), ("Annexe B", true),
                      ("Chapter 2: Results", false), ("Knowledge Base", false), ("Two Cities", false), ("IV", false)])
    func chapterLabelsAreTold(text: String, isLabel: Bool) {
        #expect(HeadingLabels.isDivisionLabel(text) == isLabel)
    }

    @Test func aNumberedListItemRunningOnIsNotAHeading() {
        var page = PageBuilder(page: 0)
        page.add("2 Names", size: 14, bold: true, gapAfter: 0.8)
        page.paragraph(3)
        // A list item: numbered like a section, but its line runs on into the next one.
        page.add("1 A syntactic name is a string the parser reads as this type of expression and", size: 10,
                 gapAfter: 0.2)
        page.add("goes on in the line below it until the item ends", size: 10, gapAfter: 1.2)
        page.paragraph(3)
        page.add("2.1 Valid names", size: 10, bold: true, gapAfter: 0.3)
        page.paragraph(3)
        #expect(HeadingDetector().headings(in: page.lines).map(\.title) == ["2 Names", "2.1 Valid names"])
    }

    @Test func codeInATypewriterFaceIsNotAHeading() {
        var page = PageBuilder(page: 0)
        page.add("Schema syntax", size: 12, bold: true, gapAfter: 0.8)
        page.paragraph(3)
        page.add("DEFINITIONS EXPLICIT TAGS", size: 10, gapAfter: 0.8, monospace: true)
        page.add("BEGIN", size: 10, gapAfter: 0.8, monospace: true)
        page.paragraph(3)
        #expect(HeadingDetector().headings(in: page.lines).map(\.title) == ["Schema syntax"])
    }

    @Test func anUnnumberedChapterTitleSitsAboveSectionsNumberedFromTheSecondDepth() {
        var page = PageBuilder(page: 0)
        page.add("Knowledge Base", size: 14, bold: true, gapAfter: 2)
        page.add("2.1 Communication", size: 14, bold: true, gapAfter: 0.8)
        page.paragraph(4)
        page.add("2.1.1 Mailing lists", size: 12, bold: true, gapAfter: 0.8)
        page.paragraph(4)
        page.add("2.2 The debian directory", size: 14, bold: true, gapAfter: 0.8)
        page.paragraph(4)
        let headings = HeadingDetector().headings(in: page.lines)
        #expect(headings.map(\.title) == ["Knowledge Base", "2.1 Communication", "2.1.1 Mailing lists", "2.2 The debian directory"])
        #expect(headings.map(\.level) == [0, 1, 2, 1])
    }
}
