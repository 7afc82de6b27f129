import Imaging

/// Comb cells drawn as short ticks standing on a writing line ("└┴┴┴┘", the French and European
/// convention for a postcode, a day, a month, a year): the ticks are shorter than any rule, and
/// OCR reads the whole as words ("LL", "bb", "Ld"), so the line was taken for the bottom of a
/// word and dropped. A line is kept, with its ticks as short vertical rules, when thin ticks stand
/// at both its ends and evenly between them, with nothing else above the line between them:
/// letters standing on a line are neither so thin nor so regular, and fill the space between.
extension RasterScan {
    /// The lines among `candidates` (pixel boxes of thin horizontal strokes that ran under OCR
    /// words) that carry comb ticks: each line and its ticks, in points.
    func tickedLines(among candidates: [PixelBox]) -> [Rule] {
        candidates.flatMap { tickedLine($0) ?? [] }
    }

    private func tickedLine(_ line: PixelBox) -> [Rule]? {
        let reach = frame.pixelsY(Self.maxTickHeight)
        let window = PixelBox(x: line.x, y: line.y - reach, width: line.width, height: reach)
        guard window.y >= 0, let (area, bits) = ink.bits(in: window), area.width == line.width, area.height == reach else { return nil }
        // How far ink runs straight up from the line in each column (a pixel's gap allowed just
        // above the line, where the stroke's measured top may fall short of its ink).
        let heights = (0..<area.width).map { x -> Int in
            var y = area.height - 1
            if !bits[y * area.width + x] { y -= 1 }
            var run = 0
            while y >= 0 && bits[y * area.width + x] { run += 1; y -= 1 }
            return run
        }
        let minimum = frame.pixelsY(Self.minTickHeight), widest = frame.pixelsX(Self.maxTickWidth)
        var ticks: [(x: Int, width: Int, height: Int)] = []
        var start: Int?
        for x in 0...area.width {
            let standing = x < area.width && heights[x] >= minimum
            if standing && start == nil { start = x }
            if !standing, let s = start {
                ticks.append((s, x - s, heights[s..<x].max() ?? 0))
                start = nil
            }
        }
        let end = frame.pixelsX(Self.endTickTolerance)
        guard ticks.count >= 3, ticks.allSatisfy({ $0.width <= widest }),
              let first = ticks.first, let last = ticks.last,
              first.x <= end, area.width - (last.x + last.width) <= end else { return nil }
        // Between the ticks the cells are empty: a letter standing on the line ("of") has its
        // bowl or its arm there. A few specks are allowed (a scan's noise).
        let tickColumns = Set(ticks.flatMap { $0.x..<($0.x + $0.width) })
        let between = (0..<area.width).filter { !tickColumns.contains($0) }.reduce(0) { sum, x in
            sum + (0..<area.height).filter { bits[$0 * area.width + x] }.count
        }
        guard between <= area.width / 4 else { return nil }
        let centres = ticks.map { Double($0.x) + Double($0.width) / 2 }
        let gaps = zip(centres.dropFirst(), centres).map { $0 - $1 }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        guard Double(frame.pixelsX(Self.minCellWidth)) <= mean,
              gaps.allSatisfy({ abs($0 - mean) <= parameters.maxCombWidthSpread * mean + 1 }) else { return nil }
        let rect = frame.rect(line)
        let scale = frame.scaleX
        var rules = [Rule(orientation: .horizontal, position: rect.center.y, start: rect.left, end: rect.right,
                          thickness: Double(line.height) * frame.scaleY)]
        for tick in ticks {
            let x = rect.left + (Double(tick.x) + Double(tick.width) / 2) * scale
            rules.append(Rule(orientation: .vertical, position: x, start: rect.top - Double(tick.height) * frame.scaleY,
                              end: rect.center.y, thickness: Double(tick.width) * scale))
        }
        return rules
    }

    /// The words left when OCR's readings of comb ticks ("LL", "bb") are taken out: words lying
    /// mostly over a ticked line's span, the line crossing their lower half.
    func wordsOffTickedLines(_ words: [LayoutWord], lines: [Rule]) -> [LayoutWord] {
        guard !lines.isEmpty else { return words }
        return words.filter { word in
            let r = word.rect
            return !lines.contains { l in
                l.position > r.center.y && l.position <= r.bottom + Self.minTickHeight
                    && min(l.end, r.right) - max(l.start, r.left) >= 0.6 * r.width
            }
        }
    }

    /// The tallest tick looked for (points): a comb cell's ticks reach at most half a line up.
    static let maxTickHeight = 8.0
    /// The shortest tick (points): taller than a rule's anti-aliased edge or a scanner's speck.
    static let minTickHeight = 1.5
    /// The widest tick (points): a hairline stroke, thinner than any letter's stem group.
    static let maxTickWidth = 1.5
    /// How far (points) the end ticks may stand from the line's ends (└ and ┘).
    static let endTickTolerance = 1.5
    /// The narrowest cell (points): a digit written by hand.
    static let minCellWidth = 5.0
}
