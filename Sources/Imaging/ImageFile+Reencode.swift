import CLeptonica
import PDF

extension ImageFileReader {
    /// Stores a decoded frame again without loss: bilevel as CCITT G4, colour-mapped as
    /// `/Indexed` at its own depth, gray at 1, 2, 4, 8 or 16 bits, colour as 8-bit RGB, alpha
    /// as an `/SMask`; Flate with PNG predictors for 8 bits per pixel and more. A frame whose
    /// source was lossy (`wasLossy`) becomes a JPEG at `options.jpegQuality` when that is set.
    static func reencoded(_ decoded: PixImage, dpiFallback: (Double, Double)?, wasLossy: Bool,
                          options: ImageReadOptions) throws -> EncodedImage {
        let recordedX = decoded.resolution > 0 ? Double(decoded.resolution) : nil
        let recordedY = decoded.withPix { pixGetYRes($0) > 0 ? Double(pixGetYRes($0)) : nil }
        let dpiX = dpiFallback?.0 ?? recordedX ?? defaultResolution
        let dpiY = dpiFallback?.1 ?? recordedY ?? recordedX ?? defaultResolution
        let assumed = dpiFallback == nil && recordedX == nil
        if wasLossy, let quality = options.jpegQuality {
            return try jpegReencoded(decoded, quality: quality, dpi: (dpiX, dpiY), assumed: assumed)
        }
        let hasColormap = decoded.withPix { pixGetColormap($0) != nil }
        if decoded.depth == 1 && !hasColormap, var frame = try g4Reencoded(decoded, dpi: (dpiX, dpiY)) {
            frame.resolutionAssumed = assumed
            return frame
        }
        var frame = EncodedImage(width: decoded.width, height: decoded.height, dpiX: dpiX, dpiY: dpiY,
                                 resolutionAssumed: assumed, filter: "FlateDecode", colorSpace: "DeviceGray",
                                 bitsPerComponent: 8, decodeParameters: [], inverted: false, data: [],
                                 storage: .recompressedLosslessly)
        var image = decoded
        if hasColormap && [1, 2, 4, 8].contains(decoded.depth) {
            frame.palette = decoded.withPix { palette(of: $0) }
            frame.colorSpace = "DeviceRGB"
        } else {
            if hasColormap {
                image = try image.withPix { try PixImage(pixRemoveColormap($0, Int32(REMOVE_CMAP_BASED_ON_SRC)), or: "colour map removal failed") }
            }
            if image.depth == 32 {
                frame.colorSpace = "DeviceRGB"
                if image.withPix({ pixGetSpp($0) }) == 4 { frame.softMask = try alphaMask(of: image) }
            } else if ![1, 2, 4, 8, 16].contains(image.depth) {
                image = try image.gray8()
            }
        }
        let depth = image.depth
        let components = depth == 32 ? 3 : 1
        frame.bitsPerComponent = depth == 32 ? 8 : depth
        // Leptonica's 1-bit gray uses 1 for black; PDF's DeviceGray uses 0.
        frame.inverted = depth == 1 && frame.palette == nil
        let samples = image.withPix { rows(of: $0) }
        let packed = PNGRowFilter.compress(samples.data, rowBytes: samples.rowBytes, height: image.height,
                                           bitsPerPixel: depth == 32 ? 24 : depth, colors: components,
                                           bitsPerComponent: frame.bitsPerComponent, columns: image.width)
        frame.data = packed.data
        frame.decodeParameters = packed.parameters
        return frame
    }

    /// A bilevel frame coded again as G4 by Leptonica (lossless), or nil when its TIFF comes
    /// out as anything but one strip.
    private static func g4Reencoded(_ image: PixImage, dpi: (Double, Double)) throws -> EncodedImage? {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard image.withPix({ pixWriteMemTiff(&data, &size, $0, Int32(IFF_TIFF_G4)) }) == 0, let data else {
            throw ImagingError(.encodeFailed, "G4 encoding failed")
        }
        defer { lept_free(data) }
        let tiff = Array(UnsafeBufferPointer(start: data, count: size))
        guard let directory = TIFFDirectory.read(tiff).first, var frame = g4Frame(directory, in: tiff, resolution: dpi) else {
            return nil
        }
        frame.storage = .recompressedLosslessly
        return frame
    }

    /// A frame from a lossy source coded again as a baseline JPEG.
    private static func jpegReencoded(_ decoded: PixImage, quality: Int, dpi: (Double, Double), assumed: Bool) throws -> EncodedImage {
        var image = try decoded.normalizedForEmbedding()
        if image.depth == 1 { image = try image.gray8() }
        return EncodedImage(width: image.width, height: image.height, dpiX: dpi.0, dpiY: dpi.1, resolutionAssumed: assumed,
                            filter: "DCTDecode", colorSpace: image.depth == 32 ? "DeviceRGB" : "DeviceGray",
                            bitsPerComponent: 8, decodeParameters: [], inverted: false,
                            data: try ImageEncoder.jpeg(image, quality: quality), storage: .reencodedAsJPEG)
    }

    /// The alpha channel of a 32-bit RGBA image as an 8-bit soft mask, or nil when fully opaque.
    private static func alphaMask(of image: PixImage) throws -> EncodedImage.SoftMask? {
        let alpha = try image.withPix { try PixImage(pixGetRGBComponent($0, Int32(L_ALPHA_CHANNEL)), or: "alpha extraction failed") }
        let samples = alpha.withPix { rows(of: $0) }
        guard samples.data.contains(where: { $0 != 0xFF }) else { return nil }
        let packed = PNGRowFilter.compress(samples.data, rowBytes: samples.rowBytes, height: alpha.height, bitsPerPixel: 8,
                                           colors: 1, bitsPerComponent: 8, columns: alpha.width)
        return EncodedImage.SoftMask(width: alpha.width, height: alpha.height, bitsPerComponent: 8,
                                     data: packed.data, parameters: packed.parameters)
    }

    /// The colour map as RGB triples for an `/Indexed` lookup table.
    private static func palette(of pix: UnsafeMutablePointer<PIX>) -> [UInt8] {
        guard let map = pixGetColormap(pix) else { return [] }
        var table: [UInt8] = []
        for index in 0..<min(256, Int(pixcmapGetCount(map))) {
            var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
            _ = pixcmapGetColor(map, Int32(index), &r, &g, &b)
            table += [UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b)]
        }
        return table
    }

    /// The image's rows as PDF stores samples: MSB first, each row padded to a whole byte;
    /// 32-bit pixels as R, G, B bytes.
    private static func rows(of pix: UnsafeMutablePointer<PIX>) -> (data: [UInt8], rowBytes: Int) {
        let w = Int(pixGetWidth(pix)), h = Int(pixGetHeight(pix)), depth = Int(pixGetDepth(pix))
        let wpl = Int(pixGetWpl(pix))
        guard let words = pixGetData(pix) else { return ([], 0) }
        if depth == 32 {
            var out = [UInt8](repeating: 0, count: w * h * 3)
            for y in 0..<h {
                let line = words + y * wpl
                for x in 0..<w {
                    let v = line[x], o = (y * w + x) * 3
                    out[o] = UInt8(v >> 24); out[o + 1] = UInt8(v >> 16 & 0xFF); out[o + 2] = UInt8(v >> 8 & 0xFF)
                }
            }
            return (out, w * 3)
        }
        let rowBytes = (w * depth + 7) / 8
        var out = [UInt8](repeating: 0, count: rowBytes * h)
        for y in 0..<h {
            let line = words + y * wpl
            for i in 0..<rowBytes {
                // Leptonica keeps pixels in 32-bit words, most significant byte first.
                out[y * rowBytes + i] = UInt8(truncatingIfNeeded: line[i >> 2] >> UInt32(24 - (i & 3) * 8))
            }
        }
        return (out, rowBytes)
    }
}
