import Foundation
import PDF
import PDFText
import Testing
import TestSupport

/// `SearchHit`: a phrase's occurrences in display space, as `legible search` prints them,
/// checked against poppler's word boxes (`pdftotext -bbox`, also top-left and y down).
@Suite struct SearchHitTests {
    /// The first page of `name` and its text.
    private func firstPage(_ name: String) throws -> (PDFPage, PageText) {
        let document = try PDFDocument(bytes: Fixtures.bytes(Fixtures.sample(name)))
        let page = try #require(try document.pages().first)
        return (page, try TextExtractor(document: document).text(of: page))
    }

    /// poppler's box of the first word `word` on page 1.
    private func popplerBox(_ word: String, in name: String) throws -> [Double] {
        let result = try Tool.run("pdftotext", ["-bbox", "-f", "1", "-l", "1", Fixtures.sample(name).path, "-"])
        #expect(result.status == 0)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasSuffix(">\(word)</word>") })
        return ["xMin", "yMin", "xMax", "yMax"].compactMap { key in
            line.range(of: "\(key)=\"").flatMap { start in Double(line[start.upperBound...].prefix { $0 != "\"" }) }
        }
    }

    @Test func aWordsBoxIsWherePopplerPutsIt() throws {
        let (page, text) = try firstPage("born-digital.pdf")
        let hits = SearchHit.hits(of: "Library", on: page, text: text, ignoringCase: false)
        let hit = try #require(hits.first)
        #expect(hit.page == 1 && hit.text == "Library")
        let expected = try popplerBox("Library", in: "born-digital.pdf")
        #expect(expected.count == 4 && hit.boxes.count == 1)
        // Horizontal edges agree to the glyph; vertical ones differ by the font's ascent rules.
        #expect(abs(hit.boxes[0][0] - expected[0]) < 1 && abs(hit.boxes[0][2] - expected[2]) < 1)
        #expect(hit.boxes[0][1] < expected[3] && hit.boxes[0][3] > expected[1])
    }

    @Test func aPhraseRunsOverWordsAndIgnoresCaseWhenAsked() throws {
        let (page, text) = try firstPage("born-digital.pdf")
        let pattern = TextSearch.pattern("  municipal \n LIBRARY ")
        #expect(pattern == "municipal LIBRARY")
        #expect(SearchHit.hits(of: pattern, on: page, text: text, ignoringCase: false).isEmpty)
        let hit = try #require(SearchHit.hits(of: pattern, on: page, text: text, ignoringCase: true).first)
        #expect(hit.text == "Municipal Library")
        #expect(TextSearch.pattern(" \t\n").isEmpty)
    }

    @Test func bothPrintedFormsCarryTheSameHit() throws {
        let hit = SearchHit(page: 2, text: "say \"hi\"", boxes: [[1, 2.5, 3, 4], [5, 6, 7, 8.25]])
        #expect(hit.tabSeparatedLine == "2\t1.0 2.5 3.0 4.0; 5.0 6.0 7.0 8.25\tsay \"hi\"")
        let json = try hit.jsonObject()
        #expect(json == #"{"page":2,"text":"say \"hi\"","boxes":[[1.0,2.5,3.0,4.0],[5.0,6.0,7.0,8.25]]}"#)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(decoded["text"] as? String == "say \"hi\"")
    }

    @Test func textJSONWordsAreInDisplaySpace() throws {
        let (page, text) = try firstPage("rotated.pdf")
        let frame = PageFrame(page)
        let entry = TextPageJSON(page: page, text: text.text, words: text.words.map { TextWordJSON($0, in: frame) })
        #expect(entry.rotation == 90 && entry.page == 1)
        let size = frame.displaySize
        #expect(entry.width == size.width && entry.height == size.height)
        for word in entry.words {
            #expect(word.box[0] >= -1 && word.box[2] <= entry.width + 1 && word.box[1] >= -1 && word.box[3] <= entry.height + 1)
        }
        let recognized = TextWordJSON.recognized("w", box: PDFRect(0, 0, 10, 10), in: frame)
        #expect(recognized.ocr && recognized.visible && recognized.font.isEmpty && recognized.size == 0)
    }
}
