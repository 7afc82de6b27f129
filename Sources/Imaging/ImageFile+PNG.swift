import PDF

/// The chunks of a PNG file Legible needs to embed it (RFC 2083): header, palette,
/// transparency, physical resolution and the concatenated image data.
struct PNGChunks {
    var width = 0, height = 0, bitDepth = 0, colorType = 0, interlace = 0
    var palette: [UInt8]?
    var hasTransparency = false
    /// Resolution in dots per inch, when `pHYs` gives it in metres.
    var resolution: (Double, Double)?
    /// The zlib stream of the image, as the `IDAT` chunks carry it.
    var imageData: [UInt8] = []

    /// Reads the chunks.
    /// - Throws: `ImagingError.decodeFailed` when the header is missing or a chunk is cut short.
    init(_ bytes: [UInt8]) throws {
        func u32(_ p: Int) -> Int {
            Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
        }
        var p = 8
        var sawHeader = false
        while p + 8 <= bytes.count {
            let length = u32(p)
            let type = String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self)
            let body = p + 8
            guard length >= 0, body + length <= bytes.count else {
                throw ImagingError(.decodeFailed, "the PNG file is truncated (chunk \(type))")
            }
            switch type {
            case "IHDR" where length >= 13:
                width = u32(body); height = u32(body + 4)
                bitDepth = Int(bytes[body + 8]); colorType = Int(bytes[body + 9]); interlace = Int(bytes[body + 12])
                sawHeader = true
            case "PLTE": palette = Array(bytes[body..<(body + min(768, length - length % 3))])
            case "tRNS": hasTransparency = true
            case "pHYs" where length >= 9 && bytes[body + 8] == 1:
                let x = Double(u32(body)) * 0.0254, y = Double(u32(body + 4)) * 0.0254
                if x > 0 && y > 0 { resolution = (Self.tidy(x), Self.tidy(y)) }
            case "IDAT": imageData.append(contentsOf: bytes[body..<(body + length)])
            default: break
            }
            if type == "IEND" { break }
            p = body + length + 4
        }
        guard sawHeader, width > 0, height > 0, [1, 2, 4, 8, 16].contains(bitDepth) else {
            throw ImagingError(.decodeFailed, "the PNG header cannot be read")
        }
        // PNG allows 2³¹ − 1 per side; products of such sides overflow before any limit is checked.
        guard width <= ImageReadOptions.maxSide, height <= ImageReadOptions.maxSide else {
            throw ImagingError(.tooLarge, "the PNG image is \(width)×\(height) pixels, more than Legible reads")
        }
        guard !imageData.isEmpty else { throw ImagingError(.decodeFailed, "the PNG file has no image data (truncated?)") }
    }

    /// pHYs counts dots per metre, so 300 dpi arrives as 299.9994 and 150 as 149.987; a value
    /// within one dot per metre (0.0254 dpi) of a whole number is taken as that number.
    private static func tidy(_ dpi: Double) -> Double {
        abs(dpi - dpi.rounded()) < 0.0254 ? dpi.rounded() : dpi
    }

    /// Bytes of one row of samples, without the filter byte.
    var rowBytes: Int { (width * channels * bitDepth + 7) / 8 }

    /// Samples per pixel of the colour type (0 for an invalid one, or an invalid depth for it:
    /// RFC 2083 allows palettes up to 8 bits and colour or alpha only at 8 and 16).
    var channels: Int {
        switch (colorType, bitDepth) {
        case (0, _): return 1
        case (3, 1...8): return 1
        case (2, 8...16): return 3
        case (4, 8...16): return 2
        case (6, 8...16): return 4
        default: return 0
        }
    }
}

extension ImageFileReader {
    /// A PNG frame: its image data embedded as it is (with PNG predictors) when PDF can show it
    /// directly; an alpha channel split into an `/SMask`; interlaced and tRNS-transparent files
    /// decoded and stored again losslessly.
    static func png(_ bytes: [UInt8], options: ImageReadOptions) throws -> EncodedImage {
        let png = try PNGChunks(bytes)
        guard png.interlace == 0, png.channels > 0, !png.hasTransparency, png.colorType != 3 || png.palette != nil else {
            return try reencoded(try decodeAny(bytes, frame: 0, options: options), dpiFallback: png.resolution,
                                 wasLossy: false, options: options)
        }
        let dpi = png.resolution ?? (defaultResolution, defaultResolution)
        let color = png.colorType == 2 || png.colorType == 6 ? "DeviceRGB" : "DeviceGray"
        var frame = EncodedImage(width: png.width, height: png.height, dpiX: dpi.0, dpiY: dpi.1,
                                 resolutionAssumed: png.resolution == nil, filter: "FlateDecode", colorSpace: color,
                                 bitsPerComponent: png.bitDepth, decodeParameters: [], inverted: false, data: [])
        if png.colorType == 4 || png.colorType == 6 {
            guard png.width * png.height <= options.maxDecodedPixels else {
                throw ImagingError(.tooLarge, "the PNG image is \(png.width)×\(png.height) pixels, more than the \(options.maxDecodedPixels) Legible decodes")
            }
            try splitAlpha(png, into: &frame)
            return frame
        }
        // Embedded as it is, so it must be whole: a PNG cut at a chunk boundary looks fine
        // otherwise. (Checked up to a memory budget; beyond it the chunk structure is trusted.)
        let expected = (png.rowBytes + 1) * png.height
        if expected <= 256 << 20 {
            let inflated = try Flate.inflate(png.imageData, limit: expected + 1)
            guard inflated.complete, inflated.data.count == expected else {
                throw ImagingError(.decodeFailed, "the PNG image data is incomplete or damaged")
            }
        }
        frame.palette = png.colorType == 3 ? png.palette : nil
        if png.colorType == 3 { frame.colorSpace = "DeviceRGB" }
        frame.data = png.imageData
        frame.decodeParameters = [("Predictor", 15), ("Colors", png.channels), ("BitsPerComponent", png.bitDepth),
                                  ("Columns", png.width)]
        return frame
    }

    /// Decompresses gray+alpha or RGBA data, and stores colour and alpha as two Flate images
    /// (alpha only when some pixel is not opaque), keeping the bit depth.
    private static func splitAlpha(_ png: PNGChunks, into frame: inout EncodedImage) throws {
        let sampleBytes = png.bitDepth / 8
        let pixelBytes = png.channels * sampleBytes
        let rowBytes = png.width * pixelBytes
        let expected = (rowBytes + 1) * png.height
        let inflated = try Flate.inflate(png.imageData, limit: expected + 1).data
        let samples = try PNGRowFilter.unfilter(inflated, rowBytes: rowBytes, height: png.height, bytesPerPixel: pixelBytes)
        let colorBytes = pixelBytes - sampleBytes
        var color = [UInt8](repeating: 0, count: png.width * png.height * colorBytes)
        var alpha = [UInt8](repeating: 0, count: png.width * png.height * sampleBytes)
        var opaque = true
        for pixel in 0..<(png.width * png.height) {
            let source = pixel * pixelBytes
            for i in 0..<colorBytes { color[pixel * colorBytes + i] = samples[source + i] }
            for i in 0..<sampleBytes {
                let value = samples[source + colorBytes + i]
                alpha[pixel * sampleBytes + i] = value
                if value != 0xFF { opaque = false }
            }
        }
        let colors = png.channels - 1
        let packed = PNGRowFilter.compress(color, rowBytes: png.width * colorBytes, height: png.height,
                                           bitsPerPixel: colorBytes * 8, colors: colors,
                                           bitsPerComponent: png.bitDepth, columns: png.width)
        frame.data = packed.data
        frame.decodeParameters = packed.parameters
        frame.storage = .recompressedLosslessly
        if !opaque {
            let mask = PNGRowFilter.compress(alpha, rowBytes: png.width * sampleBytes, height: png.height,
                                             bitsPerPixel: png.bitDepth, colors: 1, bitsPerComponent: png.bitDepth,
                                             columns: png.width)
            frame.softMask = EncodedImage.SoftMask(width: png.width, height: png.height, bitsPerComponent: png.bitDepth,
                                                   data: mask.data, parameters: mask.parameters)
        }
    }
}
