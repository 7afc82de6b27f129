/// Orders blocks for reading by recursive XY-cut: a set of blocks is split at the widest
/// vertical band of white space that no block crosses (columns, read left to right), else at
/// the widest horizontal band (read top to bottom); what cannot be cut is read top to bottom.
enum ReadingOrder {
    /// A vertical gap must be at least this share of the blocks' typical font size to be a
    /// column gutter.
    static let minColumnGap = 0.8
    static let maxDepth = 64

    /// `blocks` in reading order (indices into the array).
    static func order(_ blocks: [TextLayout.Block]) -> [Int] {
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
