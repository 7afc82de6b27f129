/// Comb fields: rows of equal character cells sharing their edges, and evenly spaced ticks
/// standing on a baseline.
extension PageLayout {
    /// Comb fields; the cells and rules they use are taken out of the other candidates.
    mutating func combFields() -> [FormField] {
        var fields: [FormField] = []
        fields += cellCombs()
        fields += tickCombs()
        return fields
    }

    /// Runs of at least `minCombCellRun` boxes or squares of one height, top-aligned, each
    /// touching the next, of nearly equal widths, with nothing printed inside.
    private mutating func cellCombs() -> [FormField] {
        let p = parameters
        var cells = (boxes + squares).filter {
            $0.height <= p.maxCombCellHeight && ($0.width <= p.maxCombCellAspect * $0.height || $0.width <= p.maxCombCellWidth)
        }
        // Leftmost first, so a run starts at its row's first cell: the measured tops of one
        // row's cells differ by a fraction of a point, and a run only grows rightwards.
        cells.sort { ($0.left, $0.top) < ($1.left, $1.top) }
        var used = Set<LayoutRect>()
        var fields: [FormField] = []
        for seed in cells where !used.contains(seed) {
            var run = [seed]
            var current = seed
            while let next = cells.filter({ c in
                !used.contains(c) && c != current && abs(c.top - current.top) <= 1.8 && abs(c.height - current.height) <= 1.8
                    && c.left >= current.left + 0.5 * current.width
                    && (c.left - current.right <= 2.5 || isSeparatorGap(after: run, before: c))
            }).min(by: { $0.left < $1.left }) {
                run.append(next)
                current = next
            }
            // Two or three touching squares are a short comb (mm | dd), never separate check boxes,
            // unless each is marked with an option letter of its own (M | F | X).
            let squareSet = Set(squares)
            guard run.count >= p.minCombCellRun || (run.count >= 2 && run.allSatisfy { squareSet.contains($0) }) else { continue }
            if run.count < p.minCombCellRun, let letters = optionLetters(over: run) {
                run.forEach { used.insert($0) }
                let question = label(for: run.dropFirst().reduce(run[0]) { $0.union($1) })
                for (cell, letter) in zip(run, letters) {
                    fields.append(field(widgetRect(cell), .checkbox, label: question.isEmpty ? letter : question + " " + letter, confidence: 0.8))
                    taken.append(cell)
                }
                continue
            }
            // Most cells of one width (a wider cell or two where the print groups digits).
            let widths = run.map(\.width).sorted()
            let median = widths[widths.count / 2]
            let regular = widths.filter { abs($0 - median) <= p.maxCombWidthSpread * median + 1 }.count
            guard Double(regular) >= 0.75 * Double(widths.count) else { continue }
            let rect = run.dropFirst().reduce(run[0]) { $0.union($1) }
            // OCR reads the ticks of a long comb as junk words; only a short run must be empty,
            // and a short run's walls read as brackets and stems ("[J", "JL]") are no print.
            if run.count < 8 && run.contains(where: { cell in words(inside: cell).contains { !Self.isWallReading($0.text) } }) { continue }
            // A comb's cells drawn as nested boxes (an outer frame per digit and an inner one)
            // give two runs: the first made, the outer, is the comb; the inner one is its print.
            guard !isTaken(rect) else {
                run.forEach { used.insert($0) }
                continue
            }
            run.forEach { used.insert($0) }
            let label = label(for: rect)
            fields.append(field(rect, .comb, label: label, confidence: 0.85, maxLength: run.count))
            taken.append(rect)
        }
        boxes.removeAll { used.contains($0) }
        squares.removeAll { used.contains($0) }
        return fields
    }

    /// Whether the gap between a run of cells and the next cell is a separator printed between
    /// groups of digits of one comb ("□□/□□" for a month and day, "□□□-□□-□□□□"): narrower than
    /// a cell, after a group of at least two cells of the next cell's width.
    private func isSeparatorGap(after run: [LayoutRect], before next: LayoutRect) -> Bool {
        guard run.count >= 2, let last = run.last else { return false }
        let gap = next.left - last.right
        return gap > 0 && gap <= parameters.maxCombSeparatorGap * min(last.width, next.width)
            && abs(last.width - next.width) <= parameters.maxCombWidthSpread * last.width + 1
    }

    /// Whether a word is OCR's reading of cell walls rather than print: brackets, bars and stems
    /// only ("[J", "JL]", "[_]L_/[_]L_]"), with at least one bracket, bar or parenthesis.
    static func isWallReading(_ text: String) -> Bool {
        !RasterScan.hasCounterLetter(text) && text.contains { "[]|(){}_".contains($0) }
    }

    /// The capital letters printed just above a short run of cells, one over each cell and each
    /// another ("M F X" over a sex's boxes), or nil. OCR may read neighbouring letters as one
    /// word ("FX"): a word's letters are spread evenly over its width.
    private func optionLetters(over run: [LayoutRect]) -> [String]? {
        guard let first = run.first, let last = run.last else { return nil }
        let above = words.filter { w in
            w.rect.center.y < first.top && first.top - w.rect.bottom <= 8 && w.rect.center.x > first.left && w.rect.center.x < last.right
        }
        var letters = Array(repeating: "", count: run.count)
        for word in above {
            let characters = Array(word.text)
            guard characters.allSatisfy({ $0.isLetter && $0.isUppercase }) else { return nil }
            let pitch = word.rect.width / Double(characters.count)
            for (i, c) in characters.enumerated() {
                let x = word.rect.left + (Double(i) + 0.5) * pitch
                guard let cell = run.firstIndex(where: { x >= $0.left && x <= $0.right }), letters[cell].isEmpty else { return nil }
                letters[cell] = String(c)
            }
        }
        guard letters.allSatisfy({ !$0.isEmpty }), Set(letters).count == letters.count else { return nil }
        return letters
    }

    /// Short vertical ticks standing on a horizontal rule, evenly spaced: a comb of one cell
    /// fewer than the ticks, as tall as the ticks.
    private mutating func tickCombs() -> [FormField] {
        let p = parameters
        var fields: [FormField] = []
        var usedRules: [Int] = []
        for (index, rule) in horizontals.enumerated() where rule.length >= 2 * RasterScan.minCellWidth {
            let ticks = verticals.filter { v in
                v.length <= 24 && abs(v.end - rule.position) <= 2.5 && v.position >= rule.start - 2 && v.position <= rule.end + 2
            }.sorted { $0.position < $1.position }
            // Ticks shorter than any rule come from a line found with ticks at both its ends and
            // evenly between ("└┴┘", RasterScan+Ticks): two cells (a day, a month) are a comb.
            let short = ticks.count >= 3 && ticks.allSatisfy { $0.length < p.minVerticalRule }
            guard (rule.length >= 3 * p.minVerticalRule && ticks.count >= p.minCombCells + 1) || short else { continue }
            let gaps = zip(ticks.dropFirst(), ticks).map { $0.position - $1.position }
            let mean = gaps.reduce(0, +) / Double(gaps.count)
            guard mean >= 5, gaps.allSatisfy({ abs($0 - mean) <= p.maxCombWidthSpread * mean + 1 }) else { continue }
            let top = ticks.map(\.start).min() ?? rule.position - 12
            let rect = LayoutRect(left: ticks[0].position, top: min(top, rule.position - 10),
                                  right: ticks[ticks.count - 1].position, bottom: rule.position)
            guard !isTaken(rect) else { continue }
            fields.append(field(rect, .comb, label: label(for: rect), confidence: 0.75, maxLength: ticks.count - 1))
            taken.append(rect)
            usedRules.append(index)
        }
        for index in usedRules.reversed() { horizontals.remove(at: index) }
        return fields
    }
}
