import PDF

extension ImageOptimizer {
    /// The smallest lossless Flate encoding of image samples: plain, or with PNG predictors
    /// (chosen row by row), at zlib level 9. Returns the data and its `/DecodeParms`.
    static func flateCandidates(_ samples: [UInt8], columns: Int, colors: Int, bitsPerComponent: Int)
        -> (data: [UInt8], parameters: PDFObject?) {
        var best = (data: Flate.deflate(samples, level: 9), parameters: PDFObject?.none)
        let rowBytes = (columns * colors * bitsPerComponent + 7) / 8
        guard rowBytes > 0, samples.count >= rowBytes else { return best }
        let rows = samples.count / rowBytes
        let predicted = Flate.deflate(pngPredicted(samples, rowBytes: rowBytes, rows: rows,
                                                   pixelBytes: max(1, (colors * bitsPerComponent + 7) / 8)), level: 9)
        if predicted.count < best.data.count {
            let parameters = PDFDictionary([("Predictor", .int(15)), ("Colors", .int(colors)),
                                            ("BitsPerComponent", .int(bitsPerComponent)), ("Columns", .int(columns))])
            best = (predicted, .dictionary(parameters))
        }
        return best
    }

    /// Rows with a PNG filter byte each (ISO 32000-1 §7.4.4.4, predictor ≥ 10): per row the
    /// filter whose output has the smallest sum of absolute values, the usual heuristic.
    static func pngPredicted(_ samples: [UInt8], rowBytes: Int, rows: Int, pixelBytes: Int) -> [UInt8] {
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
                        let p = a + b - c
                        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                        let paeth = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                        let v0 = UInt8(truncatingIfNeeded: x), v1 = UInt8(truncatingIfNeeded: x - a)
                        let v2 = UInt8(truncatingIfNeeded: x - b), v3 = UInt8(truncatingIfNeeded: x - (a + b) / 2)
                        let v4 = UInt8(truncatingIfNeeded: x - paeth)
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

    /// A non-image stream stored with `/FlateDecode` alone, recompressed at level 9 when
    /// that is smaller (its `/DecodeParms` still apply to the same inflated bytes); nil
    /// otherwise.
    static func recompressed(_ stream: PDFStream, document: PDFDocument) -> PDFStream? {
        let filter = document.resolve(stream.dictionary["Filter"] ?? .null)
        let names = filter.arrayValue?.compactMap { document.resolve($0).nameValue } ?? filter.nameValue.map { [$0] } ?? []
        guard names == ["FlateDecode"] || names == ["Fl"], stream.data.count > 64,
              let inflated = try? Flate.inflate(stream.data, limit: maxInflatedStream), inflated.complete else { return nil }
        let packed = Flate.deflate(inflated.data, level: 9)
        guard packed.count < stream.data.count else { return nil }
        var out = stream
        out.data = packed
        return out
    }

    /// The largest stream inflated to be recompressed.
    static let maxInflatedStream = 256 << 20
}
