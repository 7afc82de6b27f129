@testable import Headings
import PDF
import Testing
import TestSupport

/// Lines set like headings that are rows of a form or field lines: things set side by side
/// that the line finder joined into one line, labels and lead-ins ending in a colon, fields
/// and their values.
@Suite struct HeadingConventionsRowsTests {
    /// A synthetic recognized page: 10 pt body text, lines placed top-down from `y`.
    private struct Sheet {
        var y = 740.0
        var lines: [HeadingLine] = []

        /// A line of `words` with `gaps` (in points) between them (word spaces when empty).
        mutating func add(_ words: [String], size: Double = 10, bold: Bool = false, gaps: [Double] = [], after: Double = 0.3) {
            let spaces = gaps.isEmpty ? Array(repeating: size * 0.3, count: max(0, words.count - 1)) : gaps
            let width = Double(words.joined().count) * size * 0.5 + spaces.reduce(0, +)
            lines.append(HeadingLine(text: words.joined(separator: " "), page: 0, left: 72, right: 72 + width, top: y,
                                     bottom: y - size, size: size, isBold: bold, wordGaps: spaces, pageHeight: 792))
            y -= size * (1 + after)
        }

        mutating func paragraph() {
            for row in 0..<3 {
                add("Body text of the report goes on here and fills the line to its very end \(row)".split(separator: " ").map(String.init),
                    after: row == 2 ? 1.2 : 0.2)
            }
        }
    }

    private func titles(_ sheet: Sheet) -> [String] { HeadingDetector().headings(in: sheet.lines).map(\.title) }

    @Test func aRowOfLabelsSetSideBySideIsNotAHeading() {
        var sheet = Sheet()
        sheet.add(["PETITIONER’S", "INFORMATION"], size: 10, bold: true, after: 1)
        sheet.paragraph()
        // Three cells' labels of a form, each at its box's left edge: 60-170 pt apart.
        sheet.add(["PLAINTIFF", "DEFENDANT", "DEFENDANT"], bold: true, gaps: [168, 120], after: 1)
        sheet.paragraph()
        sheet.add(["City", "State", "ZIP"], size: 12, gaps: [113, 60], after: 1)
        sheet.paragraph()
        #expect(titles(sheet) == ["PETITIONER’S INFORMATION"])
    }

    @Test func aTabAfterASectionNumberOrAWideWordSpaceKeepsTheHeading() {
        var sheet = Sheet()
        // A word processor's tab after the number, a justified display line's wide spaces.
        sheet.add(["2.3", "Results"], bold: true, gaps: [36], after: 1)
        sheet.paragraph()
        sheet.add(["SUMMARY", "OF", "FINDINGS"], gaps: [9, 9], after: 1)
        sheet.paragraph()
        #expect(titles(sheet) == ["2.3 Results", "SUMMARY OF FINDINGS"])
    }

    @Test func labelsLeadInsAndFieldsAreNotHeadings() {
        var sheet = Sheet()
        sheet.add(["NOM,", "Prénom(s)", "du", "demandeur", ":"], bold: true, after: 1)
        sheet.paragraph()
        sheet.add(["The", "files", "created", "by", "the", "tool", "are:"], bold: true, after: 1)
        sheet.paragraph()
        sheet.add(["Package:", "hello"], bold: true, after: 1)
        sheet.paragraph()
        // Numbered, or set larger than the body, the colon does not matter.
        sheet.add(["2.", "Adresse", "du", "chantier", ":"], bold: true, after: 1)
        sheet.paragraph()
        sheet.add(["Part", "One:", "The", "Method"], size: 14, after: 1)
        sheet.paragraph()
        #expect(titles(sheet) == ["2. Adresse du chantier :", "Part One: The Method"])
    }

    @Test func theLabelsOfARealFormAreNotHeadings() throws {
        // The French "attestation de travaux": its numbered sections are headings, the bold
        // labels of its fields ("NOM, Prénom(s) du demandeur :") are not.
        let document = try PDFDocument(bytes: Fixtures.bytes(Fixtures.corpus("forms-large/src/ppf_full_key.pdf")), password: nil)
        let lines = OutlineFromHeadings.lines(ofTextOn: [try #require(try document.pages().first)], in: document)
        try #require(!lines.isEmpty)
        let titles = HeadingDetector().headings(in: lines).map(\.title)
        #expect(titles.contains { $0.hasPrefix("1. Identit") }, "\(titles)")
        #expect(!titles.contains { $0.hasPrefix("NOM, Pr") }, "\(titles)")
    }

    @Test func captionsAndFullWidthSentencesAreNotHeadings() {
        var sheet = Sheet()
        sheet.add(["Drawing", "paths"], size: 14, bold: true, after: 1)
        sheet.paragraph()
        // A figure's caption set larger than the body, a Japanese sentence and clause ending
        // in their full-width marks, read as bold.
        sheet.add(["Figure", "10-1:", "a", "hand"], size: 13, after: 1)
        sheet.paragraph()
        sheet.add(["AMC", "の", "バージョン", "で", "修正", "されています。"], bold: true, after: 1)
        sheet.paragraph()
        sheet.add(["ANSIA、ANSIB、"], bold: true, after: 1)
        sheet.paragraph()
        #expect(titles(sheet) == ["Drawing paths"])
    }

    @Test func identifiersNamingNumberedSectionsAreHeadings() {
        // A Doxygen reference manual: each member's section is numbered and named after the
        // member, which may start with an underscore.
        var sheet = Sheet()
        sheet.add(["4.13.4", "Member", "Data", "Documentation"], size: 12, bold: true, after: 1)
        sheet.paragraph()
        sheet.add(["4.13.4.2", "_phi"], bold: true, after: 1)
        sheet.paragraph()
        sheet.add(["4.13.4.3", "__theta"], bold: true, after: 1)
        sheet.paragraph()
        #expect(titles(sheet) == ["4.13.4 Member Data Documentation", "4.13.4.2 _phi", "4.13.4.3 __theta"])
    }

    @Test(arguments: ["Figure 10-1: a hand", "Fig. 3 Results", "Table IV. Totals", "Tableau 2 : coûts", "Abbildung 5"])
    func captionsAreRead(text: String) {
        #expect(HeadingLabels.isCaption(text))
    }

    @Test(arguments: ["Figures and tables", "Table of contents", "Figure", "Tables 1999"])
    func titlesAreNotCaptions(text: String) {
        #expect(!HeadingLabels.isCaption(text))
    }

    @Test(arguments: ["Name:", "NOM, Prénom(s) du demandeur :", "Standards-Version: 3.9.5", "Build-Depends: debhelper (>= 7)"])
    func leadInsAndFieldsAreRead(text: String) {
        #expect(HeadingLabels.isLeadInOrField(text))
    }

    @Test(arguments: ["Results", "2.3 Results", "Is it low-level code?", "C++: advantages and claims", "12:30 Lunch", ": x"])
    func titlesAreNotLeadIns(text: String) {
        #expect(!HeadingLabels.isLeadInOrField(text))
    }
}
