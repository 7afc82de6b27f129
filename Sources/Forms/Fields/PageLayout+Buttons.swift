/// Check boxes and radio buttons: every empty small square is a check box, every small circle
/// a radio option; options on one row (or stacked in one column) close together form a group
/// named by the question they answer. Squares whose options exclude each other (Yes / No) are
/// grouped as radios too.
extension PageLayout {
    /// Button fields, radio options of a group consecutive.
    mutating func buttonFields() -> [FormField] {
        var fields: [FormField] = []
        let boxesOnly = squares.filter { !isTaken($0) }
        let labelled = boxesOnly.map { ($0, buttonLabel(for: $0)) }
        // Squares: exclusive option pairs on one row become radio groups.
        var radioSquares = Set<LayoutRect>()
        for group in rows(of: labelled.map(\.0)) where group.count >= 2 {
            let labels = group.map { r in labelled.first { $0.0 == r }?.1 ?? "" }
            if labels.allSatisfy(FieldKindHints.isExclusiveOption) {
                fields += radioGroup(group, labels: labels)
                group.forEach { radioSquares.insert($0) }
            }
        }
        for (rect, label) in labelled where !radioSquares.contains(rect) {
            fields.append(field(rect, .checkbox, label: label, confidence: label.isEmpty ? 0.6 : 0.85))
            taken.append(rect)
        }
        let rounds = circles.filter { !isTaken($0) }
        var grouped = Set<LayoutRect>()
        for group in rows(of: rounds) + columns(of: rounds) where group.count >= 2 && group.allSatisfy({ !grouped.contains($0) }) {
            fields += radioGroup(group, labels: group.map { buttonLabel(for: $0) })
            group.forEach { grouped.insert($0) }
        }
        for rect in rounds where !grouped.contains(rect) {
            fields += radioGroup([rect], labels: [buttonLabel(for: rect)])
        }
        return fields
    }

    /// One radio group: the question is the phrase left of (or above) the first option.
    private mutating func radioGroup(_ options: [LayoutRect], labels: [String]) -> [FormField] {
        guard let first = options.first else { return [] }
        let optionTexts = Set(labels)
        var question = ""
        if let left = phraseLeft(of: first, reach: parameters.labelSearchLeft), !optionTexts.contains(clean(left.text)) {
            question = clean(left.text)
        } else if let above = phraseAbove(first) {
            question = clean(above.text)
        }
        if question.isEmpty { question = labels.first ?? "" }
        let name = FieldNamer.slug(question, fallback: "radio")
        return zip(options, labels).map { rect, label in
            taken.append(rect)
            var f = field(rect, .radio, label: question, confidence: 0.8, exportValue: label.isEmpty ? nil : label)
            f.name = name
            return f
        }
    }

    /// Buttons sharing a row, split where the gap between neighbours is too wide.
    private func rows(of buttons: [LayoutRect]) -> [[LayoutRect]] {
        var groups: [[LayoutRect]] = []
        for b in buttons.sorted(by: { ($0.center.y, $0.left) < ($1.center.y, $1.left) }) {
            if let i = groups.lastIndex(where: { g in
                guard let last = g.last else { return false }
                return abs(last.center.y - b.center.y) <= 3 && b.left - last.right <= parameters.radioGroupGap
            }) {
                groups[i].append(b)
            } else {
                groups.append([b])
            }
        }
        return groups
    }

    /// Buttons stacked in a column at a line's spacing.
    private func columns(of buttons: [LayoutRect]) -> [[LayoutRect]] {
        var groups: [[LayoutRect]] = []
        for b in buttons.sorted(by: { ($0.left, $0.top) < ($1.left, $1.top) }) {
            if let i = groups.lastIndex(where: { g in
                guard let last = g.last else { return false }
                return abs(last.center.x - b.center.x) <= 3 && b.top - last.bottom <= 16
            }) {
                groups[i].append(b)
            } else {
                groups.append([b])
            }
        }
        return groups
    }
}
