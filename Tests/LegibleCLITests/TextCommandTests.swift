import Foundation
import PDF
import PDFText
import Testing
@testable import LegibleCLI
import TestSupport

/// `legible text` and `legible search`, run as the user runs them.
struct TextCommandTests {
    private func legible(_ arguments: [String]) throws -> ToolResult {
        try LegibleBinary.requireBuilt()
        return try Tool.run(LegibleBinary.url.path, arguments, environment: ["OMP_THREAD_LIMIT": "1"])
    }

    @Test func textPrintsEachPageWithAFormFeed() throws {
        let sample = Fixtures.sample("two-pages.pdf")
        let result = try legible(["text", Fixtures.sample("born-digital.pdf").path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Municipal Library Bulletin\nThis page was typeset"))
        #expect(result.stdout.hasSuffix("\u{0C}"))
        let document = try PDFDocument(bytes: Fixtures.bytes(sample))
        let pages = try document.pages().count
        let twoPages = try legible(["text", sample.path])
        #expect(twoPages.stdout.filter { $0 == "\u{0C}" }.count == pages)
        let second = try legible(["text", "--pages", "2", sample.path])
        #expect(second.stdout.filter { $0 == "\u{0C}" }.count == 1)
    }

    @Test func jsonGivesWordsWithBoxesLikePdftotext() throws {
        let sample = Fixtures.sample("born-digital.pdf")
        let result = try legible(["text", "--json", sample.path])
        let json = try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        let words = try #require(pages.first?["words"] as? [[String: Any]])
        let first = try #require(words.first)
        #expect(first["text"] as? String == "Municipal")
        #expect(first["font"] as? String == "Helvetica-Bold")
        #expect(first["visible"] as? Bool == true)
        let box = try #require(first["box"] as? [Double])
        let poppler = try #require(try Tool.wordBoxes(sample).first)
        #expect(abs(box[0] - poppler.x0) < 1 && abs(box[2] - poppler.x1) < 1)
        #expect(abs(box[1] - poppler.y0) < 2.5 && abs(box[3] - poppler.y1) < 2.5)
    }

    @Test func searchPrintsPagesAndBoxesOfMatches() throws {
        let sample = Fixtures.sample("born-digital.pdf").path
        let exact = try legible(["search", sample, "READING ROOM"])
        #expect(exact.status == 1 && exact.stdout.isEmpty, "no match: exit 1, as grep")
        let found = try legible(["search", "-i", sample, "READING   room"])
        let fields = found.stdout.split(separator: "\t")
        #expect(fields.count == 3 && fields[0] == "1")
        #expect(fields[2] == "reading room\n")
        #expect(fields[1].split(separator: " ").compactMap { Double($0) }.count == 4)
        let json = try legible(["search", "--json", sample, "already carries"])
        let matches = try #require(try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]])
        #expect((matches.first?["boxes"] as? [[Double]])?.count == 2, "a match over a line end has a box per line")
    }

    @Test func exitCodesOfTextAndSearch() throws {
        let folder = try TemporaryDirectory()
        let notPDF = folder.file("x.pdf")
        try Data("hello".utf8).write(to: notPDF)
        let locked = folder.file("locked.pdf")
        try Tool.run("qpdf", ["--encrypt", "u", "o", "256", "--", Fixtures.sample("born-digital.pdf").path, locked.path])
        #expect(try legible(["text"]).status == ExitCode.badArguments.rawValue)
        #expect(try legible(["text", "--pages", "0", locked.path]).status == ExitCode.badArguments.rawValue)
        #expect(try legible(["search", locked.path]).status == ExitCode.badArguments.rawValue)
        #expect(try legible(["text", folder.file("absent.pdf").path]).status == ExitCode.fileAccess.rawValue)
        #expect(try legible(["text", notPDF.path]).status == ExitCode.badInput.rawValue)
        #expect(try legible(["text", locked.path]).status == ExitCode.encrypted.rawValue)
        let opened = try legible(["text", "--password", "u", locked.path])
        #expect(opened.status == 0 && opened.stdout.hasPrefix("Municipal"))
        #expect(try legible(["help", "search"]).stdout.hasPrefix("legible search FILE PATTERN"))
    }

    @Test func ocrRecognizesPagesWithoutTextOnTheFly() throws {
        let mixed = Fixtures.sample("mixed.pdf")
        let plain = try legible(["text", mixed.path])
        #expect(plain.stdout.contains("Harbour") && !plain.stdout.contains("Beekeeping"), "the scanned page has no text")
        let live = try legible(["text", "--ocr", mixed.path])
        #expect(live.status == 0)
        let pages = live.stdout.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        #expect(pages.count == 3 && pages[0].contains("Harbour") && pages[1].contains("Beekeeping") && pages[1].contains("Lavender"))
        let json = try legible(["text", "--ocr", "--json", "--pages", "2", mixed.path])
        let object = try #require(try JSONSerialization.jsonObject(with: json.output) as? [String: Any])
        let words = try #require((object["pages"] as? [[String: Any]])?.first?["words"] as? [[String: Any]])
        #expect(words.contains { $0["text"] as? String == "hawthorn" && $0["ocr"] as? Bool == true })
        let modified = try FileManager.default.attributesOfItem(atPath: mixed.path)[.modificationDate] as? Date
        #expect(modified.map { Date().timeIntervalSince($0) > 5 } ?? true, "nothing is written")
        #expect(try legible(["text", "-l", "eng", mixed.path]).status == ExitCode.badArguments.rawValue)
    }

    @Test func searchMatchesRunAcrossWordsAndLines() throws {
        func word(_ text: String, _ x: Double, _ y: Double) -> TextWord {
            TextWord(text: text, box: PDFRect(x, y, x + 20, y + 10), fontSize: 10, fontName: "F", renderMode: 0, isVisible: true)
        }
        let lines = [TextLine(words: [word("Terms", 0, 100), word("of", 30, 100)], box: PDFRect(0, 100, 50, 110)),
                     TextLine(words: [word("use.", 0, 80), word("Terms", 30, 80)], box: PDFRect(0, 80, 50, 90))]
        let matches = TextSearch.matches(of: "of use", in: lines, ignoringCase: false)
        #expect(matches.count == 1 && matches[0].text == "of use." && matches[0].boxes.count == 2)
        #expect(TextSearch.matches(of: "terms", in: lines, ignoringCase: true).count == 2)
        #expect(TextSearch.matches(of: "terms", in: lines, ignoringCase: false).isEmpty)
    }
}
