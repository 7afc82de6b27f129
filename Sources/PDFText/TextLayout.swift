/// Groups glyphs into words, line fragments and blocks, in a frame where text runs left to
/// right and y grows downward: display space turned so that each glyph's writing direction
/// (right, down, left or up on the page as shown) reads left to right.
struct TextLayout {
    /// A glyph placed in its direction's frame.
    struct Item {
        var index: Int
        var u0: Double, u1: Double
        /// Baseline at the glyph's start and end, top and bottom (top < bottom).
        var v: Double, v1: Double, top: Double, bottom: Double
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
        /// The baseline where the next glyph is expected (it follows slightly rotated lines).
        var lineV = 0.0
        /// The glyphs' text, for spotting runs drawn twice.
        var text = ""
        /// Whether a space glyph follows the last glyph: a run drawn as "necessary " then "to "
        /// with its own text matrix, the two placed closer than a word gap, still holds two words.
        var endsWithSpace = false

        mutating func add(_ item: Item, newWord: Bool) {
            endsWithSpace = false
            if newWord || words.isEmpty { words.append([]) }
            words[words.count - 1].append(item.index)
            u0 = min(u0, item.u0); u1 = max(u1, item.u1)
            top = min(top, item.top); bottom = max(bottom, item.bottom)
            size = max(size, item.size)
            text += item.text
        }

        /// Joins `other`, which lies to the right on the same line.
        mutating func append(_ other: Fragment, newWord: Bool) {
            guard let first = other.words.first else { return }
            if newWord || words.isEmpty { words.append(first) } else { words[words.count - 1] += first }
            words += other.words.dropFirst()
            u0 = min(u0, other.u0); u1 = max(u1, other.u1)
            top = min(top, other.top); bottom = max(bottom, other.bottom)
            size = max(size, other.size)
            text += other.text
            endsWithSpace = other.endsWithSpace
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

    /// Chunks in content order, then rows by baseline, where chunks close enough join.
    static func fragments(_ items: [Item]) -> [Fragment] {
        let chunks = self.chunks(items)
        var byIndex: [Int: Item] = [:]
        for item in items { byIndex[item.index] = item }
        let sorted = chunks.sorted { $0.v < $1.v || ($0.v == $1.v && $0.u0 < $1.u0) }
        var rows: [[Fragment]] = []
        for chunk in sorted {
            if let first = rows.last?.first, abs(chunk.v - first.v) <= baselineTolerance * max(1, min(first.size, chunk.size)) {
                rows[rows.count - 1].append(chunk)
            } else {
                rows.append([chunk])
            }
        }
        var out: [Fragment] = []
        for row in rows {
            var current: Fragment?
            for chunk in row.sorted(by: { $0.u0 < $1.u0 }) {
                guard var fragment = current else { current = chunk; continue }
                let size = max(1, max(fragment.size, chunk.size))
                let gap = chunk.u0 - fragment.u1
                // The same run drawn twice (fake bold, shadows): keep one.
                if abs(chunk.u0 - fragment.u0) < 0.2 * size, abs(chunk.u1 - fragment.u1) < 0.2 * size, chunk.text == fragment.text {
                    continue
                }
                if gap > fragmentGap * size {
                    out.append(fragment)
                    current = chunk
                    continue
                }
                if gap < -0.2 * size {
                    // Runs drawn into each other's gaps (symbols set after the letters) interleave
                    // by position; runs drawn over each other (overlays) stay apart.
                    if let merged = interleaved(fragment, chunk, items: byIndex) {
                        current = merged
                    } else {
                        out.append(fragment)
                        current = chunk
                    }
                    continue
                }
                fragment.append(chunk, newWord: gap > wordGap * size || fragment.endsWithSpace)
                current = fragment
            }
            if let current { out.append(current) }
        }
        return out
    }

    /// One fragment of the glyphs of two overlapping ones, in order along the line, with word
    /// breaks where the gaps are wide; nil when glyphs of the two cover each other.
    static func interleaved(_ a: Fragment, _ b: Fragment, items: [Int: Item]) -> Fragment? {
        let glyphs = (a.words + b.words).joined().compactMap { items[$0] }.sorted { $0.u0 < $1.u0 }
        var out = Fragment()
        var previous: Item?
        for item in glyphs {
            let gap = previous.map { item.u0 - $0.u1 } ?? 0
            if let p = previous, p.text == item.text, abs(item.u0 - p.u0) < 0.15 * max(1, item.size),
               item.u0 < (p.u0 + p.u1) / 2 { continue }
            if gap < -0.3 * max(1, item.size) { return nil }
            out.add(item, newWord: previous == nil || gap > wordGap * max(1, min(item.size, previous?.size ?? item.size)))
            previous = item
        }
        out.v = a.v
        out.lineV = a.lineV
        return out
    }

    /// Runs of glyphs that follow one another in the content stream along one line: each
    /// starts near where the previous one ended, on its baseline (or raised or lowered a
    /// little in a smaller size: superscripts and subscripts stay with their word).
    static func chunks(_ items: [Item]) -> [Fragment] {
        var out: [Fragment] = []
        var current = Fragment()
        var last: Item?
        var pendingBreak = false
        for item in items {
            if let p = last {
                let size = max(1, current.size)
                let gap = item.u0 - p.u1
                let dv = item.v - current.lineV
                let onLine = abs(dv) <= baselineTolerance * size
                let script = !onLine && abs(dv) <= 0.6 * size && (item.size < 0.85 * size || p.size < 0.85 * item.size)
                if (onLine || script) && gap > -0.5 * size && gap <= fragmentGap * size {
                    if item.isSpace { pendingBreak = true; current.endsWithSpace = true; last = item; continue }
                    // The same glyph drawn twice at (almost) the same place: fake bold. It must also
                    // start over the first half of the previous one: where a font's size is read too
                    // large (some Type 3 fonts), a doubled letter ("cc") is closer than 0.15 em.
                    if abs(item.u0 - p.u0) < 0.15 * size, abs(item.v - p.v) < 0.15 * size, item.text == p.text,
                       item.u0 < (p.u0 + p.u1) / 2 { continue }
                    current.add(item, newWord: pendingBreak || gap > wordGap * max(1, min(p.size, item.size)))
                    if onLine, item.size >= 0.85 * size { current.lineV = item.v1 }
                    pendingBreak = false
                    last = item
                    continue
                }
            }
            if !current.words.isEmpty { out.append(current) }
            current = Fragment()
            pendingBreak = false
            if item.isSpace { last = nil; continue }
            current.add(item, newWord: true)
            current.v = item.v
            current.lineV = item.v1
            last = item
        }
        if !current.words.isEmpty { out.append(current) }
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
