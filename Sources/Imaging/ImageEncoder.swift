import CLeptonica
import PDF

/// Encodes rasters for PDF image streams: JPEG (DCTDecode) and CCITT Group 4
/// (CCITTFaxDecode, `/K -1`), through Leptonica. Blocking: call from a thread of its own.
public enum ImageEncoder {
    /// JPEG bytes of `image` at `quality` (1–100): 8-bit gray stays gray, anything else is
    /// written as RGB.
    /// - Throws: `ImagingError(.encodeFailed)`.
    public static func jpeg(_ image: PixImage, quality: Int) throws -> [UInt8] {
        let source = try image.normalizedForEmbedding()
        let input = source.depth == 1 ? try source.gray8() : source
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = input.withPix { pixWriteMemJpeg(&data, &size, $0, Int32(min(max(quality, 1), 100)), 0) }
        guard status == 0, let data else { throw ImagingError(.encodeFailed, "JPEG encoding failed") }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// CCITT Group 4 data whose decoding with `/K -1 /Columns width /Rows height` (and
    /// `/BlackIs1 false`) gives back `samples` bit for bit: 1-bit rows, MSB first, each row
    /// padded to a byte, as a PDF image with one 1-bit component stores them.
    /// - Throws: `ImagingError` when the samples are short or Leptonica cannot encode them.
    public static func groupFour(samples: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, width * height <= RawSamples.maxPixels else {
            throw ImagingError(.tooLarge, "a bilevel image of \(width)×\(height) pixels cannot be re-encoded")
        }
        guard samples.count >= (width + 7) / 8 * height else {
            throw ImagingError(.decodeFailed, "the image has fewer samples than its size needs")
        }
        // Fax coding calls 0-bits white; PDF gray calls 1-bits white: Leptonica's black is the
        // samples' 0.
        let pix = try RawSamples.image(samples, width: width, height: height, bitsPerComponent: 1,
                                       colorSpace: .gray, decode: nil, isMask: false)
        return try groupFour(pix)
    }

    /// CCITT Group 4 data for fax-coded data (`/K` ≥ 0, Group 3, or any CCITT parameters)
    /// that decodes to the same bits.
    /// - Throws: `ImagingError` when the data cannot be decoded or re-encoded.
    public static func groupFour(ccitt data: [UInt8], parameters: PDFDictionary?, width: Int, height: Int) throws -> [UInt8] {
        let tiff = CCITTWrapper.tiff(data: data, parameters: parameters, width: width, height: height)
        let decoded = try tiff.withUnsafeBufferPointer {
            try PixImage(pixReadMemTiff($0.baseAddress, $0.count, 0), or: "CCITT fax data cannot be decoded")
        }
        guard decoded.depth == 1 else { throw ImagingError(.decodeFailed, "CCITT fax data decoded to \(decoded.depth) bits") }
        let blackIs1 = parameters?["BlackIs1"] == .bool(true)
        // Leptonica's 1 is the fax coding's black; with /BlackIs1 the samples' 1 is black,
        // and the output (without it) must give those same bits back.
        let image = blackIs1 ? try decoded.withPix { try PixImage(pixInvert(nil, $0), or: "invert failed") } : decoded
        return try groupFour(image)
    }

    /// The Group 4 strip of a 1-bit image (Leptonica's 1, black, is coded black: decode it
    /// with `/K -1 /Columns width /Rows height` and `/BlackIs1 false`).
    /// - Throws: `ImagingError(.encodeFailed)`, also for an image that is not 1-bit.
    public static func groupFour(_ image: PixImage) throws -> [UInt8] {
        guard image.depth == 1 else { throw ImagingError(.encodeFailed, "CCITT Group 4 needs a bilevel image, not \(image.depth)-bit") }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.withPix { pixWriteMemTiff(&data, &size, $0, Int32(IFF_TIFF_G4)) }
        guard status == 0, let data else { throw ImagingError(.encodeFailed, "CCITT Group 4 encoding failed") }
        defer { lept_free(data) }
        let tiff = Array(UnsafeBufferPointer(start: data, count: size))
        // Leptonica writes the image as one strip; anything else cannot be one PDF stream.
        guard let directory = TIFFDirectory.read(tiff).first, directory.compression == 4, directory.fillOrder == 1,
              directory.stripOffsets.count == 1, directory.stripByteCounts.count == 1,
              let offset = directory.stripOffsets.first, let count = directory.stripByteCounts.first,
              offset >= 0, count > 0, offset + count <= tiff.count else {
            throw ImagingError(.encodeFailed, "CCITT Group 4 encoding did not give one strip")
        }
        return Array(tiff[offset..<offset + count])
    }
}
