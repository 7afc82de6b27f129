@testable import Headings
import PDF
import Testing
import TestSupport

/// Typographic conventions the heading detector reads, each on a synthetic page and on a real
/// born-digital document of the corpus: short titles after long section numbers, list items
/// numbered "1." in the body's face, and bold headings that start in lower case.
@Suite struct HeadingConventionsTests {
    /// Lines set one under another from the top of a 792 pt page, 10 pt body text.
    private struct Page {
        var y = 740.0
        var lines: [HeadingLine] = []

        mutating func add(_ text: String, size: Double = 10, bold: Bool? = false, stroke: Double? = nil, gapAfter: Double = 0.3) {
            lines.append(HeadingLine(text: text, page: 0, left: 72, right: 72 + Double(text.count) * size * 0.5, top: y,
                                     bottom: y - size, size: size, isBold: bold, stroke: stroke, pageHeight: 792))
            y -= size * (1 + gapAfter)
        }

        mutating func paragraph(_ count: Int = 3) {
            for index in 0..<count {
                add("Body text of the manual goes on here and fills the line to its very end \(index)",
                    gapAfter: index == count - 1 ? 1.2 : 0.2)
            }
        }
    }

    /// The headings `legible ocr --outline` finds on pages `pages` of a corpus file's own text.
    private func headings(in path: String, pages: Range<Int>) throws -> [String] {
        let document = try PDFDocument(bytes: Fixtures.bytes(Fixtures.corpus(path)), password: nil)
        let all = try document.pages()
        try #require(all.count >= pages.upperBound)
        let lines = OutlineFromHeadings.lines(ofTextOn: Array(all[pages]), in: document)
        try #require(!lines.isEmpty)
        return HeadingDetector().headings(in: lines).map(\.title)
    }

    @Test func aShortTitleAfterALongSectionNumberIsAHeading() {
        var page = Page()
        page.add("9.3 Commands", size: 13, bold: true, gapAfter: 0.8)
        page.paragraph()
        // Doxygen and texinfo manuals: the number has more figures than the title has letters.
        page.add("9.3.37 resize", size: 12, gapAfter: 0.6)
        page.paragraph()
        page.add("4.13.3.1 build_norm()", bold: true, gapAfter: 0.6)
        page.paragraph()
        // A row of figures is still not a heading.
        page.add("9.3 12 345 678 9", size: 12, gapAfter: 0.6)
        page.paragraph()
        #expect(HeadingDetector().headings(in: page.lines).map(\.title) == ["9.3 Commands", "9.3.37 resize", "4.13.3.1 build_norm()"])
    }

    @Test func aListItemNumberedWithAStopInTheBodysFaceIsNotAHeading() {
        var page = Page()
        page.add("11.4 Using the server", size: 12, bold: true, gapAfter: 0.8)
        page.paragraph()
        page.add("1. Start the server using", gapAfter: 0.8)
        page.add("2. Start the editor using", gapAfter: 0.8)
        page.paragraph()
        // The same numbering set bold, or a section number without a stop, still marks a heading.
        page.add("2. Methods", bold: true, gapAfter: 0.8)
        page.paragraph()
        page.add("3 Results", gapAfter: 0.8)
        page.paragraph()
        #expect(HeadingDetector().headings(in: page.lines).map(\.title) == ["11.4 Using the server", "2. Methods", "3 Results"])
    }

    @Test func aLowerCaseLineIsAHeadingOnlyWhenItsFontIsBold() {
        var page = Page()
        page.add("In production", size: 18, bold: true, gapAfter: 0.8)
        page.paragraph()
        page.add("xpcshell (X)", bold: true, gapAfter: 0.6)
        page.paragraph()
        page.add("crashtest (C)", bold: false, gapAfter: 0.6)
        page.paragraph()
        #expect(HeadingDetector().headings(in: page.lines).map(\.title) == ["In production", "xpcshell (X)"])
        // Recognized text: the same line only measured heavier (its weight read from strokes)
        // is not enough to start a heading in lower case.
        let recognized = page.lines.map { line -> HeadingLine in
            var copy = line
            copy.isBold = nil
            copy.stroke = line.isBold == true ? 0.16 : 0.1
            return copy
        }
        #expect(HeadingDetector().headings(in: recognized).map(\.title) == ["In production"])
    }

    @Test func boldLowerCaseSectionsOfARealManualAreHeadings() throws {
        // pdf.js's test document names its sections after the test suites, in lower case.
        let titles = try headings(in: "pdf/pdfjs/file_pdfjs_test.pdf", pages: 0..<2)
        for title in ["In production", "buildbot automation", "compiled-code (B)", "xpcshell (X)", "crashtest (C)", "reftest (R)",
                      "Mochitest (M)"] {
            #expect(titles.contains(title), "missing \(title) in \(titles)")
        }
        #expect(!titles.contains { $0.hasPrefix("Written in C++") || $0.hasPrefix("These tests") })
    }

    @Test func lettersOfARealFormsListedChoicesAreNotHeadings() throws {
        // A Massachusetts court form lists its choices "A." to "C." in the body's face.
        let titles = try headings(in: "forms-large/src/ma_seal_eviction.pdf", pages: 0..<2)
        #expect(titles.contains("CASE DISPOSITION (RESULT)"))
        #expect(!titles.contains { $0.hasPrefix("B. ") || $0.hasPrefix("C. ") })
    }
}

/// Running heads that carry the page number, as recognized text joins them into one line.
@Suite struct FolioLineTests {
    /// Four book pages: a running head with the folio at its start (even pages) or end (odd
    /// pages) 11 % below the top edge, then a section and its text.
    private func pages(firstFolio: Int) -> [HeadingLine] {
        var lines: [HeadingLine] = []
        for page in 0..<4 {
            let folio = firstFolio + page
            let head = page % 2 == 0 ? "\(folio) CHAPTER 2. INTRODUCTION" : "2.2. C++'S HISTORY \(folio)"
            lines.append(HeadingLine(text: head, page: page, left: 72, right: 520, top: 748, bottom: 740, size: 10,
                                     isBold: false, pageHeight: 842))
            lines.append(HeadingLine(text: "2.\(page + 1) Section \(page + 1)", page: page, left: 72, right: 200, top: 700,
                                     bottom: 688, size: 12, isBold: true, pageHeight: 842))
            for row in 0..<6 {
                let top = 670.0 - Double(row) * 12
                lines.append(HeadingLine(text: "Body text of the book goes on here and fills the line to its very end \(row)",
                                         page: page, left: 72, right: 520, top: top, bottom: top - 10, size: 10,
                                         isBold: false, pageHeight: 842))
            }
        }
        return lines
    }

    @Test func headsWhoseNumberGoesUpWithThePagesAreNotHeadings() {
        let titles = HeadingDetector().headings(in: pages(firstFolio: 4)).map(\.title)
        #expect(titles == ["2.1 Section 1", "2.2 Section 2", "2.3 Section 3", "2.4 Section 4"])
    }

    @Test func chaptersOpeningTheirPagesInStepWithThePagesStayHeadings() {
        // "1 Introduction" on the first page, "2 Structures" on the second: numbered in step
        // with the pages, but set a step up the type scale, as running heads never are.
        var lines: [HeadingLine] = []
        for (page, title) in ["1 Introduction", "2 Structures"].enumerated() {
            lines.append(HeadingLine(text: title, page: page, left: 72, right: 300, top: 760, bottom: 740, size: 17,
                                     isBold: true, pageHeight: 842))
            for row in 0..<8 {
                let top = 700.0 - Double(row) * 12
                lines.append(HeadingLine(text: "Body text of the manual goes on here and fills the line to its end \(row)",
                                         page: page, left: 72, right: 520, top: top, bottom: top - 10, size: 10,
                                         isBold: false, pageHeight: 842))
            }
        }
        #expect(HeadingDetector().headings(in: lines).map(\.title) == ["1 Introduction", "2 Structures"])
    }

    @Test(arguments: ["AVERTISSEMENT", "Remarque", "Voir aussi :", "Hinweis", "Siehe auch"])
    func frenchAndGermanAdmonitionTitlesAreLabels(text: String) {
        #expect(HeadingLabels.isAdmonition(text))
    }
}

/// Lines set apart by weight alone, as recognized text measures it from strokes.
@Suite struct BoldBlockTests {
    /// A recognized line: no weight known, its strokes `stroke` (the body's are 0.14).
    private func line(_ text: String, top: Double, size: Double = 10, stroke: Double) -> HeadingLine {
        HeadingLine(text: text, page: 0, left: 72, right: 72 + Double(text.count) * size * 0.5, top: top, bottom: top - 0.75 * size,
                    size: size, isBold: nil, stroke: stroke, pageHeight: 792)
    }

    private func paragraph(from top: Double, lines count: Int) -> [HeadingLine] {
        (0..<count).map { row in
            line("Body text of the manual goes on here and fills the line to its very end \(row)", top: top - Double(row) * 12,
                 stroke: 0.14)
        }
    }

    @Test func aBlockOfHeavyLinesIsNotAHeading() {
        // Sphinx's code block read from a scan: a typewriter face's even strokes read as bold,
        // a blank line in the block setting its first lines apart.
        var lines = paragraph(from: 740, lines: 4)
        lines.append(line("Configuration Files", top: 680, size: 10, stroke: 0.22))
        lines += paragraph(from: 660, lines: 3)
        let code = ["<!ELEMENT result EMPTY>", "<!ATTLIST result status CDATA #REQUIRED>", "<!ATTLIST result time CDATA #IMPLIED>"]
        for (row, text) in code.enumerated() { lines.append(line(text, top: 600 - Double(row) * 12, stroke: 0.22)) }
        lines.append(line("<!ELEMENT undone EMPTY>", top: 550, stroke: 0.22))
        lines.append(line("<!ELEMENT unedited EMPTY>", top: 538, stroke: 0.22))
        lines += paragraph(from: 500, lines: 4)
        #expect(HeadingDetector().headings(in: lines).map(\.title) == ["Configuration Files"])
    }
}
