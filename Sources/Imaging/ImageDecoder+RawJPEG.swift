import CJPEG
import PDF

extension ImageDecoder {
    /// Decodes DCT data to its own samples (libjpeg, no colour conversion) and gives them to
    /// the image's colour space with its `/Decode` array, as any uncompressed image: CMYK
    /// JPEGs then turn into RGB by the DeviceCMYK conversion poppler uses (Leptonica's own,
    /// `k·c/255`, is far from it), and gray or RGB JPEGs with a `/Decode` array or a
    /// colour space other than their own (ICCBased by its alternate, Separation, DeviceN)
    /// are mapped through it. Nil when Leptonica's plain decoding already gives the pixels:
    /// one or three components in DeviceGray/DeviceRGB with the default `/Decode`.
    static func rawJPEG(_ data: [UInt8], space: ImageColorSpace, decode: [Double]?) throws -> PixImage? {
        let plain: Bool
        switch space {
        case .gray, .rgb: plain = decode.map { $0 == space.defaultDecode(bitsPerComponent: 8) } ?? true
        default: plain = false
        }
        if plain { return nil }
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0, adobe: Int32 = 0
        let status = data.withUnsafeBufferPointer {
            legible_jpeg_decode_raw($0.baseAddress, $0.count, RawSamples.maxPixels, &pixels, &width, &height, &components, &adobe)
        }
        defer { legible_jpeg_free(pixels) }
        switch status {
        case 0: break
        case 2: throw ImagingError(.tooLarge, "JPEG image above the limit of \(RawSamples.maxPixels) pixels")
        case 3: throw ImagingError(.tooLarge, "out of memory for a JPEG image")
        default: throw ImagingError(.decodeFailed, "JPEG data cannot be decoded")
        }
        guard let pixels, Int(components) == space.components else {
            // The data's components do not fit the colour space: Leptonica decodes it as it is.
            return nil
        }
        let count = Int(width) * Int(height) * Int(components)
        let samples = [UInt8](UnsafeBufferPointer(start: pixels, count: count))
        return try RawSamples.image(samples, width: Int(width), height: Int(height), bitsPerComponent: 8,
                                    colorSpace: space, decode: decode, isMask: false)
    }
}
