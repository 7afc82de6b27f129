import PDF

extension ImageDecoder {
    /// Decodes DCT data to its own samples (the Swift decoder in JPEG/, no colour conversion)
    /// and gives them to the image's colour space with its `/Decode` array, as any
    /// uncompressed image: CMYK JPEGs then turn into RGB by the DeviceCMYK conversion poppler
    /// uses (Leptonica's own, `k·c/255`, is far from it), and gray or RGB JPEGs with a
    /// `/Decode` array or a colour space other than their own (ICCBased by its alternate,
    /// Separation, DeviceN) are mapped through it. Nil when Leptonica's plain decoding already
    /// gives the pixels (one or three components in DeviceGray/DeviceRGB with the default
    /// `/Decode`), and for JPEGs this decoder does not read (progressive, arithmetic-coded,
    /// lossless, 12-bit, or a structure it finds malformed): Leptonica decodes those as they are
    /// (in an ICCBased space with a profile we convert, its samples then go through the profile).
    static func rawJPEG(_ data: [UInt8], space: ImageColorSpace, decode: [Double]?) throws -> PixImage? {
        let plain: Bool
        switch space {
        case .gray, .rgb: plain = decode.map { $0 == space.defaultDecode(bitsPerComponent: 8) } ?? true
        default: plain = false
        }
        if plain { return nil }
        let file: JPEGFile
        do {
            file = try JPEGFile(data)
        } catch {
            return try profiled(data, space: space, decode: decode)
        }
        // The data's components must fit the colour space, else Leptonica decodes it as it is.
        guard file.components.count == space.components else { return nil }
        let samples: JPEGSamples
        do {
            samples = try file.samples(maxPixels: RawSamples.maxPixels)
        } catch let error as ImagingError where error.code == .tooLarge {
            throw error
        } catch {
            return try profiled(data, space: space, decode: decode)
        }
        return try RawSamples.image(samples.bytes, width: samples.width, height: samples.height, bitsPerComponent: 8,
                                    colorSpace: space, decode: decode, isMask: false)
    }

    /// A JPEG the Swift decoder does not read (progressive, arithmetic-coded) in an ICCBased
    /// space whose profile converts its colours: Leptonica's samples through the profile, so
    /// the colours are the same whichever decoder read them. Nil for other spaces.
    private static func profiled(_ data: [UInt8], space: ImageColorSpace, decode: [Double]?) throws -> PixImage? {
        guard case .icc = space else { return nil }
        let decoded = try jpeg(data)
        let samples = try decoded.pdfSamples()
        guard samples.bitsPerComponent == 8, samples.components == space.components else { return nil }
        return try RawSamples.image(samples.data, width: decoded.width, height: decoded.height, bitsPerComponent: 8,
                                    colorSpace: space, decode: decode, isMask: false)
    }
}
