import Imaging

/// Rules found on a page, and the mask of their pixels (used to find enclosures and marks).
struct RuleScan {
    var rules: [Rule]
    var mask: PixImage
    /// The dotted and dashed writing lines among `rules` (OCR reads their dots as words).
    var leaders: [Rule] = []
    /// Thin horizontal strokes left out because they ran under OCR words (pixel boxes).
    var underWords: [PixelBox] = []
    /// Horizontal rules kept with OCR words standing on them (pixel boxes): on a noisy scan OCR
    /// reads comb ticks as words whose boxes end on the line instead of crossing it.
    var wordsStanding: [PixelBox] = []
    /// The lines among `rules` that carry comb ticks (OCR reads their ticks as words).
    var tickedLines: [Rule] = []
}

extension RasterScan {
    /// Horizontal and vertical rules: ink opened with long thin bricks after small gaps are
    /// bridged (broken and dashed lines, scanner dropouts), with thick bands (filled areas,
    /// text run together by the bridging) taken out so only thin strokes remain.
    func rules() throws -> RuleScan {
        let h = try directionalRules(horizontal: true)
        let v = try directionalRules(horizontal: false)
        let dotted = try dottedRules(besides: h.rules)
        // Typed underscores ("nato/a ________ il ____"): dashes of 4 to 6 points with gaps of
        // 1 to 1.5 points between glyphs. The solid pass bridges only the narrowest gaps and
        // finds the line as pieces, each made a short field of its own; the leader pass finds
        // it whole. Pieces lying along a leader are parts of it.
        let solid = h.rules.filter { piece in !dotted.rules.contains { Self.isPiece(piece, of: $0) } }
        // Lines of comb ticks OCR read as words ("└┴┴┘" as "LL bb"), with their short ticks;
        // ticks tall enough to be found as rules already are not added twice.
        let isNewTick = { (tick: Rule) in
            tick.orientation == .vertical && !v.rules.contains { abs($0.position - tick.position) <= 1 && abs($0.end - tick.end) <= 2 }
        }
        let ticked = tickedLines(among: h.underWords).filter { $0.orientation == .horizontal || isNewTick($0) }
        // The same lines kept as rules because OCR's words for their ticks stand on them: the
        // line is a rule already, its ticks (taken for letters' stems) are not.
        let tickedKept = tickedLines(among: h.wordsStanding)
        let keptTicks = tickedKept.filter(isNewTick)
        return RuleScan(rules: solid + v.rules + dotted.rules + ticked + keptTicks, mask: try h.mask.union(v.mask).union(dotted.mask),
                        leaders: dotted.rules, tickedLines: (ticked + tickedKept).filter { $0.orientation == .horizontal })
    }

    /// Whether a solid horizontal rule lies along a leader, within its ends: the same line.
    static func isPiece(_ rule: Rule, of leader: Rule) -> Bool {
        abs(rule.position - leader.position) <= pieceTolerance
            && rule.start >= leader.start - pieceTolerance && rule.end <= leader.end + pieceTolerance
    }

    /// Two points: the tolerance `dottedRules` uses to find a leader already drawn solid (a
    /// rule's centre moves by half its thickness between the two passes' masks).
    static let pieceTolerance = 2.0

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

        let paperTinted = horizontal && isPaperTinted
        var rules: [Rule] = []
        var underWords: [PixelBox] = [], wordsStanding: [PixelBox] = []
        for (box, pixels) in thin.components(connectivity: 8) {
            let length = horizontal ? box.width : box.height
            guard length >= minimum else { continue }
            let thickness = Double(pixels) / Double(length)
            guard thickness <= Double(thickest) + 0.5 else { continue }
            let r = frame.rect(box)
            if isText(r, horizontal: horizontal) {
                if horizontal { underWords.append(box) }
                continue
            }
            let scale = horizontal ? frame.scaleY : frame.scaleX
            guard horizontal else {
                rules.append(Rule(orientation: .vertical, position: r.center.x, start: r.top, end: r.bottom, thickness: thickness * scale))
                continue
            }
            if hasWordsStanding(on: r) { wordsStanding.append(box) }
            for run in paperTinted ? [box] : untintedRuns(of: box, minimum: minimum) {
                let piece = frame.rect(run)
                rules.append(Rule(orientation: .horizontal, position: r.center.y, start: piece.left, end: piece.right, thickness: thickness * scale))
            }
        }
        return RuleScan(rules: rules, mask: thin, underWords: underWords, wordsStanding: wordsStanding)
    }

    /// The parts of a horizontal rule not running under a tinted area (paper shaded gray or
    /// coloured, not inked, in a band a few points above the stroke): under tint the rule is a
    /// grid line of a shaded block — where forms mean nothing to be entered — not a line to
    /// write on. Runs shorter than `minimum` pixels are dropped.
    private func untintedRuns(of rule: PixelBox, minimum: Int) -> [PixelBox] {
        let gap = frame.pixelsY(1), depth = frame.pixelsY(4), step = frame.pixelsX(4)
        let top = rule.y - gap - depth
        guard top >= 0, rule.width > step else { return [rule] }
        var runs: [PixelBox] = []
        var start: Int?
        var x = rule.x
        while x < rule.right {
            let band = PixelBox(x: x, y: top, width: min(step, rule.right - x), height: depth)
            let tinted = shaded.inkCount(in: band) - ink.inkCount(in: band)
            let isTinted = Double(tinted) >= 0.6 * Double(band.width * band.height)
            if !isTinted && start == nil { start = x }
            if isTinted, let s = start {
                runs.append(PixelBox(x: s, y: rule.y, width: x - s, height: rule.height))
                start = nil
            }
            x += step
        }
        if let s = start { runs.append(PixelBox(x: s, y: rule.y, width: rule.right - s, height: rule.height)) }
        return runs.filter { $0.width >= minimum }
    }

    /// Whether most of the page is tinted (a form printed on coloured paper, or a scan's gray
    /// cast): then tint marks no shaded block.
    private var isPaperTinted: Bool {
        let all = PixelBox(x: 0, y: 0, width: shaded.width, height: shaded.height)
        return Double(shaded.inkCount(in: all) - ink.inkCount(in: all)) >= 0.5 * Double(all.width * all.height)
    }

    /// Whether OCR words stand on a horizontal rule over half its length: their boxes end on
    /// it (within a tick's least height), as words read from marks drawn on the line do.
    private func hasWordsStanding(on r: LayoutRect) -> Bool {
        let covered = textRects.filter { abs($0.bottom - r.center.y) <= Self.minTickHeight }
            .reduce(0.0) { $0 + max(0, min($1.right, r.right) - max($1.left, r.left)) }
        return covered >= 0.5 * r.width
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
