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
        let predicted = Flate.deflate(PNGPredictor.filtered(samples, rowBytes: rowBytes, rows: rows,
                                                   pixelBytes: max(1, (colors * bitsPerComponent + 7) / 8)), level: 9)
        if predicted.count < best.data.count {
            let parameters = PDFDictionary([("Predictor", .int(15)), ("Colors", .int(colors)),
                                            ("BitsPerComponent", .int(bitsPerComponent)), ("Columns", .int(columns))])
            best = (predicted, .dictionary(parameters))
        }
        return best
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
