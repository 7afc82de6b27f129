extension HeadingDetector {
    /// Levels from sizes (each run of sizes within `levelSizeStep` is one level, larger
    /// higher) and, for numbered headings, from the numbering's depth below the level where
    /// the document's first-depth numbers sit (one below an unnumbered heading as large as
    /// the shallowest numbered ones, when numbering starts below the first depth). Levels are
    /// then made consecutive and a child
    /// never sits more than one level below the entry before it.
    func levels(of candidates: [Candidate]) -> [Heading] {
        guard !candidates.isEmpty else { return [] }
        let sizeLevels = sizeLevels(candidates.map(\.line.size))
        var levels = candidates.map { sizeLevels[$0.line.size] ?? 0 }
        let firstDepth = candidates.indices.filter { candidates[$0].numbering == 1 }.map { levels[$0] }.min()
        if var base = firstDepth ?? candidates.indices.filter({ candidates[$0].numbering != nil }).map({ levels[$0] }).min() {
            let shallowest = candidates.compactMap(\.numbering).min() ?? 1
            // Numbers that start below the first depth ("2.1", no "2") sit under a chapter
            // whose own number is set apart ("CHAPTER TWO") or left out: an unnumbered heading
            // as large as the shallowest numbered ones is that chapter, one level up.
            if shallowest > 1, candidates.indices.contains(where: { candidates[$0].numbering == nil && levels[$0] <= base }) {
                base += 1
            }
            for index in candidates.indices {
                if let depth = candidates[index].numbering { levels[index] = base + depth - shallowest }
            }
        }
        let ranks = Dictionary(uniqueKeysWithValues: Set(levels).sorted().enumerated().map { ($1, $0) })
        var out: [Heading] = []
        var previous = -1
        for (index, candidate) in candidates.enumerated() {
            let level = min(ranks[levels[index]] ?? 0, previous + 1)
            previous = level
            out.append(Heading(title: candidate.line.text, level: level, page: candidate.line.page,
                               left: candidate.line.left, top: candidate.line.top))
        }
        return out
    }

    /// Each distinct size's level: sizes sorted large to small, a new level wherever one is
    /// more than `levelSizeStep` below the largest of the current level.
    private func sizeLevels(_ sizes: [Double]) -> [Double: Int] {
        var out: [Double: Int] = [:]
        var level = -1
        var levelTop = Double.infinity
        for size in Set(sizes).sorted(by: >) {
            if size < levelTop * (1 - levelSizeStep) {
                level += 1
                levelTop = size
            }
            out[size] = level
        }
        return out
    }

    /// The size of the body text: the size most characters are set in (the character-weighted
    /// median), so a few large headings or small footnotes do not move it.
    static func bodySize(of lines: [HeadingLine]) -> Double {
        weightedMedian(lines.map { ($0.size, $0.text.count) })
    }

    /// The value at which half the weight lies below: each value counted as often as its weight.
    static func weightedMedian(_ values: [(value: Double, weight: Int)]) -> Double {
        let sorted = values.sorted { $0.value < $1.value }
        let total = sorted.reduce(0) { $0 + $1.weight }
        var seen = 0
        for (value, weight) in sorted {
            seen += weight
            if seen * 2 >= total { return value }
        }
        return 0
    }

    /// `lines` with the weight of those whose weight is unknown decided from their measured
    /// stroke against the body text's (the character-weighted median stroke).
    static func weighed(_ lines: [HeadingLine], boldStrokeRatio: Double) -> [HeadingLine] {
        let measured = lines.filter { $0.isBold == nil && ($0.stroke ?? 0) > 0 }
        guard !measured.isEmpty else { return lines }
        let body = weightedMedian(measured.map { ($0.stroke ?? 0, $0.text.count) })
        return lines.map { line in
            guard line.isBold == nil, let stroke = line.stroke, stroke > 0, body > 0 else { return line }
            var copy = line
            copy.isBold = stroke >= body * boldStrokeRatio
            return copy
        }
    }

    /// Keys of lines in a page's top or bottom margin that appear on more than one page
    /// (digits ignored, so "Page 3" and "Page 4" are one line).
    static func runningLines(_ lines: [HeadingLine], marginShare: Double) -> Set<String> {
        var pagesByKey: [String: Set<Int>] = [:]
        for line in lines where inMargin(line, share: marginShare) {
            pagesByKey[runningKey(line), default: []].insert(line.page)
        }
        return Set(pagesByKey.filter { $0.value.count > 1 }.keys)
    }

    /// Whether the line lies in the page's top or bottom `share`.
    static func inMargin(_ line: HeadingLine, share: Double) -> Bool {
        line.top - line.pageBottom > line.pageHeight * (1 - share) || line.bottom - line.pageBottom < line.pageHeight * share
    }

    /// A line's text without digits and spaces, lower-cased, tagged with the margin it is in.
    static func runningKey(_ line: HeadingLine) -> String {
        let margin = line.top - line.pageBottom > line.pageHeight / 2 ? "top:" : "bottom:"
        return margin + String(line.text.lowercased().filter { $0.isLetter })
    }
}
