import Foundation
import Imaging
import OCR

/// Pages that mix languages line by line. A paragraph in a second language, read with the page's
/// model, comes out as words outside that model's dictionary, while its function words — shared with
/// the language's neighbours — are too few on a short page to show it (one French line of three on a
/// German page: only "la"). Those lines are read again, alone, with each candidate their text points
/// to; a model that finds their words in its dictionary makes the page bilingual.
extension AutoLanguageEngine {
    /// Words of at least this many letters are judged: shorter ones are in nearly every dictionary.
    static let judgedWordLetters = 3
    /// A line is another language's when it has at least this many judged words…
    static let foreignLineWords = 4
    /// …and at most half of them are in the page model's dictionary. A German line read by the German
    /// model has nearly all its words in it; French lines read by it had 0 of 7 (the benchmark's) and
    /// 3 of 7 (a sample's: "une", "carte", "pour" are German dictionary words too). Lines of names or
    /// codes are outside it as well: the second reading below tells them apart.
    static let foreignLineDictionaryShare = 0.5
    /// At most this many such lines are read again: enough words to tell, a small part of the page.
    static let foreignSampleLines = 3
    /// A second model is taken when it finds at least this share of those lines' judged words in its
    /// dictionary (the French model: all of them on both lines), far above the page model's.
    static let secondLanguageDictionaryShare = 0.75
    /// Scripts whose words are not separated by spaces: Tesseract's "words" there are runs of
    /// characters, and dictionary hits say nothing about the language.
    static let unspacedScripts: Set<String> = ["Han", "Japanese", "Katakana", "Hiragana", "Hangul", "Thai"]

    /// The language of the page's lines that `page`'s single model does not know, when another
    /// installed model of the script knows them; nil for a page in one language.
    func secondLanguage(of page: OCRPage, image: PixImage, dpi: Int, script: String, models: [String],
                        timeout: Double?) throws -> String? {
        guard let primary = page.language?.languages, primary.count == 1, !Self.unspacedScripts.contains(script) else {
            return nil
        }
        let foreign = Self.foreignLines(page.lines)
        guard !foreign.isEmpty else { return nil }
        let text = foreign.map { $0.words.map(\.text).joined(separator: " ") }.joined(separator: "\n")
        // Only languages whose function words or letters the lines show are tried.
        let suspects = LanguageIdentifier.rank(text, among: models.filter { $0 != primary[0] })
            .filter { $0.evidence > 0 }.map(\.language)
        guard !suspects.isEmpty else { return nil }
        let crops = try foreign.map { try image.clipped(to: Self.region(around: $0.box, in: image)) }
        var best: (language: String, share: Double)?
        for model in suspects {
            let lines = try crops.flatMap { try engine(for: [model]).recognize($0, dpi: dpi, timeout: timeout).lines }
            guard let share = Self.dictionaryShare(of: lines), share > (best?.share ?? 0) else { continue }
            best = (model, share)
        }
        guard let best, best.share >= Self.secondLanguageDictionaryShare else { return nil }
        return best.language
    }

    /// The lines whose judged words are mostly outside the model's dictionary, longest first.
    static func foreignLines(_ lines: [OCRLine]) -> [OCRLine] {
        let judged = lines.map { line in (line, judgedWords(line.words)) }
        return judged.filter { line, words in
            words.count >= foreignLineWords
                && Double(words.filter { $0.inDictionary == true }.count) <= foreignLineDictionaryShare * Double(words.count)
        }
        .sorted { $0.1.count > $1.1.count }
        .prefix(foreignSampleLines).map(\.0)
    }

    /// The share of the judged words of `lines` in the dictionary; nil when too few are judged.
    static func dictionaryShare(of lines: [OCRLine]) -> Double? {
        let words = lines.flatMap { judgedWords($0.words) }
        guard words.count >= foreignLineWords else { return nil }
        return Double(words.filter { $0.inDictionary == true }.count) / Double(words.count)
    }

    /// Words made of letters (punctuation around them allowed, no digits) long enough to judge,
    /// for which the engine said whether they are in its dictionary.
    static func judgedWords(_ words: [OCRWord]) -> [OCRWord] {
        words.filter { word in
            word.inDictionary != nil && !word.text.contains(where: \.isNumber)
                && word.text.filter(\.isLetter).count >= judgedWordLetters
        }
    }

    /// The line's box with half its height of margin around it, inside the image: the recognizer
    /// needs some white around the letters.
    static func region(around box: PixelBox, in image: PixImage) -> PixelRegion {
        let margin = max(2, box.height / 2)
        let left = max(0, Int(box.left - margin)), top = max(0, Int(box.top - margin))
        let right = min(image.width, Int((box.right + margin).rounded(.up)))
        let bottom = min(image.height, Int((box.bottom + margin).rounded(.up)))
        return PixelRegion(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }
}
