import Foundation

/// Row markers: a list's rows marked by the same word printed at their start ("CHILD", "CHILD",
/// "CHILD" in a custody affidavit's list of proceedings; "Party", "Party") say which row a field
/// is on, not what it holds; the header of the field's column over the list says that. Such a
/// field is named by both, the column's header first.
extension PageLayout {
    /// The header of the column `rect` stands in, when `text` — the phrase naming the field's
    /// row — is printed the same at the start of at least `minMarkedRows` rows stacked in one
    /// column down to the field's row, and the header stands just over the first of them.
    func headerOfMarkedRow(_ text: String, for rect: LayoutRect) -> String? {
        // The marker on the field's row, then the same words starting level with it on other rows
        // (the cheap tests of place first: a page holds hundreds of phrases).
        let onRow = phrases.filter { $0.rect.center.y >= rect.top - Self.rowBandSlack && $0.rect.center.y <= rect.bottom + Self.rowBandSlack }
        guard let own = onRow.first(where: { clean($0.text) == text }) else { return nil }
        let column = phrases.filter { abs($0.rect.left - own.rect.left) <= Self.markerAlignment && clean($0.text) == text }
            .sorted { $0.rect.top < $1.rect.top }
        guard column.count >= Self.minMarkedRows else { return nil }
        guard var first = column.firstIndex(where: { $0.rect == own.rect }) else { return nil }
        var last = first
        let isNext = { (upper: TextLine, lower: TextLine) in lower.rect.top - upper.rect.bottom <= Self.markerRowGap * own.rect.height }
        while first > 0 && isNext(column[first - 1], column[first]) { first -= 1 }
        while last < column.count - 1 && isNext(column[last], column[last + 1]) { last += 1 }
        guard last - first + 1 >= Self.minMarkedRows else { return nil }
        let listTop = column[first].rect.top
        let stack = LayoutRect(left: rect.left, top: listTop, right: rect.right, bottom: rect.bottom)
        guard let header = columnHeader(above: stack), listTop - header.rect.bottom <= parameters.labelSearchAbove,
              case let words = clean(header.text), Self.isWordy(words), words != text else { return nil }
        return words
    }

    /// `text`, the phrase naming the field's row, with its column's header first when the row is
    /// one of a marked list (`headerOfMarkedRow(_:for:)`).
    func withMarkedRowHeader(_ text: String, for rect: LayoutRect) -> String {
        headerOfMarkedRow(text, for: rect).map { $0 + " " + text } ?? text
    }

    /// The fewest rows a marker is printed on: two rows marked alike may be a coincidence of
    /// wording, three are a list.
    static let minMarkedRows = 3
    /// How far (points) the starts of one column's markers may differ: OCR's box edge.
    static let markerAlignment = 3.0
    /// The widest gap between a list's consecutive rows, in the marker's height: three text
    /// heights (rows of a list stand a line or two apart; the next list on the page further).
    static let markerRowGap = 3.0
}
