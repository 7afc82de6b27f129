/// Convention: labels printed on the writing line itself. One rule runs under a whole row and the
/// captions stand on it between the places to write ("Name ________ Date ______", "State ____
/// ZIP code ______", "Ort ............ Datum ......"): the line to write on is each stretch of the
/// rule between the words, not the rule as a whole (whose words would make it a pre-printed
/// underline and drop it).
extension PageLayout {
    /// The stretches of `rule` that no word stands on, each at least a text field wide; the rule
    /// itself when no word stands on it.
    func stretchesBesideWords(of rule: Rule) -> [Rule] {
        let standing = words.filter { isStanding($0.rect, on: rule) }
            .map { ($0.rect.left - Self.labelClearance, $0.rect.right + Self.labelClearance) }
            .sorted { $0.0 < $1.0 }
        guard !standing.isEmpty else { return [rule] }
        var stretches: [Rule] = []
        var cursor = rule.start
        for (left, right) in standing where right > cursor {
            if left > cursor { stretches.append(piece(of: rule, from: cursor, to: min(left, rule.end))) }
            cursor = max(cursor, right)
            if cursor >= rule.end { break }
        }
        if rule.end > cursor { stretches.append(piece(of: rule, from: cursor, to: rule.end)) }
        return stretches.filter { $0.length >= parameters.minTextFieldWidth }
    }

    /// Whether a word stands on a rule: its bottom on the rule (a baseline sits on or just above
    /// the line, a descender reaches a little past it), its middle above it, and it lies over
    /// the rule's extent.
    func isStanding(_ word: LayoutRect, on rule: Rule) -> Bool {
        word.bottom >= rule.position - Self.baselineAboveRule && word.bottom <= rule.position + Self.descentPastRule
            && word.center.y < rule.position - Self.descentPastRule
            && min(word.right, rule.end) - max(word.left, rule.start) > 0
    }

    private func piece(of rule: Rule, from start: Double, to end: Double) -> Rule {
        Rule(orientation: .horizontal, position: rule.position, start: start, end: end, thickness: rule.thickness)
    }

    /// Space left between a caption standing on a line and the writing beside it: about a word
    /// space at the 8 to 10 points forms print captions in, so the writing does not start
    /// against the caption's last letter.
    static let labelClearance = 2.0
    /// How far above a rule a word's bottom may be and still stand on it (a baseline a little
    /// above the stroke, as typed text is on a line), and how far past it (descenders; OCR's
    /// boxes reach a point or two lower than the ink).
    static let baselineAboveRule = 6.0
    static let descentPastRule = 2.0
}
