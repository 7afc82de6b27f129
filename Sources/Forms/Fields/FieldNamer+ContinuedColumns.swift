/// Columns of entry cells under one header: a list's header names every row of it, however far
/// down the list runs, and a table continued at the top of the next page often does not print
/// its headers again (an energy-audit form's "Description des postes de travaux" and "Coût des
/// travaux" columns, a tax form's list of orphan drugs whose rows run further below the header
/// than any label is looked for). A cell the label search left unlabelled, in a column of cells
/// whose labelled cells above it — on its page, or ending the page before — share one label,
/// takes that label.
extension FieldNamer {
    /// The fields, each unlabelled text-like cell of a labelled column given the column's label.
    static func labellingContinuedColumns(_ fields: [FormField]) -> [FormField] {
        let textLike: Set<FieldKind> = [.text, .multiline, .comb]
        var result = fields
        // Columns: text-like fields of one page with the same left and right walls, top to bottom.
        var columns: [[Int]] = []
        for index in fields.indices where textLike.contains(fields[index].kind) {
            let f = fields[index]
            if let c = columns.firstIndex(where: { column in
                let o = fields[column[0]]
                return o.page == f.page && abs(o.rect.left - f.rect.left) <= columnEdgeTolerance
                    && abs(o.rect.right - f.rect.right) <= columnEdgeTolerance
            }) {
                columns[c].append(index)
            } else {
                columns.append([index])
            }
        }
        columns = columns.map { $0.sorted { fields[$0].rect.top < fields[$1].rect.top } }
        for column in columns {
            let first = fields[column[0]]
            // The label a column of the page before ends with, when it stands at the same walls.
            var carried = columns.first { other in
                let o = fields[other[0]]
                return o.page == first.page - 1 && abs(o.rect.left - first.rect.left) <= columnEdgeTolerance
                    && abs(o.rect.right - first.rect.right) <= columnEdgeTolerance
            }.flatMap { Self.sharedLabel(of: $0.map { fields[$0] }) }
            var previous: FormField?
            for (position, index) in column.enumerated() {
                let f = fields[index]
                // A gap of more than a row breaks the column: what lies below is another list.
                if let previous, f.rect.top - previous.rect.bottom > maxRowGap * max(previous.rect.height, f.rect.height) {
                    carried = nil
                }
                if f.label.isEmpty {
                    if let carried {
                        result[index].label = carried
                        result[index].name = slug(carried, fallback: f.kind.rawValue)
                        result[index].isDate = f.kind != .multiline && FieldKindHints.isDate(carried)
                    }
                } else {
                    carried = Self.sharedLabel(of: column[..<(position + 1)].suffix(minColumnCells).map { fields[$0] })
                }
                previous = f
            }
        }
        return result
    }

    /// The label the last `minColumnCells` cells of a column all carry, or nil.
    private static func sharedLabel(of cells: [FormField]) -> String? {
        let last = cells.suffix(minColumnCells)
        guard last.count == minColumnCells, let label = last.first?.label, !label.isEmpty,
              last.allSatisfy({ $0.label == label }) else { return nil }
        return label
    }

    /// How far (points) the walls of one column's cells may differ: a wall's thickness and the
    /// raster's rounding.
    static let columnEdgeTolerance = 2.0
    /// The fewest labelled cells, one under the other, that carry a column's label: one cell
    /// lined up with another may be chance, two stacked under one label are a list.
    static let minColumnCells = 2
    /// The widest gap between a list's consecutive cells, in cell heights: rows stand a line
    /// apart at most; further below is another list.
    static let maxRowGap = 1.0
}
