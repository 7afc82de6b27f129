/// Orders blocks for reading with Breuel's two rules (T. M. Breuel, "High performance document
/// layout analysis", 2003), as pdftotext does: a block comes before one it overlaps
/// horizontally and starts above (rule 1); and before one wholly to its right (rule 2) unless
/// that one is above a third block that is above the first (a heading or figure across the
/// columns). Horizontal extents are first stretched over the blocks below, up to the nearest
/// neighbours on the block's own rows, so labels and their fields read row by row. The order
/// is a depth-first topological sort of that relation, started from the blocks top to bottom. Pages with very
/// many blocks (large tables) fall back on recursive XY-cut: split at the widest vertical band
/// of white space that no block crosses (columns, read left to right), else at the widest
/// horizontal band (read top to bottom).
enum ReadingOrder {
    /// Beyond this many blocks the cubic cost of the rules gives way to XY-cut.
    static let maxRuleBlocks = 400
    /// A vertical gap must be at least this share of the blocks' typical font size to be a
    /// column gutter.
    static let minColumnGap = 0.8
    static let maxDepth = 64

    /// `blocks` in reading order (indices into the array).
    static func order(_ blocks: [TextLayout.Block]) -> [Int] {
        blocks.count <= maxRuleBlocks ? byRules(blocks) : byCuts(blocks)
    }

    static func byRules(_ blocks: [TextLayout.Block]) -> [Int] {
        let n = blocks.count
        // Extended horizontal extents: a block reaches over to the edges of the blocks below it,
        // up to its nearest neighbours on its own rows (so a label column and its fields
        // interleave row by row, while real columns stay apart).
        var exMin = blocks.map(\.u0), exMax = blocks.map(\.u1)
        for i in 0..<n {
            let a = blocks[i]
            var limitRight = Double.greatestFiniteMagnitude, limitLeft = -Double.greatestFiniteMagnitude
            for (j, b) in blocks.enumerated() where j != i && a.top <= b.bottom && a.bottom >= b.top {
                if b.u0 > a.u1 { limitRight = min(limitRight, b.u0) }
                if b.u1 < a.u0 { limitLeft = max(limitLeft, b.u1) }
            }
            for (j, b) in blocks.enumerated() where j != i && b.top >= a.bottom {
                if b.u1 > exMax[i], b.u1 <= limitRight { exMax[i] = b.u1 }
                if b.u0 < exMin[i], b.u0 >= limitLeft { exMin[i] = b.u0 }
            }
        }
        /// Rule 1: `a` overlaps `b` horizontally and starts above it.
        func rule1(_ a: Int, _ b: Int) -> Bool {
            let overlap = (exMin[a] <= exMin[b] && exMin[b] <= exMax[a]) || (exMin[b] <= exMin[a] && exMin[a] <= exMax[b])
            return overlap && blocks[a].top < blocks[b].top
        }
        /// Whether `a` is read before `b`: rule 1, or rule 2 — `a` wholly left of `b` with no
        /// block that `b` is above (by rule 1) and that is itself above `a`.
        func before(_ a: Int, _ b: Int) -> Bool {
            if rule1(a, b) { return true }
            guard exMax[a] <= exMin[b] else { return false }
            for c in 0..<n where c != a && c != b && rule1(b, c) && rule1(c, a) { return false }
            return true
        }
        let start = blocks.indices.sorted { blocks[$0].top < blocks[$1].top || (blocks[$0].top == blocks[$1].top && blocks[$0].u0 < blocks[$1].u0) }
        var visited = [Bool](repeating: false, count: n)
        var out: [Int] = []
        out.reserveCapacity(n)
        // Depth-first, iteratively: a block is emitted once every block read before it is.
        for root in start where !visited[root] {
            var stack: [(block: Int, next: Int)] = [(root, 0)]
            visited[root] = true
            while let top = stack.last {
                var candidate = top.next
                while candidate < n && (visited[start[candidate]] || !before(start[candidate], top.block)) { candidate += 1 }
                if candidate < n {
                    stack[stack.count - 1].next = candidate + 1
                    visited[start[candidate]] = true
                    stack.append((start[candidate], 0))
                } else {
                    out.append(top.block)
                    stack.removeLast()
                }
            }
        }
        return out
    }

    static func byCuts(_ blocks: [TextLayout.Block]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(blocks.count)
        cut(Array(blocks.indices), blocks, depth: 0, into: &out)
        return out
    }

    private static func cut(_ indices: [Int], _ blocks: [TextLayout.Block], depth: Int, into out: inout [Int]) {
        if indices.count <= 1 || depth >= maxDepth {
            out += indices.sorted { blocks[$0].top < blocks[$1].top || (blocks[$0].top == blocks[$1].top && blocks[$0].u0 < blocks[$1].u0) }
            return
        }
        let sizes = indices.map { blocks[$0].size }.sorted()
        let typical = max(1, sizes[sizes.count / 2])
        if let x = widestGap(indices, low: { blocks[$0].u0 }, high: { blocks[$0].u1 }), x.width >= minColumnGap * typical {
            let left = indices.filter { blocks[$0].u1 <= x.at }
            let right = indices.filter { blocks[$0].u1 > x.at }
            cut(left, blocks, depth: depth + 1, into: &out)
            cut(right, blocks, depth: depth + 1, into: &out)
            return
        }
        if let y = widestGap(indices, low: { blocks[$0].top }, high: { blocks[$0].bottom }), y.width > 0 {
            let above = indices.filter { blocks[$0].bottom <= y.at }
            let below = indices.filter { blocks[$0].bottom > y.at }
            cut(above, blocks, depth: depth + 1, into: &out)
            cut(below, blocks, depth: depth + 1, into: &out)
            return
        }
        out += indices.sorted { blocks[$0].top < blocks[$1].top || (blocks[$0].top == blocks[$1].top && blocks[$0].u0 < blocks[$1].u0) }
    }

    /// The widest gap between the intervals [low, high] of `indices`: where it starts and how
    /// wide it is; nil when the intervals leave none.
    private static func widestGap(_ indices: [Int], low: (Int) -> Double, high: (Int) -> Double) -> (at: Double, width: Double)? {
        let sorted = indices.sorted { low($0) < low($1) }
        guard var reach = sorted.first.map(high) else { return nil }
        var best: (at: Double, width: Double)?
        for index in sorted.dropFirst() {
            let start = low(index)
            if start > reach, start - reach > (best?.width ?? 0) { best = (reach, start - reach) }
            reach = max(reach, high(index))
        }
        return best
    }
}
