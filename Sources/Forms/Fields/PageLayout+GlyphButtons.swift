/// Check boxes printed as a character of the text ("☐ Option", a box glyph set in the line)
/// rather than drawn as a shape. Such a glyph is smaller than the letters of its label (a box
/// drawn for a pen is at least as tall as they are), and authors size the widget over it to
/// the line of text it sits in, not to the little glyph: on the municipal forms of the large
/// corpus a 5.4-point glyph gets a 9.4- to 18-point widget. The convention is a page's, judged
/// from all its buttons at once, so one small box among drawn ones does not change its size.
///
/// Only words OCR read (those with a confidence) are measured: OCR boxes a word's ink, while a
/// PDF's text layer boxes the font's em, taller than the letters, which would make every drawn
/// box look small beside its label.
extension PageLayout {
    /// The side of the widget over each button of this page when the page prints its boxes as
    /// glyphs, or nil when it draws them: then each widget follows its drawn shape.
    func glyphButtonSide(of buttons: [LayoutRect]) -> Double? {
        let ratios = buttons.compactMap { button -> Double? in
            guard let height = labelWordHeight(beside: button) else { return nil }
            return drawnSide(button) / height
        }
        guard let ratio = Self.median(ratios), ratio < parameters.glyphButtonMaxRatio,
              let body = Self.median(words.filter { $0.confidence != nil && $0.text.count >= 3 && $0.text.allSatisfy(\.isLetter) }
                  .map(\.rect.height))
        else { return nil }
        return parameters.glyphButtonLineScale * body
    }

    /// The median height of the words of a button's label (on its row, starting just right of
    /// it), or nil when it has none.
    private func labelWordHeight(beside button: LayoutRect) -> Double? {
        let cy = button.center.y
        let label = words.filter { w in
            w.confidence != nil && w.text.count >= 2 && abs(w.rect.center.y - cy) <= Self.sameRowTolerance
                && w.rect.left > button.right && w.rect.left < button.right + Self.labelReach
        }
        return Self.median(label.map(\.rect.height))
    }

    /// A button's drawn size: a wide oval's height, else its width.
    func drawnSide(_ drawn: LayoutRect) -> Double {
        drawn.width > 1.3 * drawn.height ? drawn.height : drawn.width
    }

    /// How far (points) a label word's centre may sit above or below the button's: within the
    /// line's half height at the sizes forms print.
    private static let sameRowTolerance = 4.0
    /// How far right of a button its label's first words start: a few spaces after the glyph.
    private static let labelReach = 60.0

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
