import Imaging

/// Rules found on a page, and the mask of their pixels (used to find enclosures and marks).
struct RuleScan {
    var rules: [Rule]
    var mask: PixImage
}

extension RasterScan {
    /// Horizontal and vertical rules: ink opened with long thin bricks after small gaps are
    /// bridged (broken and dashed lines, scanner dropouts), with thick bands (filled areas,
    /// text run together by the bridging) taken out so only thin strokes remain.
    func rules() throws -> RuleScan {
        let h = try directionalRules(horizontal: true)
        let v = try directionalRules(horizontal: false)
        let dotted = try dottedRules(besides: h.rules)
        return RuleScan(rules: h.rules + v.rules + dotted.rules, mask: try h.mask.union(v.mask).union(dotted.mask))
    }

    /// Dotted and dashed lines (fill-in leaders drawn as dots): the page's small marks
    /// alone, bridged along rows and opened like solid rules. Dots further apart than the
    /// bridge (the spaced leaders that lead the eye to an answer box) stay apart.
    private func dottedRules(besides solid: [Rule]) throws -> RuleScan {
        let p = parameters
        let dot = frame.pixelsY(p.maxLeaderDot)
        let dots = try ink.smallComponents(width: frame.pixelsX(p.maxLeaderDash), height: dot)
        let lines = try dots.closed(width: frame.pixelsX(p.leaderGapBridge), height: 1)
            .opened(width: frame.pixelsX(p.minHorizontalRule), height: 1)
        var rules: [Rule] = []
        for (box, _) in lines.components(connectivity: 8) where box.height <= dot + 2 {
            let r = frame.rect(box)
            if isText(r, horizontal: true) { continue }
            if solid.contains(where: { abs($0.position - r.center.y) <= 2 && $0.start <= r.left + 2 && $0.end >= r.right - 2 }) { continue }
            rules.append(Rule(orientation: .horizontal, position: r.center.y, start: r.left, end: r.right, thickness: r.height))
        }
        return RuleScan(rules: rules, mask: lines)
    }

    private func directionalRules(horizontal: Bool) throws -> RuleScan {
        let p = parameters
        let f = frame
        func along(_ points: Double) -> Int { horizontal ? f.pixelsX(points) : f.pixelsY(points) }
        func across(_ points: Double) -> Int { horizontal ? f.pixelsY(points) : f.pixelsX(points) }
        let gap = along(p.ruleGapBridge)
        let minimum = along(horizontal ? p.minHorizontalRule : p.minVerticalRule)
        let thickest = across(p.maxRuleThickness)
        func brick(_ a: Int, _ c: Int) -> (Int, Int) { horizontal ? (a, c) : (c, a) }

        let (gw, gh) = brick(gap, 1)
        let (ow, oh) = brick(minimum, 1)
        let (tw, th) = brick(1, thickest + 2)
        let long = try ink.closed(width: gw, height: gh).opened(width: ow, height: oh)
        let thick = try long.opened(width: tw, height: th)
        let thin = try long.subtracting(thick).opened(width: ow, height: oh)

        var rules: [Rule] = []
        for (box, pixels) in thin.components(connectivity: 8) {
            let length = horizontal ? box.width : box.height
            guard length >= minimum else { continue }
            let thickness = Double(pixels) / Double(length)
            guard thickness <= Double(thickest) + 0.5 else { continue }
            let r = frame.rect(box)
            if isText(r, horizontal: horizontal) { continue }
            let scale = horizontal ? frame.scaleY : frame.scaleX
            rules.append(horizontal
                ? Rule(orientation: .horizontal, position: r.center.y, start: r.left, end: r.right, thickness: thickness * scale)
                : Rule(orientation: .vertical, position: r.center.x, start: r.top, end: r.bottom, thickness: thickness * scale))
        }
        return RuleScan(rules: rules, mask: thin)
    }

    /// Whether a rule candidate runs through words for half its length: strokes of letters
    /// (bridged into a line along a text line, or down through stacked lines), not a rule.
    private func isText(_ r: LayoutRect, horizontal: Bool) -> Bool {
        let position = horizontal ? r.center.y : r.center.x
        let length = horizontal ? r.width : r.height
        var covered = 0.0
        for w in textRects {
            if horizontal {
                guard position > w.top + 1, position < w.bottom - 1 else { continue }
                covered += max(0, min(w.right, r.right) - max(w.left, r.left))
            } else {
                guard position > w.left + 0.3, position < w.right - 0.3 else { continue }
                covered += max(0, min(w.bottom, r.bottom) - max(w.top, r.top))
            }
        }
        return covered >= 0.5 * length
    }
}
