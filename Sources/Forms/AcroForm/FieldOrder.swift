/// Reading order for fields: page by page, rows from the top, left to right within a row —
/// the order `/Tabs /R` walks, so `/Annots`, `/Fields` and the Tab key agree.
enum FieldOrder {
    /// `fields` sorted into reading order. Fields whose vertical extents overlap by at least
    /// half the smaller height share a row.
    static func sorted(_ fields: [FormField]) -> [FormField] {
        var result: [FormField] = []
        let byPage = Dictionary(grouping: fields, by: \.page)
        for page in byPage.keys.sorted() {
            let onPage = (byPage[page] ?? []).sorted { ($0.rect.top, $0.rect.left) < ($1.rect.top, $1.rect.left) }
            var rows: [[FormField]] = []
            var rowTop = 0.0, rowBottom = 0.0
            for field in onPage {
                let overlap = min(rowBottom, field.rect.bottom) - max(rowTop, field.rect.top)
                let smaller = min(rowBottom - rowTop, field.rect.height)
                if !rows.isEmpty, overlap >= smaller / 2, smaller > 0 {
                    rows[rows.count - 1].append(field)
                } else {
                    rows.append([field])
                    rowTop = field.rect.top
                    rowBottom = field.rect.bottom
                }
            }
            for row in rows { result += row.sorted { ($0.rect.left, $0.rect.top) < ($1.rect.left, $1.rect.top) } }
        }
        return result
    }
}

extension FormField {
    /// `fields` in reading order: page by page, rows from the top, left to right — the order
    /// the writer lists and tabs through them.
    public static func inReadingOrder(_ fields: [FormField]) -> [FormField] {
        FieldOrder.sorted(fields)
    }
}
