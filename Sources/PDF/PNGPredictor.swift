/// The PNG row filters (RFC 2083 §6; PDF's predictors 10–15, ISO 32000-1 §7.4.4.4), written once
/// for every module: the reader undoes them (`Predictor`, `DecodedStream`), the PNG reader of
/// `Imaging` undoes them on PNG files, and the image encoders apply them before Flate.
public enum PNGPredictor {
    /// Undoes PNG filter `type` (0–4; others leave the row as it is) on `row` in place, given the
    /// row above already undone (zeros above the first row).
    @inlinable @inline(__always)
    public static func unfilter(type: UInt8, row: UnsafeMutableBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>,
                                bytesPerPixel bpp: Int) {
        let n = min(row.count, previous.count)
        switch type {
        case 1:
            var i = bpp
            while i < n { row[i] &+= row[i - bpp]; i += 1 }
        case 2:
            for i in 0..<n { row[i] &+= previous[i] }
        case 3:
            for i in 0..<min(bpp, n) { row[i] &+= previous[i] >> 1 }
            var i = bpp
            while i < n { row[i] &+= UInt8((Int(row[i - bpp]) + Int(previous[i])) >> 1); i += 1 }
        case 4:
            // The left and upper-left neighbours of the first pixel are zero: the up byte wins.
            for i in 0..<min(bpp, n) { row[i] &+= previous[i] }
            var i = bpp
            while i < n {
                let left = Int(row[i - bpp]), up = Int(previous[i]), upLeft = Int(previous[i - bpp])
                row[i] &+= UInt8(truncatingIfNeeded: paeth(left, up, upLeft))
                i += 1
            }
        default: break
        }
    }

    /// `rows` rows of `rowBytes` bytes, each preceded by the PNG filter byte that leaves the
    /// smallest sum of absolute values (the usual PNG heuristic; the first such filter on a tie),
    /// ready for Flate with `/DecodeParms << /Predictor 15 >>`. `pixelBytes` is the distance to
    /// the left neighbour (1 below 8 bits per pixel).
    public static func filtered(_ samples: [UInt8], rowBytes: Int, rows: Int, pixelBytes: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((rowBytes + 1) * rows)
        var candidates = [UInt8](repeating: 0, count: 5 * rowBytes)
        samples.withUnsafeBufferPointer { s in
            candidates.withUnsafeMutableBufferPointer { cand in
                for y in 0..<rows {
                    let row = y * rowBytes
                    let above = row - rowBytes
                    var costs = (0, 0, 0, 0, 0)
                    @inline(__always) func cost(_ v: UInt8) -> Int { v < 128 ? Int(v) : 256 - Int(v) }
                    for i in 0..<rowBytes {
                        let x = Int(s[row + i])
                        let a = i >= pixelBytes ? Int(s[row + i - pixelBytes]) : 0
                        let b = y > 0 ? Int(s[above + i]) : 0
                        let c = (y > 0 && i >= pixelBytes) ? Int(s[above + i - pixelBytes]) : 0
                        let v0 = UInt8(truncatingIfNeeded: x), v1 = UInt8(truncatingIfNeeded: x - a)
                        let v2 = UInt8(truncatingIfNeeded: x - b), v3 = UInt8(truncatingIfNeeded: x - (a + b) / 2)
                        let v4 = UInt8(truncatingIfNeeded: x - paeth(a, b, c))
                        cand[i] = v0; cand[rowBytes + i] = v1; cand[2 * rowBytes + i] = v2
                        cand[3 * rowBytes + i] = v3; cand[4 * rowBytes + i] = v4
                        costs.0 += cost(v0); costs.1 += cost(v1); costs.2 += cost(v2); costs.3 += cost(v3); costs.4 += cost(v4)
                    }
                    let all = [costs.0, costs.1, costs.2, costs.3, costs.4]
                    let chosen = all.indices.min { all[$0] < all[$1] } ?? 0
                    out.append(UInt8(chosen))
                    out.append(contentsOf: cand[(chosen * rowBytes)..<((chosen + 1) * rowBytes)])
                }
            }
        }
        return out
    }

    /// The Paeth predictor: of the left (`a`), upper (`b`) and upper-left (`c`) bytes, the one
    /// nearest `a + b - c`.
    @inlinable @inline(__always)
    public static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let estimate = a + b - c
        let pa = abs(estimate - a), pb = abs(estimate - b), pc = abs(estimate - c)
        return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
    }
}
