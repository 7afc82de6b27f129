/// Check boxes drawn as small cells: a closed, empty cell too narrow to write a word in but
/// as large as a check box (tax forms' "✓ if …" column of stacked cells, a box set in a table
/// row). The shape scan keeps only squares within `maxButtonAspectDeviation` as buttons, so a
/// button-sized cell a little wider than tall (the IRS dependents table's 18 × 13-point cells)
/// is a box; the text pass drops it as narrower than `minTextFieldWidth`, and nothing became of it.
///
/// Only cells stacked in a column count (see `isStacked(_:on:)`). The widget is the cell
/// itself: the cell is what the author drew for the mark.
///
/// On forms-large (flat) the convention fires on one form, irs_depend (10 check boxes, none
/// before); without the stacking test five lone cells (a reversed heading's gap, letters' bowls
/// OCR missed, a logo) became false check boxes.
extension PageLayout {
    /// Check boxes from the page's small empty cells that no other field took.
    mutating func cellButtonFields() -> [FormField] {
        var fields: [FormField] = []
        let empty = boxes.filter { cell in
            let inner = cell.insetBy(1)
            return isButtonSizedCell(cell) && !isTaken(cell) && !hasPrint(reachingInto: inner) && printedMarks(inside: inner).isEmpty
                && !(squares + circles).contains(where: { inner.contains($0.center) })
                && !boxes.contains(where: { $0 != cell && $0.area < cell.area && inner.contains($0.center) })
        }
        for cell in empty where empty.contains(where: { isStacked($0, on: cell) }) {
            taken.append(cell)
            fields.append(field(cell, .checkbox, label: buttonLabel(for: cell), confidence: 0.6))
        }
        return fields
    }

    /// Whether `other` continues `cell`'s column: the same walls left and right, meeting it
    /// above or below. A strip of such cells is a column of check boxes; a lone empty cell of
    /// that size is as often a gap in a reversed heading or a letter's bowl that OCR missed.
    /// (Rows of cells are combs, taken before the buttons.)
    private func isStacked(_ other: LayoutRect, on cell: LayoutRect) -> Bool {
        other != cell && abs(other.left - cell.left) <= Self.columnWallTolerance && abs(other.right - cell.right) <= Self.columnWallTolerance
            && (abs(other.top - cell.bottom) <= Self.columnWallTolerance || abs(other.bottom - cell.top) <= Self.columnWallTolerance)
    }

    /// Whether a word lies partly inside: OCR reads a line number's letter in its narrow cell
    /// together with the arrow or wall beside it ("piu" for "▶ s"), a word that only reaches in.
    private func hasPrint(reachingInto inner: LayoutRect) -> Bool {
        words.contains { w in (w.rect.intersection(inner)?.area ?? 0) >= Self.minWordShareInside * w.rect.area }
    }

    /// The share of a word inside a cell that makes the cell printed: a quarter keeps a word
    /// beside the cell that OCR boxed a little wide out.
    static let minWordShareInside = 0.25

    /// Whether a cell has a check box's size: both sides within the buttons' range, and too
    /// narrow for the shortest text field.
    private func isButtonSizedCell(_ cell: LayoutRect) -> Bool {
        let p = parameters
        return min(cell.width, cell.height) >= p.minButtonSide && max(cell.width, cell.height) <= p.maxButtonSide
            && cell.width < p.minTextFieldWidth && max(cell.width, cell.height) <= Self.maxCellButtonAspect * min(cell.width, cell.height)
    }

    /// How much longer a cell's long side may be than its short one: a stacked cell of a tax
    /// table is 18 × 13 points (1.4); a comb's or a date's narrow slot (1 : 2) is no button.
    static let maxCellButtonAspect = 1.5
}
