import CLeptonica
import PDF

extension ImageDecoder {
    /// Decodes JPXDecode data through Leptonica, and through our own decoder where Leptonica
    /// refuses it (two components, more than 8 bits: issue19326.pdf's 16-bit gray with alpha).
    static func jpx(_ data: [UInt8]) throws -> PixImage {
        let pix = data.withUnsafeBufferPointer { pixReadMemJp2k($0.baseAddress, $0.count, 1, nil, 0, 0) }
        if let pix { return PixImage(owning: pix) }
        return try JPXDecoder.decode(data).pixImage()
    }

    /// The soft mask carried in the JPEG 2000 data of an image whose `/SMaskInData` is 1 or 2
    /// (ISO 32000-1 §8.9.5.3), nil otherwise; an explicit `/SMask` takes precedence over it.
    static func jpxSoftMask(_ stream: PDFStream, document: PDFDocument) throws -> PixImage? {
        let dict = stream.dictionary
        guard let mode = document.resolve(dict["SMaskInData"] ?? .null).intValue, mode == 1 || mode == 2,
              dict["SMask"] == nil else { return nil }
        let (data, codec, _) = try document.imageData(of: stream)
        guard codec == "JPXDecode" else { return nil }
        do {
            return try JPXDecoder.decode(data).alphaImage()
        } catch let error as ImagingError where error.code == .unsupported {
            // Features our decoder lacks leave the image opaque, as it was before we read masks.
            return nil
        }
    }
}
