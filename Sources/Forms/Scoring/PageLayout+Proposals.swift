/// Geometry proposals for the learned scorer: writing areas the assembler's rules do not offer,
/// made from every rule and box without judging them (the scorer judges). On the large corpus the
/// assembler's fields miss about a third of the visible text widgets; of those, most stand on a
/// horizontal rule (a line cut by the words printed on it, a table row's rule under several
/// columns) or fill the lower part of a small box under its caption (the IRS information-return
/// convention: "1 Gross distribution" at the top of the cell, the amount below).
extension PageLayout {
    /// A writing area is at least this wide (points): a two-digit answer.
    static let proposalMinWidth = 12.0
    /// And at least this tall: the lowest row of the dense tax tables.
    static let proposalMinHeight = 7.0
    /// The tallest writing area proposed above a rule: a line and a half of handwriting.
    static let proposalLineHeight = 14.0
    /// Words whose bottom lies this close above a rule stand on it (they cut the line).
    static let standingWordReach = 4.0
    /// Boxes taller than this are frames or multi-line areas the assembler handles.
    static let proposalMaxBoxHeight = 60.0

    /// Text-field proposals: free pieces of every horizontal rule with the space above them, the
    /// parts of small boxes left free by their captions, and the blank room after colon labels.
    func geometryProposals() -> [FormField] {
        ruleProposals() + boxProposals() + labelRoomProposals()
    }

    /// Each horizontal rule cut by column walls and by the words standing on it; each piece gets
    /// the free space above it, up to a line's height.
    private func ruleProposals() -> [FormField] {
        var out: [FormField] = []
        for rule in horizontals where rule.length >= Self.proposalMinWidth {
            let standing = words.filter { w in
                w.rect.bottom <= rule.position + 1 && w.rect.bottom >= rule.position - Self.standingWordReach
                    && w.rect.right > rule.start && w.rect.left < rule.end
            }.map { ($0.rect.left - 2, $0.rect.right + 2) }
            let walls = verticals.filter { v in
                v.position > rule.start + 2 && v.position < rule.end - 2 && v.end >= rule.position - 2 && v.start <= rule.position - Self.proposalMinHeight
            }.map { ($0.position, $0.position) }
            for (start, end) in free(rule.start, rule.end, cuts: standing + walls) where end - start >= Self.proposalMinWidth {
                let height = freeHeight(above: rule.position, from: start, to: end)
                guard height >= Self.proposalMinHeight else { continue }
                let rect = LayoutRect(left: start, top: rule.position - height, right: end, bottom: rule.position - 0.5)
                out.append(field(rect, .text, label: label(for: rect), confidence: 0.5))
            }
        }
        return out
    }

    /// The free part of small boxes: below their caption (or the whole box when it is empty), and
    /// right of a caption on its left.
    private func boxProposals() -> [FormField] {
        var out: [FormField] = []
        for box in boxes where box.width >= Self.proposalMinWidth && box.height >= Self.proposalMinHeight
            && box.height <= Self.proposalMaxBoxHeight {
            let inner = box.insetBy(1)
            let printed = words(inside: inner)
            guard let text = printed.map(\.rect).reduce(nil, { (a: LayoutRect?, b) in a?.union(b) ?? b }) else {
                out.append(field(inner, box.height > parameters.maxSingleLineHeight ? .multiline : .text, label: label(for: box), confidence: 0.5))
                continue
            }
            let caption = clean(TextLine.phrases(of: printed).map(\.text).joined(separator: " "))
            if inner.bottom - text.bottom >= Self.proposalMinHeight {
                out.append(field(LayoutRect(left: inner.left, top: text.bottom + 0.5, right: inner.right, bottom: inner.bottom), .text,
                                 label: caption, confidence: 0.5))
            }
            if inner.right - text.right >= Self.proposalMinWidth {
                out.append(field(LayoutRect(left: text.right + 2, top: inner.top, right: inner.right, bottom: inner.bottom), .text,
                                 label: caption, confidence: 0.5))
            }
        }
        return out
    }

    /// The intervals of `start...end` no cut covers.
    private func free(_ start: Double, _ end: Double, cuts: [(Double, Double)]) -> [(Double, Double)] {
        var pieces: [(Double, Double)] = []
        var cursor = start
        for (l, r) in cuts.sorted(by: { $0.0 < $1.0 }) {
            if l > cursor { pieces.append((cursor, min(l, end))) }
            cursor = max(cursor, r)
            if cursor >= end { break }
        }
        if cursor < end { pieces.append((cursor, end)) }
        return pieces
    }

    /// The room above `y` between `left` and `right`, up to a line's height: the nearest rule,
    /// word or mark above bounds it.
    private func freeHeight(above y: Double, from left: Double, to right: Double) -> Double {
        var limit = Self.proposalLineHeight
        let overlaps = { (l: Double, r: Double) in min(r, right) - max(l, left) > 2 }
        for other in horizontals where other.position < y - 2 && overlaps(other.start, other.end) {
            limit = min(limit, y - other.position - 1)
        }
        for w in words where w.rect.bottom < y - Self.standingWordReach + 0.5 && overlaps(w.rect.left, w.rect.right) {
            limit = min(limit, y - w.rect.bottom - 1)
        }
        return limit
    }
}
