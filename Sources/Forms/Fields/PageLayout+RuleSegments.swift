/// Where one horizontal rule carries several writing lines: a row of a form drawn as one long
/// rule under several columns ("Name … | SSN …"), a table's open last column, an answer line
/// that starts after a check box or a "fill in the oval" mark.
extension PageLayout {
    /// The pieces of `rule` that are each one writing line: cut where a column wall stands on
    /// it (a vertical rule reaching down to the rule from at least a field's height above —
    /// shorter ticks are a comb's or a scale's), where a grid's open end column starts, and
    /// around the buttons standing on it (an option's box is not part of the line written
    /// beside it).
    func writingSegments(of rule: Rule) -> [Rule] {
        let p = parameters
        var cuts: [(Double, Double)] = []
        let walls = verticals.filter { v in
            v.position > rule.start + 2 && v.position < rule.end - 2 && v.end >= rule.position - 2 && v.start <= rule.position - p.minTextFieldHeight
        }.sorted { $0.position < $1.position }
        for v in walls where v.end <= rule.position + 2.5 { cuts.append((v.position, v.position)) }
        // Walls running on across the rule are a grid's columns: their cells are boxes (or
        // shaded, not for writing). Only the end column of a grid left open at the rule's end
        // (no wall there) is a line to write on of its own.
        let crossing = walls.filter { $0.end > rule.position + 2.5 }
        let closed = { (x: Double) in
            self.verticals.contains { abs($0.position - x) <= 3 && $0.start <= rule.position - 2 && $0.end >= rule.position + 2 }
        }
        if let first = crossing.first, !closed(rule.start) { cuts.append((first.position, first.position)) }
        if let last = crossing.last, !closed(rule.end) { cuts.append((last.position, last.position)) }
        // A button standing on the line (not one in the print above it).
        let band = (rule.position - p.underlineFieldHeight / 2)...(rule.position + 1)
        for b in squares + circles where b.bottom >= band.lowerBound && b.top <= band.upperBound
            && b.center.y < rule.position && b.right > rule.start && b.left < rule.end {
            cuts.append((b.left - 1, b.right + 1))
        }
        guard !cuts.isEmpty else { return [rule] }
        var segments: [Rule] = []
        var cursor = rule.start
        for (l, r) in cuts.sorted(by: { $0.0 < $1.0 }) {
            if l > cursor { segments.append(Rule(orientation: .horizontal, position: rule.position, start: cursor, end: l, thickness: rule.thickness)) }
            cursor = max(cursor, r)
        }
        if rule.end > cursor { segments.append(Rule(orientation: .horizontal, position: rule.position, start: cursor, end: rule.end, thickness: rule.thickness)) }
        return segments
    }
}
