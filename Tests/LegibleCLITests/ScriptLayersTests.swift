import Foundation
import Testing
import TestSupport

/// Hebrew and Japanese scans recognized by the real engine: the layer reads in logical order in
/// poppler and MuPDF, with no spaces between Japanese segments, and a phrase is found by
/// `legible search`. These need the Hebrew and Japanese models (`make models LANGS="heb jpn"`);
/// without them they are skipped, and say so.
struct ScriptLayersTests {
    /// Whether Debian's Tesseract model for `language` is installed.
    private static func hasModel(_ language: String) -> Bool {
        let roots = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"]
        return roots.contains { FileManager.default.fileExists(atPath: "\($0)/\(language).traineddata") }
    }

    private func recognize(_ sample: String, language: String, folder: TemporaryDirectory) throws -> URL {
        try LegibleBinary.requireBuilt()
        let output = folder.file("out.pdf")
        let result = try Tool.run(LegibleBinary.url.path, ["ocr", "-q", "-l", language, Fixtures.sample(sample).path, output.path],
                                  environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        return output
    }

    /// The non-blank lines of a text (the two printed lines stand far enough apart to be blocks).
    private func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "\u{0C}" }
    }

    /// Poppler wraps right-to-left lines in bidi embedding marks; they are not text.
    private func plain(_ text: String) -> String {
        String(text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }.map(Character.init))
    }

    @Test(.enabled(if: hasModel("heb"), "needs the Hebrew model: make models LANGS=heb"))
    func hebrewScanReadsInLogicalOrder() throws {
        let folder = try TemporaryDirectory()
        let url = try recognize("hebrew.png", language: "heb", folder: folder)
        #expect(try Tool.qpdfCheck(url) == 0)
        let poppler = plain(try Tool.pdftotext(url))
        #expect(poppler.contains("הספרייה העירונית פתוחה בכל יום"), "pdftotext: \(poppler)")
        let mupdf = try Tool.run("mutool", ["draw", "-q", "-F", "txt", url.path]).stdout
        #expect(mupdf.contains("הספרייה העירונית פתוחה בכל יום"), "mutool: \(mupdf)")
        // Legible's own text extraction reads its mirrored layer back in logical order, lines in order.
        let own = try lines(Tool.run(LegibleBinary.url.path, ["text", url.path]).stdout)
        #expect(own == ["הספרייה העירונית פתוחה בכל יום", "שלום עולם ברוכים הבאים"], "legible text: \(own)")
        let search = try Tool.run(LegibleBinary.url.path, ["search", url.path, "ברוכים הבאים"])
        #expect(search.status == 0 && search.stdout.hasPrefix("1\t"), "search: \(search.stdout) \(search.stderr)")
    }

    @Test(.enabled(if: hasModel("jpn"), "needs the Japanese model: make models LANGS=jpn"))
    func japaneseScanHasNoSpacesBetweenSegments() throws {
        let folder = try TemporaryDirectory()
        let url = try recognize("japanese.png", language: "jpn", folder: folder)
        #expect(try Tool.qpdfCheck(url) == 0)
        let poppler = try Tool.pdftotext(url)
        #expect(poppler.contains("市立図書館は毎朝八時に開きます"), "pdftotext: \(poppler)")
        let mupdf = try Tool.run("mutool", ["draw", "-q", "-F", "txt", url.path]).stdout
        #expect(mupdf.contains("市立図書館は毎朝八時に開きます"), "mutool: \(mupdf)")
        let own = try lines(Tool.run(LegibleBinary.url.path, ["text", url.path]).stdout)
        #expect(own == ["市立図書館は毎朝八時に開きます。", "今日は良い天気です。"], "legible text: \(own)")
        let search = try Tool.run(LegibleBinary.url.path, ["search", url.path, "市立図書館"])
        #expect(search.status == 0 && search.stdout.hasPrefix("1\t"), "search: \(search.stdout) \(search.stderr)")
    }

    @Test(.enabled(if: ["osd", "deu", "fra", "jpn"].allSatisfy(hasModel), "needs osd, deu, fra, jpn: make models LANGS='deu fra jpn'"))
    func autoChoosesEachPagesLanguageAndReportsIt() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let pages = ["german.png", "french.png", "japanese.png"].map { Fixtures.sample($0).path }
        let scans = folder.file("mixed.pdf"), output = folder.file("out.pdf"), report = folder.file("report.json")
        let made = try Tool.run(LegibleBinary.url.path, ["images", "-q"] + pages + [scans.path])
        #expect(made.status == 0, "\(made.stderr)")
        let result = try Tool.run(LegibleBinary.url.path, ["ocr", "-q", "-l", "auto", "--report", report.path, scans.path, output.path],
                                  environment: ["OMP_THREAD_LIMIT": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let chosen = (json["pages"] as? [[String: Any]] ?? []).map { ($0["language"] as? [String: Any])?["languages"] as? String }
        #expect(chosen == ["deu", "fra", "jpn"])
        let text = try Tool.pdftotext(output)
        for phrase in ["geöffnet", "bibliothèque", "市立図書館は毎朝八時に開きます"] { #expect(text.contains(phrase), "\(phrase): \(text)") }
    }

    @Test(.enabled(if: hasModel("jpn_vert"), "needs the vertical Japanese model: make models LANGS=jpn_vert"))
    func verticalJapaneseReadsDownEachColumnRightToLeft() throws {
        let folder = try TemporaryDirectory()
        let url = try recognize("japanese-vertical.png", language: "jpn_vert", folder: folder)
        #expect(try Tool.qpdfCheck(url) == 0)
        // Columns in order (right to left), each top to bottom, no spaces between a column's segments.
        let columns = ["市立図書館は毎朝八時に開", "閲覧室には雑誌があります", "今日は良い天気です"]
        let extracted = [("pdftotext", try Tool.pdftotext(url)),
                         ("pdftotext -raw", try Tool.run("pdftotext", ["-raw", url.path, "-"]).stdout),
                         ("mutool", try Tool.run("mutool", ["draw", "-q", "-F", "txt", url.path]).stdout),
                         ("legible text", try Tool.run(LegibleBinary.url.path, ["text", url.path]).stdout)]
        for (tool, text) in extracted {
            let joined = text.filter { !$0.isWhitespace }
            let positions = columns.map { joined.range(of: $0)?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil }, "\(tool): \(text)")
            let found = positions.compactMap { $0 }
            #expect(found == found.sorted(), "\(tool) reads the columns out of order: \(text)")
            // No space inside a column (a column the engine split into two lines may break there).
            let unbroken = text.replacingOccurrences(of: "\n", with: "")
            for column in columns { #expect(unbroken.contains(column), "\(tool) breaks '\(column)': \(text)") }
        }
        let search = try Tool.run(LegibleBinary.url.path, ["search", url.path, "市立図書館"])
        #expect(search.status == 0, "search: \(search.stdout) \(search.stderr)")
    }
}
