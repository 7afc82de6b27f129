import PDF

/// PNG row filters (RFC 2083 §6), used both ways: to undo them on PNG data we must split (alpha),
/// and to apply them before Flate on samples we compress ourselves, which PDF readers undo
/// through `/DecodeParms << /Predictor 15 >>`.
enum PNGRowFilter {
    /// Flate-compresses `rows` (`height` rows of `rowBytes` bytes), each row filtered first with
    /// whichever filter leaves the smallest sum of absolute values (the usual PNG heuristic).
    /// Returns the data and its `/DecodeParms`; below 8 bits per pixel no filter is applied.
    static func compress(_ rows: [UInt8], rowBytes: Int, height: Int, bitsPerPixel: Int,
                         colors: Int, bitsPerComponent: Int, columns: Int) -> (data: [UInt8], parameters: [(String, Int)]) {
        guard bitsPerPixel >= 8, rowBytes > 0 else { return (Flate.deflate(rows), []) }
        let bpp = bitsPerPixel / 8
        var out = [UInt8]()
        out.reserveCapacity((rowBytes + 1) * height)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        let zero = [UInt8](repeating: 0, count: rowBytes)
        rows.withUnsafeBufferPointer { all in
            for y in 0..<height {
                let row = UnsafeBufferPointer(rebasing: all[(y * rowBytes)..<((y + 1) * rowBytes)])
                zero.withUnsafeBufferPointer { zeros in
                    let previous = y == 0 ? zeros : UnsafeBufferPointer(rebasing: all[((y - 1) * rowBytes)..<(y * rowBytes)])
                    var bestType: UInt8 = 0
                    var bestScore = Int.max
                    for type: UInt8 in 0...4 {
                        var score = 0
                        for i in 0..<rowBytes {
                            let a = i >= bpp ? Int(row[i - bpp]) : 0
                            let b = Int(previous[i])
                            let c = i >= bpp ? Int(previous[i - bpp]) : 0
                            let v = UInt8(truncatingIfNeeded: Int(row[i]) - predict(type, a, b, c))
                            candidate[i] = v
                            score += v < 128 ? Int(v) : 256 - Int(v)
                        }
                        if score < bestScore {
                            bestScore = score
                            bestType = type
                            swap(&best, &candidate)
                        }
                    }
                    out.append(bestType)
                    out.append(contentsOf: best)
                }
            }
        }
        return (Flate.deflate(out), [("Predictor", 15), ("Colors", colors), ("BitsPerComponent", bitsPerComponent),
                                     ("Columns", columns)])
    }

    /// Undoes the filters of `data` (each row: a filter type byte, then `rowBytes` bytes).
    /// - Throws: `ImagingError.decodeFailed` on an unknown filter type or short data.
    static func unfilter(_ data: [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int) throws -> [UInt8] {
        guard data.count >= (rowBytes + 1) * height else {
            throw ImagingError(.decodeFailed, "the PNG image data is shorter than its size says")
        }
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let type = data[y * (rowBytes + 1)]
            guard type <= 4 else { throw ImagingError(.decodeFailed, "the PNG image data has an unknown row filter \(type)") }
            let source = y * (rowBytes + 1) + 1
            let row = y * rowBytes
            for i in 0..<rowBytes {
                let a = i >= bpp ? Int(out[row + i - bpp]) : 0
                let b = y > 0 ? Int(out[row - rowBytes + i]) : 0
                let c = i >= bpp && y > 0 ? Int(out[row - rowBytes + i - bpp]) : 0
                out[row + i] = UInt8(truncatingIfNeeded: Int(data[source + i]) + predict(type, a, b, c))
            }
        }
        return out
    }

    /// The prediction of filter `type` from the left (`a`), upper (`b`) and upper-left (`c`) bytes.
    private static func predict(_ type: UInt8, _ a: Int, _ b: Int, _ c: Int) -> Int {
        switch type {
        case 1: return a
        case 2: return b
        case 3: return (a + b) / 2
        case 4:
            let p = a + b - c
            let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
            return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: return 0
        }
    }
}
