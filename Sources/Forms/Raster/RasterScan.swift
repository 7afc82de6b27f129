import Foundation
import Imaging

/// One page being analysed: its ink mask (straightened), the pixel frame, the thresholds and
/// the OCR words (in pixels of the straightened image, to tell letters from rules and boxes).
struct RasterScan {
    let ink: PixImage
    /// Ink and tinted areas: what encloses a white field on a coloured band.
    let shaded: PixImage
    let frame: PixelFrame
    let parameters: FormDetectionParameters
    /// Words with at least two letters or digits, as pixel boxes: their strokes and counters
    /// are text, not rules or boxes.
    let textBoxes: [PixelBox]
    /// The same words in layout space, and their text.
    let textRects: [LayoutRect]
    let textWords: [String]
    /// Whether each word has a letter that may have a counter (a, b, o, R, 8…): a hole inside a
    /// word of stems alone ("TTITTIT", "Titi", "tt", "T1777": OCR reading the walls of a comb or
    /// a column of boxes as letters) is no letter's counter.
    let textHasCounters: [Bool]

    init(ink: PixImage, shaded: PixImage, frame: PixelFrame, parameters: FormDetectionParameters, words: [LayoutWord]) {
        self.ink = ink
        self.shaded = shaded
        self.frame = frame
        self.parameters = parameters
        let text = words.filter { word in
            word.text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }.count >= 2
        }
        textRects = text.map(\.rect)
        textWords = text.map(\.text)
        textHasCounters = textWords.map(RasterScan.hasCounterLetter)
        textBoxes = textRects.map { frame.box($0) }
    }

    /// Whether `box` is a letter's counter: inside a word whose height is well over its own (a
    /// check box that OCR read into the word beside it is as tall as the word).
    func isCounter(_ box: PixelBox) -> Bool {
        zip(textBoxes, textWords).enumerated().contains { i, pair in
            let (t, text) = pair
            return textHasCounters[i] && box.x >= t.x - 1 && box.y >= t.y - 1 && box.right <= t.right + 1 && box.bottom <= t.bottom + 1
                && Double(box.height) < 0.75 * Double(t.height) && !isGluedButton(box, word: t, text: text)
        }
    }

    /// OCR reads a button drawn just before its label as a leading "O" or "0" glued to the
    /// label's capital ("OMale", "OI have…"): the hole at the word's very start is the button's.
    private func isGluedButton(_ box: PixelBox, word: PixelBox, text: String) -> Bool {
        let letters = Array(text)
        guard letters.count >= 2, "O0oQD".contains(letters[0]), letters[1].isUppercase else { return false }
        return Double(box.x - word.x) <= 0.25 * Double(word.height)
    }

    /// Latin letters, digits and signs drawn without a closed counter in common faces (stems,
    /// arcs and open bowls): a word of these alone cannot hide a counter. Other scripts are
    /// not listed, so their words keep hiding holes (CJK 口 and 日 are closed shapes).
    private static let counterlessGlyphs = Set("cfhijklmnrstuvwxyzCEFGHIJKLMNSTUVWXYZ12357|!/\\[](){}-_.,:;'\"`~*+=".unicodeScalars)

    /// Whether a word has a letter that may have a counter (accented letters by their base
    /// letter): any character outside `counterlessGlyphs`.
    static func hasCounterLetter(_ text: String) -> Bool {
        text.decomposedStringWithCanonicalMapping.contains { c in
            c.unicodeScalars.first.map { !counterlessGlyphs.contains($0) } ?? false
        }
    }

    /// Whether `box` lies within some text word (grown by `margin` pixels).
    func isInsideText(_ box: PixelBox, margin: Int = 2) -> Bool {
        textBoxes.contains { t in
            box.x >= t.x - margin && box.y >= t.y - margin && box.right <= t.right + margin && box.bottom <= t.bottom + margin
        }
    }
}
