import PDF

extension ImageDecoder {
    /// An image of raw samples behind FlateDecode alone, inflated band by band straight into
    /// its raster: a scan's samples are never gathered into one buffer (243 MB for a 9,000-pixel
    /// square RGB page). Nil when the stream has other filters (`imageData(of:)` decodes those).
    static func streamedRawSamples(_ stream: PDFStream, document: PDFDocument, resources: PDFDictionary?,
                                   width: Int, height: Int, isMask: Bool, decode: [Double]?) throws -> PixImage? {
        guard let source = try document.decodedStream(of: stream) else { return nil }
        let dict = stream.dictionary
        let bpc = isMask ? 1 : (document.resolve(dict["BitsPerComponent"] ?? .null).intValue ?? 8)
        let space: ImageColorSpace = isMask ? .gray
            : try ImageColorSpace.from(dict["ColorSpace"], document: document, resources: resources)
        return try RawSamples.image(.stream(source), width: width, height: height, bitsPerComponent: bpc,
                                    colorSpace: space, decode: decode, isMask: isMask)
    }
}
