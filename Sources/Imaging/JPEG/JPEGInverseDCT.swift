import Foundation

/// Dequantization and the 8×8 inverse DCT of ISO/IEC 10918-1 A.3.3, computed separably
/// (columns, then rows) in single precision from the definition. Results are within one
/// level of libjpeg's integer transform.
enum JPEGInverseDCT {
    /// The natural (row-major) position of each zigzag index.
    static let naturalOrder: [Int] = {
        var order: [Int] = []
        for sum in 0..<15 {
            let rows = max(0, sum - 7)...min(sum, 7)
            // Diagonals alternate direction: even sums go up and right, odd ones down and left.
            for row in sum % 2 == 0 ? Array(rows.reversed()) : Array(rows) {
                order.append(row * 8 + (sum - row))
            }
        }
        return order
    }()

    /// `basis[x * 8 + u]` = C(u)/2 · cos((2x+1)uπ/16), C(0) = 1/√2, else 1.
    static let basis: [Float] = (0..<64).map { i in
        let x = i / 8, u = i % 8
        let scale = u == 0 ? 1 / (2 * 2.0.squareRoot()) : 0.5
        return Float(scale * cos(Double((2 * x + 1) * u) * Double.pi / 16))
    }

    /// One component's samples, `blocksWide × 8` per row and `blocksHigh × 8` rows, from its
    /// quantized coefficients (64 per block in zigzag order) and quantizers (zigzag order).
    static func plane(_ coefficients: [Int16], blocksWide: Int, blocksHigh: Int, quantizers: [Int32]) -> [UInt8] {
        let stride = blocksWide * 8
        var out = [UInt8](repeating: 128, count: stride * blocksHigh * 8)
        guard coefficients.count >= blocksWide * blocksHigh * 64, quantizers.count == 64 else { return out }
        var block = [Float](repeating: 0, count: 64)
        var columns = [Float](repeating: 0, count: 64)
        var vertical = [Float](repeating: 0, count: 64)
        let q = quantizers.map { Float($0) }
        let natural = naturalOrder
        basis.withUnsafeBufferPointer { t in
            coefficients.withUnsafeBufferPointer { all in
                out.withUnsafeMutableBufferPointer { dst in
                    for by in 0..<blocksHigh {
                        for bx in 0..<blocksWide {
                            let base = (by * blocksWide + bx) * 64
                            for i in 0..<64 { block[i] = 0 }
                            var lastRow = 0
                            for k in 0..<64 where all[base + k] != 0 {
                                let n = natural[k]
                                block[n] = Float(all[base + k]) * q[k]
                                lastRow = max(lastRow, n >> 3)
                            }
                            transform(&block, &vertical, &columns, t, lastRow: lastRow)
                            let origin = by * 8 * stride + bx * 8
                            for y in 0..<8 {
                                for x in 0..<8 {
                                    let value = columns[y * 8 + x] + 128.5
                                    dst[origin + y * stride + x] = value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value)
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// `block` (dequantized, row-major: row v, column u) to samples in `out`, less 128.
    /// Rows of coefficients below `lastRow` are all zero and skipped.
    private static func transform(_ block: inout [Float], _ vertical: inout [Float], _ out: inout [Float],
                                  _ t: UnsafeBufferPointer<Float>, lastRow: Int) {
        // Vertical pass: for each column u, samples y from coefficient rows v.
        for i in 0..<64 { vertical[i] = 0 }
        for y in 0..<8 {
            for v in 0...lastRow {
                let weight = t[y * 8 + v]
                for u in 0..<8 { vertical[y * 8 + u] += weight * block[v * 8 + u] }
            }
        }
        // Horizontal pass: for each row y, samples x from columns u.
        for y in 0..<8 {
            for x in 0..<8 {
                var sum: Float = 0
                for u in 0..<8 { sum += t[x * 8 + u] * vertical[y * 8 + u] }
                out[y * 8 + x] = sum
            }
        }
    }
}
