import Foundation

/// Labels of table cells: a cell of a grid is named by its row's header and its column's header.
///
/// The column's header is the nearest printed cell above the cell (the entry cells between are
/// empty). The row's header is the nearest printed cell before the cell, not the first cell of
/// the grid row: forms set two lists side by side on one grid (tax schedules' "8 Advertising … |
/// 8 | amount || 20b Other business property … | 20b | amount"), the rows of both lists share
/// their cells' tops and bottoms, and the cell at the start of the grid row heads the left list.
extension PageLayout {
    /// For a cell of a table grid: its column header and its row header, joined; nil when the
    /// cell has no row or column mates, or neither header holds a word.
    func tableLabel(for cell: LayoutRect) -> String? {
        let rowMates = boxes.filter { b in
            b != cell && abs(b.top - cell.top) <= Self.cellEdgeTolerance && abs(b.bottom - cell.bottom) <= Self.cellEdgeTolerance
                && b.right <= cell.left + Self.cellEdgeTolerance
        }
        let columnMates = boxes.filter { b in
            b != cell && abs(b.left - cell.left) <= Self.columnEdgeTolerance && abs(b.right - cell.right) <= Self.columnEdgeTolerance
                && b.bottom <= cell.top + Self.cellEdgeTolerance
        }
        guard !rowMates.isEmpty || !columnMates.isEmpty else { return nil }
        // The row's description may stand outside the grid, left of its first column, across
        // leaders and a line number (tax-form schedules: "1. Rent received . . . . 1. | A | B | C").
        let row = rowMates.sorted { $0.right > $1.right }.lazy.map { (self.cellText($0), $0) }.first { !$0.0.isEmpty }
            .map { self.lineNumberLabel($0.0, in: $0.1) } ?? rowDescription(of: cell, before: cell.left)
        // A header cell holding only scraps (sub-column letters "T S J" read as "Ss T") names
        // nothing.
        let column = (columnMates.sorted { $0.bottom > $1.bottom }.lazy.map { self.cellText($0) }.first { !$0.isEmpty }
            ?? columnHeader(above: cell).map { clean($0.text) }).flatMap { Self.isWordy($0) ? $0 : nil }
        let parts = [column, row].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The printed text of a cell.
    func cellText(_ cell: LayoutRect) -> String {
        clean(blockText(words(inside: cell)))
    }

    /// How far (points) the tops and bottoms of one grid row's cells may differ, and how far
    /// apart touching cells' edges may lie: a rule's thickness and the raster's rounding.
    static let cellEdgeTolerance = 2.5
    /// How far (points) the walls of one column's cells may differ: a wall's thickness, and a
    /// header cell drawn a little wider than the entry cells under it.
    static let columnEdgeTolerance = 4.0
}
