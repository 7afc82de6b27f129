/// How far a text field reaches inside the box that holds it, where the box's own print says so.
extension PageLayout {
    /// The writing space of a box whose only print is a unit ("$", "€") at its left, standing
    /// in the box's upper or middle part: the whole box right of the unit, top to bottom.
    ///
    /// Convention: amount columns whose every cell prints its currency sign at the left, level
    /// with the row's caption (statements of income and assets: SSA-632's tables): the amount
    /// is written after the sign, and the widget fills the cell's height — the sign is not a
    /// caption with a writing band under it. A unit low in a tall cell marks the cell's bottom
    /// line instead (`writingLine(in:print:)`, tried first). On forms-large (flat) the rule
    /// changes SSA-632 only: 44 more widgets matched, 44 fewer false fields, no other form
    /// changed. Nil when the box prints letters, or print other than one unit, or a unit away
    /// from its left end.
    func writingSpace(besideUnitIn box: LayoutRect, print: [LayoutRect]) -> LayoutRect? {
        guard !print.isEmpty, words(inside: box).map(\.text).joined().filter(\.isLetter).isEmpty else { return nil }
        let unit = print.dropFirst().reduce(print[0]) { $0.union($1) }
        guard unit.left < box.left + Self.unitColumnShare * box.width, unit.width <= Self.maxUnitWidth,
              unit.height <= parameters.maxSingleLineHeight / 2 else { return nil }
        let space = LayoutRect(left: unit.right + 1, top: box.top, right: box.right, bottom: box.bottom)
        return space.width >= parameters.minTextFieldWidth ? space : nil
    }

    /// A unit is one or two glyphs ("$", "€", "£"): print wider than this at a box's left is a
    /// number or a word, not the unit of the amount written after it.
    static let maxUnitWidth = 12.0
}
