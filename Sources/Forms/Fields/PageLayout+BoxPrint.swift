/// What a box holds in print, for telling an entry box from a caption or a table header, less two
/// things that are not print of the box:
/// - OCR words that run across one of its side walls: OCR reads a wall together with the print
///   beside it ("$" and the wall as "sl.", ".00" and the walls of its cell as "s«id«0" on the
///   Oregon amount boxes), so such a word is the wall and the print outside, not a label inside;
/// - hyphens on its writing line: the separators of a number written into it in groups (an SSN
///   box printed "   -   -   ", an EIN "  -       "), which leave the line free for writing.
extension PageLayout {
    /// The words whose centre lies inside `box`, less those running across its left or right wall.
    func printedWords(inside box: LayoutRect) -> [LayoutWord] {
        words(inside: box).filter { w in
            w.rect.left >= box.left - Self.wallCrossingTolerance && w.rect.right <= box.right + Self.wallCrossingTolerance
        }
    }

    /// The marks inside `box`, less hyphens (short flat strokes).
    func printedMarks(inside box: LayoutRect) -> [LayoutRect] {
        marks(inside: box).filter { m in !(m.height <= Self.maxHyphenThickness && m.width <= Self.maxHyphenLength) }
    }

    /// How far (points) a word inside a box may reach past a side wall: the wall's own thickness
    /// and the slack of OCR's word boxes.
    static let wallCrossingTolerance = 2.0
    /// A hyphen at text sizes is a stroke at most 1.5 points thick and 5 long (an en dash at 12
    /// points is 6 long; a letter's smallest mark, a dot, is as tall as wide).
    static let maxHyphenThickness = 1.5
    static let maxHyphenLength = 5.0
}
