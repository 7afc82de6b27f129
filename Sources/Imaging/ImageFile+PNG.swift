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
                let x = ImageResolution.dotsPerInch(dotsPerMetre: u32(body))
                let y = ImageResolution.dotsPerInch(dotsPerMetre: u32(body + 4))
                if x > 0 && y > 0 { resolution = (x, y) }
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
    /// directly; interlaced files and files with alpha (at 8 and 16 bits) decoded here and
    /// stored again losslessly at their own depth, alpha split into an `/SMask`; the rest
    /// (tRNS transparency, interlaced below 8 bits) decoded by Leptonica, also losslessly.
    static func png(_ bytes: [UInt8], options: ImageReadOptions) throws -> EncodedImage {
        let png = try PNGChunks(bytes)
        let direct = png.interlace == 0 && [0, 2, 3].contains(png.colorType)
        let ours = png.bitDepth >= 8 && (png.interlace == 1 || png.colorType == 4 || png.colorType == 6)
        guard png.channels > 0, !png.hasTransparency, png.colorType != 3 || png.palette != nil, direct || ours else {
            return try reencoded(try decodeAny(bytes, frame: 0, options: options), dpiFallback: png.resolution,
                                 wasLossy: false, options: options)
        }
        let dpi = png.resolution ?? (defaultResolution, defaultResolution)
        let color = png.colorType == 2 || png.colorType == 6 ? "DeviceRGB" : "DeviceGray"
        var frame = EncodedImage(width: png.width, height: png.height, dpiX: dpi.0, dpiY: dpi.1,
                                 resolutionAssumed: png.resolution == nil, filter: "FlateDecode", colorSpace: color,
                                 palette: png.colorType == 3 ? png.palette : nil,
                                 bitsPerComponent: png.bitDepth, decodeParameters: [], inverted: false, data: [])
        if png.colorType == 3 { frame.colorSpace = "DeviceRGB" }
        guard direct else {
            guard png.width * png.height <= options.maxDecodedPixels else {
                throw ImagingError(.tooLarge, "the PNG image is \(png.width)×\(png.height) pixels, more than the \(options.maxDecodedPixels) Legible decodes")
            }
            try store(try png.decodedRows(), of: png, into: &frame)
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
        frame.data = png.imageData
        frame.decodeParameters = [("Predictor", 15), ("Colors", png.channels), ("BitsPerComponent", png.bitDepth),
                                  ("Columns", png.width)]
        return frame
    }

    /// Stores decoded rows (8 or 16 bits per sample) as Flate with predictors: colour as it is,
    /// alpha (when some pixel is not opaque) as a soft mask of the same depth.
    private static func store(_ samples: [UInt8], of png: PNGChunks, into frame: inout EncodedImage) throws {
        let sampleBytes = png.bitDepth / 8
        let pixelBytes = png.channels * sampleBytes
        let hasAlpha = png.colorType == 4 || png.colorType == 6
        let colorBytes = hasAlpha ? pixelBytes - sampleBytes : pixelBytes
        var color = samples
        var alpha: [UInt8] = []
        var opaque = true
        if hasAlpha {
            color = [UInt8](repeating: 0, count: png.width * png.height * colorBytes)
            alpha = [UInt8](repeating: 0, count: png.width * png.height * sampleBytes)
            for pixel in 0..<(png.width * png.height) {
                let source = pixel * pixelBytes
                for i in 0..<colorBytes { color[pixel * colorBytes + i] = samples[source + i] }
                for i in 0..<sampleBytes {
                    let value = samples[source + colorBytes + i]
                    alpha[pixel * sampleBytes + i] = value
                    if value != 0xFF { opaque = false }
                }
            }
        }
        let packed = PNGRowFilter.compress(color, rowBytes: png.width * colorBytes, height: png.height,
                                           bitsPerPixel: colorBytes * 8, colors: colorBytes / sampleBytes,
                                           bitsPerComponent: png.bitDepth, columns: png.width)
        frame.data = packed.data
        frame.decodeParameters = packed.parameters
        frame.storage = .recompressedLosslessly
        if hasAlpha && !opaque {
            let mask = PNGRowFilter.compress(alpha, rowBytes: png.width * sampleBytes, height: png.height,
                                             bitsPerPixel: png.bitDepth, colors: 1, bitsPerComponent: png.bitDepth,
                                             columns: png.width)
            frame.softMask = EncodedImage.SoftMask(width: png.width, height: png.height, bitsPerComponent: png.bitDepth,
                                                   data: mask.data, parameters: mask.parameters)
        }
    }
}

extension PNGChunks {
    /// The Adam7 passes: first column and row, column and row steps.
    private static let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    /// The image's rows, unfiltered and (for Adam7) put back in place. Whole bytes per sample
    /// only (8 and 16 bits): the cases Legible decodes itself.
    /// - Throws: `ImagingError.decodeFailed` for short or damaged data.
    func decodedRows() throws -> [UInt8] {
        let pixelBytes = channels * bitDepth / 8
        guard pixelBytes > 0 else { throw ImagingError(.unsupported, "PNG samples below 8 bits are not decoded here") }
        let passes = interlace == 1 ? Self.passes : [(0, 0, 1, 1)]
        let sizes = passes.map { x0, y0, dx, dy in ((width - x0 + dx - 1) / dx, (height - y0 + dy - 1) / dy) }
        let expected = sizes.reduce(0) { $0 + ($1.0 > 0 && $1.1 > 0 ? ($1.0 * pixelBytes + 1) * $1.1 : 0) }
        let inflated = try Flate.inflate(imageData, limit: expected + 1)
        guard inflated.complete, inflated.data.count == expected else {
            throw ImagingError(.decodeFailed, "the PNG image data is incomplete or damaged")
        }
        if interlace == 0 {
            return try PNGRowFilter.unfilter(inflated.data, rowBytes: width * pixelBytes, height: height, bytesPerPixel: pixelBytes)
        }
        var out = [UInt8](repeating: 0, count: width * height * pixelBytes)
        var offset = 0
        for ((x0, y0, dx, dy), (w, h)) in zip(passes, sizes) where w > 0 && h > 0 {
            let length = (w * pixelBytes + 1) * h
            let pass = try PNGRowFilter.unfilter(Array(inflated.data[offset..<(offset + length)]), rowBytes: w * pixelBytes,
                                                 height: h, bytesPerPixel: pixelBytes)
            offset += length
            for row in 0..<h {
                for column in 0..<w {
                    let target = ((y0 + row * dy) * width + x0 + column * dx) * pixelBytes
                    let source = (row * w + column) * pixelBytes
                    for i in 0..<pixelBytes { out[target + i] = pass[source + i] }
                }
            }
        }
        return out
    }
}
