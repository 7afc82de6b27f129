/// Amount columns drawn as a column of one-line cells, one cell taller where its item's caption
/// runs over two or more lines (tax forms' "7 Other income … / … see instructions . . . 7"):
/// the amount is written on that cell's last line, level with the end of the caption, as high as
/// the column's other cells — not across the whole tall cell. (A line number beside the cell
/// says the same where there is one: `writingLine(byLabelOf:)`; this convention needs none.)
extension PageLayout {
    /// The fields made from boxes, each text field in a column of text fields (the same left
    /// and right walls) at least `tallCellRatio` times the column's usual height shrunk to
    /// that usual height at its bottom.
    static func lastLinesOfTallColumnCells(_ fields: [FormField]) -> [FormField] {
        fields.map { field in
            guard field.kind == .text else { return field }
            let r = field.rect
            let mates = fields.filter { f in
                f.kind == .text && f.rect != r && abs(f.rect.left - r.left) <= columnWallTolerance
                    && abs(f.rect.right - r.right) <= columnWallTolerance
            }.map(\.rect.height).sorted()
            guard mates.count >= minColumnMates else { return field }
            let usual = mates[mates.count / 2]
            guard r.height >= tallCellRatio * usual else { return field }
            var shrunk = field
            shrunk.rect = LayoutRect(left: r.left, top: r.bottom - usual, right: r.right, bottom: r.bottom)
            return shrunk
        }
    }

    /// Cells of one column share their walls; two points allow for a wall's thickness and for
    /// a writing area that starts after a unit on one cell's line.
    static let columnWallTolerance = 2.0
    /// A column is at least three cells: with one mate, which of two cells is the one-line
    /// one is a guess.
    static let minColumnMates = 2
    /// A cell holding two lines is twice a one-line cell; 1.7 leaves room for rules' thickness
    /// and cells drawn a little unevenly, while a cell only half again as tall (a roomier row)
    /// stays whole. On forms-large, 1.5 / 1.7 / 2.0 measured F1 0.731 / 0.731 / 0.729 (0.726
    /// without the rule); leave-one-source-out picked 1.7 in all 15 folds.
    static let tallCellRatio = 1.7
}
