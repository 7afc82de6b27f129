/// Text and signature fields on underlines: a horizontal rule that is not a box edge and not
/// printed under words gets a writing area above it, as tall as the free space allows.
///
/// Convention: every writing line is a field of its own, also where lines of one length are
/// stacked evenly with nothing printed between them (lined space for an explanation, a list of
/// names). Form authors put one single-line widget on each line: on forms-large, reading such a
/// stack as one multi-line field matched no truth widget it covered (text recall 0.688 -> 0.727
/// without it, multi-line recall unchanged at 0.713), and the 15 original forms are unchanged.
extension PageLayout {
    /// Fields from free-standing horizontal rules.
    mutating func underlineFields() -> [FormField] {
        let p = parameters
        let candidates = horizontals.filter { $0.thickness <= p.maxUnderlineThickness }.flatMap(freeSegments).flatMap(writingSegments).filter { $0.length >= p.minTextFieldWidth && !isUnderWords($0) }
            .sorted { $0.position < $1.position }
        // Forms that print each line's caption under it ("LAST", "FIRST" under the lines): there
        // the phrase above a line is the caption of the line before, and the one below is its own.
        let captioned = candidates.filter { caption(below: $0) != nil }.count
        let captionsBelow = candidates.count >= 3 && 2 * captioned >= candidates.count
        var fields: [FormField] = []
        for rule in candidates {
            let height = freeHeight(above: rule)
            guard height >= p.minTextFieldHeight else { continue }
            let space = LayoutRect(left: rule.start, top: rule.position - height, right: rule.end, bottom: rule.position - 0.5)
            guard !isTaken(space) else { continue }
            let label = captionsBelow ? caption(below: rule).map { clean($0.text) } ?? label(for: space, allowBelow: true)
                : label(for: space, allowBelow: true)
            // Labelled by a check box's option ("O Yes"): the rule is a table's border by the options.
            if FieldKindHints.startsWithBoxGlyph(label) { continue }
            let kind: FieldKind = FieldKindHints.isSignature(label) ? .signature : .text
            // A typed entry is one line of type sitting on the rule; a signature takes the space.
            let rect = kind == .signature ? space
                : LayoutRect(left: space.left, top: rule.position - min(height, p.underlineTypedFieldHeight), right: space.right, bottom: space.bottom)
            fields.append(field(rect, kind, label: label, confidence: label.isEmpty ? 0.5 : 0.8))
            taken.append(rect)
        }
        return fields
    }

    /// A phrase printed just under a rule, starting where the rule starts: its caption.
    private func caption(below rule: Rule) -> TextLine? {
        phrases.first { p in
            p.rect.top >= rule.position - 0.5 && p.rect.top - rule.position <= 6 && abs(p.rect.left - rule.start) <= 8
                && p.rect.right <= rule.end + 4 && p.text.contains(where: \.isLetter)
        }
    }

    /// The writing height above a rule: the default, or less where print or another rule is closer.
    private func freeHeight(above rule: Rule) -> Double {
        var limit = parameters.underlineFieldHeight
        let overlapsRule: (Double, Double) -> Bool = { l, r in min(r, rule.end) - max(l, rule.start) > 2 }
        for other in horizontals where other.position < rule.position - 2 && overlapsRule(other.start, other.end) {
            limit = min(limit, rule.position - other.position - 1)
        }
        for w in words where w.rect.bottom < rule.position - 3 && overlapsRule(w.rect.left, w.rect.right) {
            limit = min(limit, rule.position - w.rect.bottom - 1)
        }
        // Print OCR did not read (faint or coloured type) is print all the same.
        for m in marks where m.height >= 4 && m.bottom < rule.position - 3 && overlapsRule(m.left, m.right) {
            limit = min(limit, rule.position - m.bottom - 1)
        }
        return limit
    }

    /// The parts of a rule that are not the top or bottom edge of a box (a table's rule runs on
    /// past its closed cells as the underline of an open column), nor of a row of character
    /// cells made a field already (the line along a comb's top is its lid, not a line to write
    /// above).
    private func freeSegments(of rule: Rule) -> [Rule] {
        let edges = (boxes + taken.filter(isDividedIntoCells)).filter { abs($0.top - rule.position) <= 2.5 || abs($0.bottom - rule.position) <= 2.5 }
            .map { ($0.left, $0.right) }.sorted { $0.0 < $1.0 }
        var segments: [Rule] = []
        var cursor = rule.start
        for (l, r) in edges where r > cursor {
            if l > cursor + 1 { segments.append(Rule(orientation: .horizontal, position: rule.position, start: cursor, end: min(l, rule.end), thickness: rule.thickness)) }
            cursor = max(cursor, r)
            if cursor >= rule.end { break }
        }
        if cursor < rule.end - 1 { segments.append(Rule(orientation: .horizontal, position: rule.position, start: cursor, end: rule.end, thickness: rule.thickness)) }
        return segments
    }

    /// Whether ticks divide a field's inside into cells (at least a comb's least number).
    private func isDividedIntoCells(_ rect: LayoutRect) -> Bool {
        let ticks = verticals.filter { v in
            v.position > rect.left + 2 && v.position < rect.right - 2 && v.start <= rect.top + 3 && v.end >= rect.bottom - 3
                && v.end - v.start <= rect.height + 6
        }
        return ticks.count + 1 >= parameters.minCombCells
    }

    /// Whether words stand on the rule along a good part of it (a pre-printed underline).
    private func isUnderWords(_ rule: Rule) -> Bool {
        var covered = 0.0
        for w in words where w.rect.bottom >= rule.position - 6 && w.rect.bottom <= rule.position + 2 && w.rect.center.y < rule.position - 2 {
            covered += max(0, min(w.rect.right, rule.end) - max(w.rect.left, rule.start))
        }
        return covered > parameters.maxWordOverlapInField * rule.length
    }
}
