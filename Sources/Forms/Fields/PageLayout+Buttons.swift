/// Check boxes and radio buttons: every empty small square is a check box, every small circle
/// a radio option; options on one row (or stacked in one column) close together form a group
/// named by the question they answer. Squares whose options exclude each other (Yes / No) are
/// grouped as radios too; round options without labels of their own, or repeating one label (a
/// LOSS oval on every row of a table), answer separate questions and are check boxes.
///
/// A widget is placed the way form authors place them over the print: a square on the drawn
/// square, a little larger (`buttonWidgetScale`), and a square the oval's height in the middle
/// of a wide oval.
extension PageLayout {
    /// Button fields, radio options of a group consecutive.
    mutating func buttonFields() -> [FormField] {
        var fields: [FormField] = []
        let cells = boxes + squares
        let boxesOnly = squares.filter { s in !isTaken(s) && !cells.contains { $0 != s && sharesWall($0, s) } }
        let labelled = boxesOnly.map { ($0, optionLabel(for: $0)) }
        glyphButtonSide = glyphButtonSide(of: boxesOnly + circles.filter { !isTaken($0) })
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
            fields.append(checkbox(rect, label: label))
        }
        let rounds = circles.filter { !isTaken($0) }
        var grouped = Set<LayoutRect>()
        for group in rows(of: rounds) + columns(of: rounds) where group.count >= 2 && group.allSatisfy({ !grouped.contains($0) }) {
            let labels = group.map { optionLabel(for: $0) }
            group.forEach { grouped.insert($0) }
            // Options of one question each say what they are, each something else.
            if labels.contains(where: \.isEmpty) || Set(labels).count < labels.count {
                fields += zip(group, labels).map { checkbox($0, label: $1) }
            } else {
                fields += radioGroup(group, labels: labels)
            }
        }
        // A round button alone is a yes-or-no choice: a check box, which can be cleared again.
        for rect in rounds where !grouped.contains(rect) {
            fields.append(checkbox(rect, label: optionLabel(for: rect)))
        }
        return fields
    }

    /// A button's label; OCR often reads a round button into its label's first word ("OMale")
    /// or as a word of its own ("oO"), which then starts on the button.
    private func optionLabel(for rect: LayoutRect) -> String {
        let c = rect.center
        guard let index = words.firstIndex(where: { w in
            w.rect.left <= c.x && w.rect.right > rect.right + 0.5 * rect.width && w.rect.top <= c.y && w.rect.bottom >= c.y
        }) else { return buttonLabel(for: rect) }
        var text = Array(words[index].text)
        if let first = text.first, "O0oQ".contains(first) { text.removeFirst() }
        var label = String(text)
        if label.allSatisfy({ "O0oQ".contains($0) }) { label = "" }
        // The rest of the phrase the word starts, up to the next button on the row.
        let band = (rect.top - 3)...(rect.bottom + 3)
        let end = nextButtonLeft(after: rect)
        let line = TextLine.phrases(of: words.filter { band.contains($0.rect.center.y) && $0.rect.left > words[index].rect.right - 1 && $0.rect.center.x < end })
            .filter { $0.rect.left - words[index].rect.right <= 12 }.min { $0.rect.left < $1.rect.left }
        if let line { label += (label.isEmpty ? "" : " ") + line.text }
        let cleaned = clean(label)
        return cleaned.isEmpty ? buttonLabel(for: rect) : cleaned
    }

    /// Where the next button on `rect`'s row starts (infinity when none follows): an option's
    /// words end there. OCR reads that button into the next option's first word ("O AM O PM"
    /// as "OAM OPM"), so a phrase running on past it gave export values such as "AM OPM".
    func nextButtonLeft(after rect: LayoutRect) -> Double {
        let c = rect.center
        return (squares + circles).filter { $0.left > rect.right && $0.top <= c.y && $0.bottom >= c.y }.map(\.left).min() ?? .infinity
    }

    /// One check box.
    private mutating func checkbox(_ rect: LayoutRect, label: String) -> FormField {
        taken.append(rect)
        return field(widgetRect(rect), .checkbox, label: label, confidence: label.isEmpty ? 0.6 : 0.85)
    }

    /// Where a button's widget goes over its drawn shape: a little larger than the shape, or
    /// the size of the text line on a page whose boxes are glyphs.
    func widgetRect(_ drawn: LayoutRect) -> LayoutRect {
        let c = drawn.center
        let side = drawn.width > 1.3 * drawn.height ? drawn.height : nil
        var half = (w: (side ?? drawn.width) * parameters.buttonWidgetScale / 2, h: (side ?? drawn.height) * parameters.buttonWidgetScale / 2)
        if let glyph = glyphButtonSide {
            half = (max(half.w, glyph / 2), max(half.h, glyph / 2))
        }
        return LayoutRect(left: c.x - half.w, top: c.y - half.h, right: c.x + half.w, bottom: c.y + half.h)
    }

    /// Whether two cells share an edge (a grid's or a comb's neighbours, not separate buttons).
    private func sharesWall(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        let overlapY = min(a.bottom, b.bottom) - max(a.top, b.top)
        let overlapX = min(a.right, b.right) - max(a.left, b.left)
        let gapX = max(a.left, b.left) - min(a.right, b.right)
        let gapY = max(a.top, b.top) - min(a.bottom, b.bottom)
        let side = min(a.width, a.height, b.width, b.height)
        return (overlapY >= 0.6 * min(a.height, b.height) && gapX <= 0 && overlapX < 0.5 * side)
            || (overlapX >= 0.6 * min(a.width, b.width) && gapY <= 0 && overlapY < 0.5 * side)
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
            var f = field(widgetRect(rect), .radio, label: question, confidence: 0.8, exportValue: label.isEmpty ? nil : label)
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
