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

extension PageLayout {
    /// The bottom line of an empty cell that continues a writing line: a free rule (not a box's
    /// edge) on the cell's bottom level ends at the cell's left wall, so the row's entry line
    /// runs on into the cell — the cell is written on that line, one typed line tall.
    ///
    /// Convention: lists whose rows are writing lines with an amount column at their end
    /// (IRS Schedule C part V, other expense lists): the amount is written on the row's line,
    /// not in the column cell's whole height. Nil when the cell is one typed line tall or less,
    /// or no such line ends at it.
    func writingLine(continuing box: LayoutRect) -> LayoutRect? {
        let typed = parameters.underlineTypedFieldHeight
        guard box.height > typed + Self.cellLineSlack else { return nil }
        let continues = horizontals.contains { r in
            r.thickness <= parameters.maxUnderlineThickness && abs(r.position - box.bottom) <= Self.cellLineSlack
                && r.end <= box.left + Self.cellLineSlack && box.left - r.end <= Self.maxLineToCellGap
                && r.length >= parameters.minTextFieldWidth
                && !boxes.contains { abs($0.bottom - r.position) <= Self.cellLineSlack && $0.left < r.end - 1 && $0.right > r.start + 1 }
        }
        guard continues else { return nil }
        return LayoutRect(left: box.left, top: box.bottom - typed, right: box.right, bottom: box.bottom)
    }

    /// A rule this close to a cell's bottom (points) lies on its level: a rule's thickness and
    /// the raster's rounding.
    static let cellLineSlack = 2.5
    /// A writing line stops short of the column it runs into by up to this (points): a gap the
    /// width of a few letters between the line's end and the column's wall.
    static let maxLineToCellGap = 12.0
}
