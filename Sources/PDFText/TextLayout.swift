/// Groups glyphs into words, line fragments and blocks, in a frame where text runs left to
/// right and y grows downward: display space turned so that each glyph's writing direction
/// (right, down, left or up on the page as shown) reads left to right.
struct TextLayout {
    /// A glyph placed in its direction's frame.
    struct Item {
        var index: Int
        var u0: Double, u1: Double
        /// Baseline, top and bottom (top < bottom).
        var v: Double, top: Double, bottom: Double
        var size: Double
        var isSpace: Bool
        var text: String
    }

    /// A run of words on one baseline with no wide gap.
    struct Fragment {
        /// Glyph indices of each word.
        var words: [[Int]] = []
        var u0 = Double.infinity, u1 = -Double.infinity
        var v = 0.0, top = Double.infinity, bottom = -Double.infinity
        var size = 0.0

        mutating func add(_ item: Item, newWord: Bool) {
            if newWord || words.isEmpty { words.append([]) }
            words[words.count - 1].append(item.index)
            u0 = min(u0, item.u0); u1 = max(u1, item.u1)
            top = min(top, item.top); bottom = max(bottom, item.bottom)
            size = max(size, item.size)
        }
    }

    /// Fragments stacked into a paragraph-like block.
    struct Block {
        var fragments: [Fragment]
        var u0: Double, u1: Double, top: Double, bottom: Double
        /// The baseline and extent of the lowest line, where the next line would attach.
        var lastV: Double, lastU0: Double, lastU1: Double
        var size: Double

        init(_ fragment: Fragment) {
            fragments = [fragment]
            u0 = fragment.u0; u1 = fragment.u1; top = fragment.top; bottom = fragment.bottom
            lastV = fragment.v; lastU0 = fragment.u0; lastU1 = fragment.u1
            size = fragment.size
        }

        mutating func add(_ fragment: Fragment) {
            fragments.append(fragment)
            u0 = min(u0, fragment.u0); u1 = max(u1, fragment.u1)
            top = min(top, fragment.top); bottom = max(bottom, fragment.bottom)
            if fragment.v > lastV + 0.3 * size {
                lastV = fragment.v; lastU0 = fragment.u0; lastU1 = fragment.u1
            } else {
                lastU0 = min(lastU0, fragment.u0); lastU1 = max(lastU1, fragment.u1)
            }
        }
    }

    /// A gap wider than this share of the font size separates words.
    static let wordGap = 0.12
    /// A gap wider than this share of the font size separates fragments (columns, table cells).
    static let fragmentGap = 1.2
    /// Glyphs whose baselines differ by less than this share of the font size share a line.
    static let baselineTolerance = 0.35

    /// The blocks of `items` (all of one direction).
    static func blocks(_ items: [Item]) -> [Block] {
        let fragments = self.fragments(items)
        return stack(fragments)
    }

    /// Rows by baseline, then split at wide gaps into fragments of words.
    static func fragments(_ items: [Item]) -> [Fragment] {
        let sorted = items.sorted { $0.v < $1.v || ($0.v == $1.v && $0.u0 < $1.u0) }
        var rows: [(v: Double, items: [Item])] = []
        var rowSize = 0.0
        for item in sorted {
            if let last = rows.last, abs(item.v - last.v) <= baselineTolerance * max(1, min(rowSize, item.size)) {
                rows[rows.count - 1].items.append(item)
            } else {
                rows.append((item.v, [item]))
                rowSize = item.size
            }
        }
        var out: [Fragment] = []
        for (rowV, row) in rows {
            let glyphs = row.sorted { $0.u0 < $1.u0 }
            var fragment = Fragment()
            var previous: Item?
            var pendingBreak = false
            for item in glyphs {
                if item.isSpace { pendingBreak = true; continue }
                if let p = previous {
                    let size = max(1, min(p.size, item.size) > 0 ? max(p.size, item.size) : 1)
                    // The same glyph drawn twice at (almost) the same place: fake bold, shadows.
                    if abs(item.u0 - p.u0) < 0.1 * size, abs(item.v - p.v) < 0.1 * size, item.u1 - p.u1 < 0.1 * size,
                       item.text == p.text { continue }
                    let gap = item.u0 - p.u1
                    if gap > fragmentGap * size {
                        fragment.v = rowV
                        out.append(fragment)
                        fragment = Fragment()
                        pendingBreak = false
                    }
                    fragment.add(item, newWord: pendingBreak || gap > wordGap * size)
                } else {
                    fragment.add(item, newWord: true)
                }
                pendingBreak = false
                previous = item
            }
            if !fragment.words.isEmpty {
                fragment.v = rowV
                out.append(fragment)
            }
        }
        return out
    }


    /// Stacks fragments into blocks: a fragment joins the block whose lowest line sits just
    /// above it (within 1.8 lines), overlaps it horizontally and has a similar font size; or
    /// sits beside that lowest line, inside the block's width.
    static func stack(_ fragments: [Fragment]) -> [Block] {
        let sorted = fragments.sorted { $0.top < $1.top || ($0.top == $1.top && $0.u0 < $1.u0) }
        var blocks: [Block] = []
        var open: [Int] = []  // indices of blocks that can still take lines
        for fragment in sorted {
            var best: Int?
            var bestScore = -Double.infinity
            var stillOpen: [Int] = []
            for index in open {
                let block = blocks[index]
                let size = max(block.size, fragment.size, 1)
                if fragment.top - block.bottom > 2 * size { continue } // too far below: closed
                stillOpen.append(index)
                let ratio = max(block.size, fragment.size) / max(1e-6, min(block.size, fragment.size))
                guard ratio < 1.6 else { continue }
                let dv = fragment.v - block.lastV
                let overlapLast = min(block.lastU1, fragment.u1) - max(block.lastU0, fragment.u0)
                let overlapBlock = min(block.u1, fragment.u1) - max(block.u0, fragment.u0)
                var score = -Double.infinity
                if abs(dv) <= baselineTolerance * size, fragment.u0 >= block.u0 - 0.5 * size, fragment.u1 <= block.u1 + 0.5 * size {
                    score = overlapBlock
                } else if dv > 0.5 * size, dv <= 1.8 * size, overlapLast > 0 {
                    score = overlapLast - abs(fragment.u0 - block.lastU0) * 0.1
                }
                if score > bestScore { bestScore = score; best = index }
            }
            open = stillOpen
            if let best, bestScore > -Double.infinity {
                blocks[best].add(fragment)
            } else {
                blocks.append(Block(fragment))
                open.append(blocks.count - 1)
            }
        }
        return blocks
    }
}
