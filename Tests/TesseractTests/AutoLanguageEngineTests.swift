import Foundation
import Testing
import Imaging
import OCR
@testable import Tesseract
import TestSupport

/// `-l auto` with the real engine on sample pages of known language (Samples/make-script-samples.sh).
struct AutoLanguageEngineTests {
    private static func hasModels(_ languages: String...) -> Bool {
        guard let directory = try? Tessdata.locate(for: []).directory else { return false }
        let installed = Set(Tessdata.installedLanguages(in: directory))
        return languages.allSatisfy(installed.contains)
    }

    private func read(_ sample: String) throws -> OCRPage {
        let engine = try AutoLanguageEngineFactory().makeEngine()
        let image = try PixImage(encoded: try Fixtures.bytes(Fixtures.sample(sample)))
        return try engine.recognize(image, dpi: 200)
    }

    @Test(.enabled(if: hasModels("osd", "eng", "deu", "fra"), "needs osd, eng, deu, fra: make models LANGS='deu fra'"),
          arguments: [("german.png", "deu", "geöffnet"), ("french.png", "fra", "bibliothèque"), ("scan.png", "eng", "riverbank")])
    func eachLatinPageIsReadWithItsOwnLanguage(sample: String, language: String, word: String) throws {
        let page = try read(sample)
        let choice = try #require(page.language)
        #expect(choice.script == "Latin")
        #expect(choice.languages == [language], "\(choice)")
        #expect(page.text.contains(word))
    }

    @Test(.enabled(if: hasModels("osd", "eng", "deu", "fra"), "needs osd, eng, deu, fra: make models LANGS='deu fra'"))
    func aGermanPageWithOneFrenchLineIsReadWithBothModels() throws {
        let page = try read("german-french.png")
        #expect(page.language?.languages == ["deu", "fra"], "\(String(describing: page.language))")
        // The French line keeps the words the German model had no dictionary entry for, the German ones theirs.
        #expect(page.text.contains("emprunter quatre livres"))
        #expect(page.text.contains("geöffnet"))
    }

    @Test(.enabled(if: hasModels("osd", "eng", "deu", "jpn", "chi_sim"), "needs osd, eng, deu, jpn, chi_sim: make models LANGS='deu jpn chi_sim'"))
    func aLatinPageAfterAJapanesePageIsNotReadAsJapanese() throws {
        // One engine reads the pages of a document in turn: the Japanese model reads German
        // confidently, in Latin letters, so the last page's language must not stick.
        let engine = try AutoLanguageEngineFactory().makeEngine()
        var languages: [[String]] = []
        for sample in ["japanese.png", "german.png", "japanese.png"] {
            let image = try PixImage(encoded: try Fixtures.bytes(Fixtures.sample(sample)))
            languages.append(try engine.recognize(image, dpi: 200).language?.languages ?? [])
        }
        #expect(languages == [["jpn"], ["deu"], ["jpn"]])
    }

    @Test func aReadingsLettersAreCountedByScript() {
        #expect(LanguageCatalog.letterShare(of: "Die Bibliothek, 8 Uhr", in: "Latin") == 1)
        #expect(LanguageCatalog.letterShare(of: "市立図書館は PDF", in: "Japanese") == 6.0 / 9.0)
        #expect(LanguageCatalog.letterShare(of: "Die Bibliothek", in: "Han") == 0)
        #expect(LanguageCatalog.letterShare(of: "12 345", in: "Latin") == nil)
        #expect(LanguageCatalog.letterShare(of: "text", in: "Klingon") == nil)
    }

    @Test func linesWhoseWordsTheModelDoesNotKnowAreForeign() throws {
        func line(_ words: [(String, Bool?)]) -> OCRLine {
            let box = PixelBox(left: 0, top: 0, right: 10, bottom: 10)
            return OCRLine(words: words.map { OCRWord(text: $0.0, box: box, confidence: 90, inDictionary: $0.1) },
                           box: box, baseline: (0, 10, 10, 10), ascender: 8, descender: 2)
        }
        let german = line([("Die", true), ("Bibliothek", true), ("der", true), ("Stadt", true), ("öffnet.", true)])
        let french = line([("Une", true), ("carte", true), ("suffit", false), ("pour", true), ("emprunter", false),
                           ("quatre", false), ("livres.", false)])
        // Numbers, codes and words under three letters are not judged: four judged words are needed.
        let codes = line([("A4", false), ("12.30", false), ("de", false), ("la", false), ("Muster", false)])
        let unknown = line([("Müller", nil), ("Schmidt", nil), ("Rodriguez", nil), ("Fernandez", nil)])
        #expect(AutoLanguageEngine.foreignLines([german, french, codes, unknown]) == [french])
        #expect(AutoLanguageEngine.dictionaryShare(of: [german]) == 1)
        #expect(AutoLanguageEngine.dictionaryShare(of: [codes]) == nil)
        // A line's crop has half its height of white around it, inside the image.
        let image = try PixImage(encoded: try Fixtures.bytes(Fixtures.sample("german.png")))
        let crop = AutoLanguageEngine.region(around: PixelBox(left: 5, top: 40, right: Double(image.width) - 5, bottom: 60), in: image)
        #expect(crop == PixelRegion(x: 0, y: 30, width: image.width, height: 40))
    }

    @Test(.enabled(if: hasModels("osd", "eng", "jpn", "chi_sim"), "needs osd, eng, jpn, chi_sim: make models LANGS='jpn chi_sim'"))
    func aJapanesePageIsReadWithTheJapaneseModel() throws {
        let page = try read("japanese.png")
        #expect(page.language?.languages == ["jpn"], "\(String(describing: page.language))")
        #expect(page.text.replacingOccurrences(of: " ", with: "").contains("図書館"))
    }

    @Test(.enabled(if: hasModels("osd", "eng", "heb"), "needs osd, eng, heb: make models LANGS=heb"))
    func aHebrewPageIsReadWithTheHebrewModel() throws {
        let page = try read("hebrew.png")
        #expect(page.language?.languages == ["heb"], "\(String(describing: page.language))")
        #expect(page.language?.script == "Hebrew")
        #expect(page.text.contains("שלום"))
    }

    @Test func theDensestBandOfASampleHoldsItsText() throws {
        let image = try PixImage(encoded: try Fixtures.bytes(Fixtures.sample("german.png")))
        let band = try #require(try image.densestTextBand(heightFraction: AutoLanguageEngine.sampleHeightFraction))
        #expect(band.width == image.width && band.height >= Int(Double(image.height) * AutoLanguageEngine.sampleHeightFraction))
        #expect(try image.clipped(to: band).inkCoverage() > 0.01)
        // No line is cut: the band's first and last rows are blank.
        let mask = try image.inkMask(threshold: 128)
        #expect(mask.inkCount(in: PixelRegion(x: 0, y: band.y, width: band.width, height: 1)) == 0)
        #expect(mask.inkCount(in: PixelRegion(x: 0, y: band.bottom - 1, width: band.width, height: 1)) == 0)
        // A corner of white paper has no band at all.
        let white = try image.clipped(to: PixelRegion(x: 0, y: 0, width: 50, height: 30))
        #expect(try white.densestTextBand(heightFraction: 0.5) == nil)
    }
}
