/// Check boxes typed as a pair of square brackets ("[ ] Option"): forms made in a word
/// processor or as plain text mark each option with brackets instead of a drawn box. Nothing
/// closes the brackets (they leave the top and bottom open), so the raster's search for hollow
/// shapes never sees them; OCR and a PDF's text layer read them as one word ("[]", "[ ]") or as
/// "[" and "]" side by side. Authors put the widget over the brackets (the German
/// HR form of the large corpus: 8.8 × 10.2-point widgets over 7.2 × 9.4-point bracket pairs).
///
/// A typed box is added only where no drawn square or circle lies.
extension PageLayout {
    /// The bracket pairs among a page's words, as squares for the button pass.
    static func typedBoxes(in words: [LayoutWord], parameters: FormDetectionParameters) -> [LayoutRect] {
        var found: [LayoutRect] = []
        for word in words {
            let text = word.text.filter { !$0.isWhitespace }
            if isEmptyBracketPair(text) {
                found.append(word.rect)
            } else if text == "[", let close = closingBracket(after: word, in: words) {
                found.append(word.rect.union(close.rect))
            }
        }
        return found.filter { box in
            let height = box.height, width = box.width
            return height >= parameters.minButtonSide && height <= parameters.maxButtonSide
                && width >= 0.5 * height && width <= maxTypedBoxAspect * height
        }
    }

    /// Whether a word (spaces removed) is an empty bracket pair. Not "[_]": that is how OCR reads a
    /// drawn box, its bottom edge taken for an underscore, and whether a drawn shape is a box is
    /// for the raster's shape rules to say (a box too wide for a check box is a text field).
    private static func isEmptyBracketPair(_ text: String) -> Bool {
        text == "[]"
    }

    /// The "]" word that closes an opening "[" on its line, within a bracket pair's width.
    private static func closingBracket(after open: LayoutWord, in words: [LayoutWord]) -> LayoutWord? {
        let h = open.rect.height
        return words.first { w in
            w.text == "]" && w.rect.left > open.rect.right && w.rect.left - open.rect.right <= maxBracketGap * h
                && abs(w.rect.center.y - open.rect.center.y) <= maxBracketOffset * h
        }
    }

    /// The widest blank between the brackets of one box, as a multiple of their height: one
    /// or two spaces of the brackets' font (a space is about a quarter to a third of an em).
    private static let maxBracketGap = 1.0
    /// How far the two brackets' centres may sit apart vertically, as a share of their height:
    /// glyphs of one line share a baseline.
    private static let maxBracketOffset = 0.3

    /// The widest typed box, as a multiple of its height: "[ ]" with a space or two between the
    /// brackets; wider bracketed blanks ("[________]") are writing spaces, not boxes.
    private static let maxTypedBoxAspect = 1.6
}
