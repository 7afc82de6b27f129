import Imaging

/// Convention: writing lines drawn as dotted or dashed leaders ("Nome ………… Data ……",
/// "Ort ........"), common on European forms (the Italian municipal forms of the large corpus
/// print every line to fill in this way). Morphology closes the dots into runs, which become
/// rules like solid underlines; OCR reads the same dots as words ("eee", "cece") or glues them
/// to the label they follow ("telefono.........."), so the words are cut back to their letters.
extension RasterScan {
    /// Dotted and dashed lines: the page's small marks alone, bridged along rows and opened like
    /// solid rules. The spaced leaders that lead the eye to an answer box (". . . . ▶", a dot
    /// every 12 points on IRS forms) stay apart: the bridge spans the gap of typed periods or
    /// an ellipsis, not those.
    func dottedRules(besides solid: [Rule]) throws -> RuleScan {
        let p = parameters
        let dot = frame.pixelsY(p.maxLeaderDot)
        let dots = try ink.smallComponents(width: frame.pixelsX(p.maxLeaderDash), height: dot)
        let lines = try dots.closed(width: frame.pixelsX(p.leaderGapBridge), height: 1)
            .opened(width: frame.pixelsX(p.minHorizontalRule), height: 1)
        var rules: [Rule] = []
        for (box, _) in lines.components(connectivity: 8) where box.height <= dot + 2 {
            let r = frame.rect(box)
            // Small print run together is text: its letters stand above the dot-sized parts. A
            // leader has nothing printed right above it, though OCR's words may cover it (it
            // reads the dots as letters, or glues them to the label), so words do not decide.
            if hasPrintAbove(box) { continue }
            if solid.contains(where: { abs($0.position - r.center.y) <= 2 && $0.start <= r.left + 2 && $0.end >= r.right - 2 }) { continue }
            // Its weight is its dots' ink per unit of length, the measure a solid rule's
            // thickness is: a leader's dots stand taller than a hairline (round dots of 1.5 to
            // 2 points), but the line is as light as one, and no divider.
            let weight = Double(dots.inkCount(in: box)) / Double(max(1, box.width)) * frame.scaleY
            rules.append(Rule(orientation: .horizontal, position: r.center.y, start: r.left, end: r.right, thickness: weight))
        }
        return RuleScan(rules: rules, mask: lines)
    }

    /// Whether ink stands in a thin band right above a run of dots along a good part of it: the
    /// run is the bottom of small print (letters whose parts are dot-sized), not a leader.
    private func hasPrintAbove(_ run: PixelBox) -> Bool {
        let gap = max(1, frame.pixelsY(Self.leaderClearance.gap)), depth = max(1, frame.pixelsY(Self.leaderClearance.depth))
        let step = max(1, frame.pixelsX(1))
        guard run.y - gap - depth >= 0 else { return false }
        var inked = 0, columns = 0
        var x = run.x
        while x < run.right {
            columns += 1
            if ink.inkCount(in: PixelBox(x: x, y: run.y - gap - depth, width: min(step, run.right - x), height: depth)) > 0 { inked += 1 }
            x += step
        }
        return Double(inked) > Self.maxPrintAboveLeader * Double(columns)
    }

    /// The band above a leader that must be free of ink: from `gap` to `gap + depth` points
    /// above the dots. The letters of the label a leader follows stand beside it, not above
    /// it; the line before is a line's spacing away (a descender reaches about 2.5 points
    /// below its baseline, so at 10-point spacing it stays above 3.5 points).
    static let leaderClearance = (gap: 0.5, depth: 3.0)
    /// Share of a leader's length that may have ink above it (the label's last letters and a
    /// closing period joined to the run at its ends).
    static let maxPrintAboveLeader = 0.2

    /// The page's words with leaders taken out: a word lying on a leader is cut back to the
    /// columns where print stands above the dots (its letters), or dropped when there are none
    /// (dots read as "eee"); leader characters at its ends are dropped from its text.
    func wordsOffLeaders(_ words: [LayoutWord], leaders: [Rule]) -> [LayoutWord] {
        guard !leaders.isEmpty else { return words }
        return words.compactMap { word in
            let r = word.rect
            let under = leaders.filter { l in
                l.position > r.center.y - 0.25 * r.height && l.position <= r.bottom + parameters.maxLeaderDot
                    && min(l.end, r.right) - max(l.start, r.left) > 0
            }
            guard let leader = under.max(by: { $0.position < $1.position }) else { return word }
            // OCR's boxes are not trusted to lie on the page.
            let page = PixelBox(x: 0, y: 0, width: ink.width, height: ink.height)
            let raw = frame.box(r)
            let x0 = max(page.x, raw.x), x1 = min(page.right, raw.right), y0 = max(page.y, raw.y)
            guard x1 > x0 else { return word }
            let box = PixelBox(x: x0, y: y0, width: x1 - x0, height: max(0, min(page.bottom, raw.bottom) - y0))
            // Its dots are at most `maxLeaderDot` tall, centred on its position.
            let dotsTop = frame.box(LayoutRect(left: r.left, top: leader.position - parameters.maxLeaderDot / 2,
                                               right: r.right, bottom: leader.position + parameters.maxLeaderDot / 2)).y
            let gap = max(1, frame.pixelsY(Self.leaderClearance.gap))
            let height = dotsTop - gap - box.y
            guard height > 0 else { return nil }
            let step = max(1, frame.pixelsX(0.5))
            var first: Int?, last: Int?
            var x = box.x
            while x < box.right {
                if ink.inkCount(in: PixelBox(x: x, y: box.y, width: min(step, box.right - x), height: height)) > 0 {
                    if first == nil { first = x }
                    last = min(box.right, x + step)
                }
                x += step
            }
            guard let first, let last else { return nil }
            let letters = frame.rect(PixelBox(x: first, y: box.y, width: last - first, height: box.height))
            var trimmed = word
            trimmed.rect = LayoutRect(left: max(r.left, letters.left), top: r.top, right: min(r.right, letters.right), bottom: r.bottom)
            trimmed.text = word.text.trimmingCharacters(in: Self.leaderCharacters)
            return trimmed.text.isEmpty ? nil : trimmed
        }
    }

    /// Characters OCR makes of a leader's dots at a word's ends.
    static let leaderCharacters = Set<Character>([".", "…", "·", "_", ","])
}

private extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
