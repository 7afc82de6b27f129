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
        return RuleScan(rules: h.rules + v.rules, mask: try h.mask.union(v.mask))
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
            if !horizontal && isInsideText(box) { continue }
            let r = frame.rect(box)
            let scale = horizontal ? frame.scaleY : frame.scaleX
            rules.append(horizontal
                ? Rule(orientation: .horizontal, position: r.center.y, start: r.left, end: r.right, thickness: thickness * scale)
                : Rule(orientation: .vertical, position: r.center.x, start: r.top, end: r.bottom, thickness: thickness * scale))
        }
        return RuleScan(rules: rules, mask: thin)
    }
}
