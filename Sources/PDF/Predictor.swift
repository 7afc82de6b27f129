/// PNG and TIFF predictors for Flate and LZW data (ISO 32000-1 §7.4.4.4).
enum Predictor {
    static func decode(_ data: [UInt8], parameters: PDFDictionary?) throws -> [UInt8] {
        guard let parameters, let predictor = parameters["Predictor"]?.intValue, predictor > 1 else { return data }
        let colors = max(1, min(parameters["Colors"]?.intValue ?? 1, 32))
        let bpc = parameters["BitsPerComponent"]?.intValue ?? 8
        let columns = max(1, min(parameters["Columns"]?.intValue ?? 1, 1 << 24))
        guard [1, 2, 4, 8, 16].contains(bpc) else {
            throw PDFError(.malformed, "predictor with \(bpc) bits per component")
        }
        let bytesPerPixel = max(1, (colors * bpc + 7) / 8)
        let rowLength = (colors * bpc * columns + 7) / 8
        // A row longer than the data itself means the parameters are wrong, not the data.
        guard rowLength <= max(data.count, 1) else {
            throw PDFError(.limitExceeded, "predictor rows of \(rowLength) bytes for \(data.count) bytes of data")
        }
        if predictor == 2 { return tiff(data, rowLength: rowLength, colors: colors, bpc: bpc) }
        guard predictor >= 10 else {
            throw PDFError(.unsupported, "predictor \(predictor)")
        }
        return png(data, rowLength: rowLength, bytesPerPixel: bytesPerPixel)
    }

    private static func png(_ data: [UInt8], rowLength: Int, bytesPerPixel: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var previous = [UInt8](repeating: 0, count: rowLength)
        var row = [UInt8](repeating: 0, count: rowLength)
        var p = 0
        while p < data.count {
            let type = data[p]
            p += 1
            let available = min(rowLength, data.count - p)
            for i in 0..<rowLength { row[i] = i < available ? data[p + i] : 0 }
            p += available
            for i in 0..<rowLength {
                let left: Int = i >= bytesPerPixel ? Int(row[i - bytesPerPixel]) : 0
                let up = Int(previous[i])
                let upLeft: Int = i >= bytesPerPixel ? Int(previous[i - bytesPerPixel]) : 0
                let raw = Int(row[i])
                switch type {
                case 1: row[i] = UInt8(truncatingIfNeeded: raw + left)
                case 2: row[i] = UInt8(truncatingIfNeeded: raw + up)
                case 3: row[i] = UInt8(truncatingIfNeeded: raw + (left + up) / 2)
                case 4:
                    let estimate = left + up - upLeft
                    let pa = abs(estimate - left), pb = abs(estimate - up), pc = abs(estimate - upLeft)
                    let predicted = (pa <= pb && pa <= pc) ? left : (pb <= pc ? up : upLeft)
                    row[i] = UInt8(truncatingIfNeeded: raw + predicted)
                default: break
                }
            }
            out.append(contentsOf: row[0..<available])
            swap(&previous, &row)
        }
        return out
    }

    private static func tiff(_ data: [UInt8], rowLength: Int, colors: Int, bpc: Int) -> [UInt8] {
        guard bpc == 8 else { return data } // other depths are rare enough to leave as stored
        var out = data
        var rowStart = 0
        while rowStart < out.count {
            let rowEnd = min(rowStart + rowLength, out.count)
            var i = rowStart + colors
            while i < rowEnd {
                out[i] = out[i] &+ out[i - colors]
                i += 1
            }
            rowStart += rowLength
        }
        return out
    }
}
