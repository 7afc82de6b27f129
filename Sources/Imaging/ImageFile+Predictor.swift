import PDF

/// PNG row filters on image files, both ways, through the one `PNGPredictor` of `PDF`: undone on
/// PNG data we must split (alpha), applied before Flate on samples we compress ourselves, which
/// PDF readers undo through `/DecodeParms << /Predictor 15 >>`.
enum PNGRowFilter {
    /// Flate-compresses `rows` (`height` rows of `rowBytes` bytes), each row filtered first with
    /// whichever filter leaves the smallest sum of absolute values (the usual PNG heuristic).
    /// Returns the data and its `/DecodeParms`; below 8 bits per pixel no filter is applied.
    static func compress(_ rows: [UInt8], rowBytes: Int, height: Int, bitsPerPixel: Int,
                         colors: Int, bitsPerComponent: Int, columns: Int) -> (data: [UInt8], parameters: [(String, Int)]) {
        guard bitsPerPixel >= 8, rowBytes > 0 else { return (Flate.deflate(rows), []) }
        let filtered = PNGPredictor.filtered(rows, rowBytes: rowBytes, rows: height, pixelBytes: bitsPerPixel / 8)
        return (Flate.deflate(filtered), [("Predictor", 15), ("Colors", colors), ("BitsPerComponent", bitsPerComponent),
                                          ("Columns", columns)])
    }

    /// Undoes the filters of `data` (each row: a filter type byte, then `rowBytes` bytes).
    /// - Throws: `ImagingError.decodeFailed` on an unknown filter type or short data.
    static func unfilter(_ data: [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int) throws -> [UInt8] {
        guard data.count >= (rowBytes + 1) * height else {
            throw ImagingError(.decodeFailed, "the PNG image data is shorter than its size says")
        }
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<height {
            let type = data[y * (rowBytes + 1)]
            guard type <= 4 else { throw ImagingError(.decodeFailed, "the PNG image data has an unknown row filter \(type)") }
            let source = y * (rowBytes + 1) + 1
            out.withUnsafeMutableBufferPointer { all in
                for i in 0..<rowBytes { all[y * rowBytes + i] = data[source + i] }
                let row = UnsafeMutableBufferPointer(rebasing: all[(y * rowBytes)..<((y + 1) * rowBytes)])
                if y == 0 {
                    zeros.withUnsafeBufferPointer { PNGPredictor.unfilter(type: type, row: row, previous: $0, bytesPerPixel: bpp) }
                } else {
                    let above = UnsafeBufferPointer(rebasing: all[((y - 1) * rowBytes)..<(y * rowBytes)])
                    PNGPredictor.unfilter(type: type, row: row, previous: above, bytesPerPixel: bpp)
                }
            }
        }
        return out
    }
}
