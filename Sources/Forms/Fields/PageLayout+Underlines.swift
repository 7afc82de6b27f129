/// Text and signature fields on underlines: a horizontal rule that is not a box edge and not
/// printed under words gets a writing area above it, as tall as the free space allows.
/// Evenly stacked rules of one length with nothing between them are one multi-line field.
extension PageLayout {
    /// Fields from free-standing horizontal rules.
    mutating func underlineFields() -> [FormField] {
        let p = parameters
        let candidates = horizontals.filter { $0.length >= p.minTextFieldWidth && !isBoxEdge($0) && !isUnderWords($0) }
        var fields: [FormField] = []
        var consumed = Set<Int>()
        for (i, rule) in candidates.enumerated() where !consumed.contains(i) {
            // Stacked rules: same extent, even spacing, no print between.
            var stack = [rule]
            var j = i + 1
            while j < candidates.count {
                let next = candidates[j], last = stack[stack.count - 1]
                let gap = next.position - last.position
                if gap > 32 { break }
                if abs(next.start - rule.start) <= 4 && abs(next.end - rule.end) <= 4 {
                    // A rule of the same extent closer than a writing line: a list's rows.
                    if gap < p.minStackedRuleGap { break }
                    if !words(inside: LayoutRect(left: rule.start, top: last.position + 1, right: rule.end, bottom: next.position - 1)).isEmpty { break }
                    stack.append(next)
                    consumed.insert(j)
                }
                j += 1
            }
            let height = freeHeight(above: rule)
            guard height >= 7 else { continue }
            let top = rule.position - height
            let bottom = (stack.last?.position ?? rule.position) - 0.5
            let rect = LayoutRect(left: rule.start, top: top, right: rule.end, bottom: bottom)
            guard !isTaken(rect) else { continue }
            let label = label(for: rect, allowBelow: true)
            let kind: FieldKind = FieldKindHints.isSignature(label) ? .signature : stack.count >= 2 ? .multiline : .text
            fields.append(field(rect, kind, label: label, confidence: label.isEmpty ? 0.5 : 0.8))
            taken.append(rect)
        }
        return fields
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
        return limit
    }

    /// Whether the rule is the top or bottom edge of boxes along most of its length.
    private func isBoxEdge(_ rule: Rule) -> Bool {
        var covered = 0.0
        for b in boxes where abs(b.top - rule.position) <= 2.5 || abs(b.bottom - rule.position) <= 2.5 {
            covered += max(0, min(b.right, rule.end) - max(b.left, rule.start))
        }
        return covered >= 0.5 * rule.length
    }

    /// Whether words stand on the rule along a good part of it (a pre-printed underline).
    private func isUnderWords(_ rule: Rule) -> Bool {
        var covered = 0.0
        for w in words where w.rect.bottom >= rule.position - 6 && w.rect.bottom <= rule.position + 2 {
            covered += max(0, min(w.rect.right, rule.end) - max(w.rect.left, rule.start))
        }
        return covered > parameters.maxWordOverlapInField * rule.length
    }
}
