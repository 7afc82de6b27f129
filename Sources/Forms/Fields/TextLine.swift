/// Words that read together on one printed line (vertically overlapping, close gaps): the
/// phrases labels are made of.
struct TextLine {
    var words: [LayoutWord]
    var rect: LayoutRect

    /// The words' text, in reading order.
    var text: String { words.map(\.text).joined(separator: " ") }

    /// Groups words into phrases: words overlapping vertically by half the smaller height whose
    /// horizontal gap is under `gapFactor` times the line's height.
    static func phrases(of words: [LayoutWord], gapFactor: Double = 1.2) -> [TextLine] {
        let sorted = words.sorted { ($0.rect.left, $0.rect.top) < ($1.rect.left, $1.rect.top) }
        var lines: [TextLine] = []
        for word in sorted {
            let r = word.rect
            if let index = lines.lastIndex(where: { line in
                let overlap = min(line.rect.bottom, r.bottom) - max(line.rect.top, r.top)
                let height = min(line.rect.height, r.height)
                let gap = r.left - line.rect.right
                return overlap >= 0.5 * height && gap <= gapFactor * max(line.rect.height, r.height) && gap > -r.width
            }) {
                lines[index].words.append(word)
                lines[index].rect = lines[index].rect.union(r)
            } else {
                lines.append(TextLine(words: [word], rect: r))
            }
        }
        return lines
    }
}
