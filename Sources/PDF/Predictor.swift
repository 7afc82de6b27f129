/// PNG and TIFF predictors for Flate and LZW data (ISO 32000-1 §7.4.4.4).
enum Predictor {
    static func decode(_ data: [UInt8], parameters: PDFDictionary?) throws -> [UInt8] {
        guard let parameters, let predictor = parameters["Predictor"]?.intValue, predictor > 1 else { return data }
        guard let layout = rowLayout(parameters) else {
            throw PDFError(.malformed, "predictor with \(parameters["BitsPerComponent"]?.intValue ?? 8) bits per component")
        }
        let rowLength = layout.rowLength
        // A row longer than the data itself means the parameters are wrong, not the data.
        guard rowLength <= max(data.count, 1) else {
            throw PDFError(.limitExceeded, "predictor rows of \(rowLength) bytes for \(data.count) bytes of data")
        }
        if predictor == 2 { return tiff(data, rowLength: rowLength, colors: layout.colors, bpc: layout.bitsPerComponent) }
        guard predictor >= 10 else {
            throw PDFError(.unsupported, "predictor \(predictor)")
        }
        return png(data, rowLength: rowLength, bytesPerPixel: layout.bytesPerPixel)
    }

    /// The rows the parameters describe (`Colors`, `BitsPerComponent`, `Columns`, clamped as
    /// readers do), or nil for a depth predictors do not have.
    static func rowLayout(_ parameters: PDFDictionary?) -> (rowLength: Int, bytesPerPixel: Int, colors: Int, bitsPerComponent: Int)? {
        let colors = max(1, min(parameters?["Colors"]?.intValue ?? 1, 32))
        let bpc = parameters?["BitsPerComponent"]?.intValue ?? 8
        let columns = max(1, min(parameters?["Columns"]?.intValue ?? 1, 1 << 24))
        guard [1, 2, 4, 8, 16].contains(bpc) else { return nil }
        return ((colors * bpc * columns + 7) / 8, max(1, (colors * bpc + 7) / 8), colors, bpc)
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
            row.withUnsafeMutableBufferPointer { out in
                data.withUnsafeBufferPointer { src in
                    for i in 0..<available { out[i] = src[p + i] }
                }
                for i in available..<rowLength { out[i] = 0 }
                previous.withUnsafeBufferPointer { PNGPredictor.unfilter(type: type, row: out, previous: $0, bytesPerPixel: bytesPerPixel) }
            }
            p += available
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
