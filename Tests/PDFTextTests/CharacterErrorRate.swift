/// Character error rate of a text against a reference: Levenshtein distance over the
/// reference's length, after whitespace normalization (runs of whitespace read as one space,
/// none at the ends). The distance uses Myers' bit-parallel algorithm (G. Myers, "A fast
/// bit-vector algorithm for approximate string matching", 1999) over 64-bit blocks, so long
/// pages compare in well under a second.
enum CharacterErrorRate {
    static func normalized(_ text: String) -> [Unicode.Scalar] {
        Array(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").unicodeScalars)
    }

    /// The rate of `hypothesis` against `reference` (both normalized here); 0 for two empty texts.
    static func of(_ hypothesis: String, against reference: String) -> Double {
        let ref = normalized(reference), hyp = normalized(hypothesis)
        guard !ref.isEmpty else { return hyp.isEmpty ? 0 : 1 }
        return Double(distance(ref, hyp)) / Double(ref.count)
    }

    /// Edit distance between `a` (the pattern, held as bit vectors) and `b`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        let words = (a.count + 63) / 64
        var peq: [Unicode.Scalar: [UInt64]] = [:]
        for (i, c) in a.enumerated() { peq[c, default: Array(repeating: 0, count: words)][i / 64] |= 1 << UInt64(i % 64) }
        var pv = [UInt64](repeating: ~0, count: words), mv = [UInt64](repeating: 0, count: words)
        let lastBit = UInt64(1) << UInt64((a.count - 1) % 64)
        var score = a.count
        let zero = [UInt64](repeating: 0, count: words)
        for c in b {
            let eq = peq[c] ?? zero
            var hpCarry: UInt64 = 1, hmCarry: UInt64 = 0, addCarry: UInt64 = 0
            for w in 0..<words {
                let e = eq[w], p = pv[w], m = mv[w]
                let xv = e | m
                let eqP = e & p
                let (sum1, o1) = eqP.addingReportingOverflow(p)
                let (sum, o2) = sum1.addingReportingOverflow(addCarry)
                addCarry = (o1 || o2) ? 1 : 0
                let xh = ((sum ^ p) | e)
                var ph = m | ~(xh | p)
                var mh = p & xh
                if w == words - 1 {
                    if ph & lastBit != 0 { score += 1 } else if mh & lastBit != 0 { score -= 1 }
                }
                let phOut = ph >> 63, mhOut = mh >> 63
                ph = (ph << 1) | hpCarry
                mh = (mh << 1) | hmCarry
                hpCarry = phOut; hmCarry = mhOut
                pv[w] = mh | ~(xv | ph)
                mv[w] = ph & xv
            }
        }
        return score
    }
}
