/// Boxes closed by separate rules: a table drawn line by line, a box drawn as four strokes.
/// Each cell found is minimal — no rule crosses it — so a grid gives one box per cell.
struct RuleCells {
    /// Ends closer than this meet.
    var tolerance: Double
    /// At most this many rules of each direction are combined (a page of hatching would
    /// otherwise cost too much for nothing).
    var maxRules = 2_000

    /// The cells `rules` close.
    func cells(from rules: [Rule]) -> [LayoutRect] {
        let horizontal = rules.filter { $0.orientation == .horizontal }.sorted { $0.position < $1.position }
        let vertical = rules.filter { $0.orientation == .vertical }.sorted { $0.position < $1.position }
        guard horizontal.count <= maxRules, vertical.count <= maxRules else { return [] }
        let t = tolerance
        // A vertical rule v spans the horizontal position y; a horizontal h spans x.
        func spans(_ rule: Rule, _ value: Double) -> Bool { rule.start - t <= value && value <= rule.end + t }
        var cells = Set<LayoutRect>()
        for top in horizontal {
            // Verticals leaving `top` downwards, left to right.
            let down = vertical.filter { spans(top, $0.position) && spans($0, top.position) && $0.end > top.position + t }
            guard down.count >= 2 else { continue }
            for (i, left) in down.enumerated() {
                for right in down[(i + 1)...] where right.position - left.position > t {
                    // The first horizontal below `top` spanning both verticals, within their extents.
                    let limit = min(left.end, right.end) + t
                    guard let bottom = horizontal.first(where: {
                        $0.position > top.position + t && $0.position <= limit
                            && spans($0, left.position) && spans($0, right.position)
                    }) else { continue }
                    cells.insert(LayoutRect(left: left.position, top: top.position, right: right.position, bottom: bottom.position))
                    break
                }
            }
        }
        return cells.sorted { ($0.top, $0.left) < ($1.top, $1.left) }
    }
}
