import CLeptonica

/// A raster image owning a Leptonica `PIX`. Treated as immutable once made, so it may be
/// handed from one pipeline stage to the next; operations return new images.
public final class PixImage: @unchecked Sendable {
    /// The owned Leptonica image. For engine wrappers inside this package only.
    package let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`.
    package init(owning pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    /// Wraps a Leptonica result, turning NULL into an error.
    package convenience init(_ pix: UnsafeMutablePointer<PIX>?, or message: @autoclosure () -> String) throws {
        guard let pix else { throw ImagingError(.decodeFailed, message()) }
        self.init(owning: pix)
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&p)
    }

    /// Width in pixels.
    public var width: Int { Int(pixGetWidth(pix)) }
    /// Height in pixels.
    public var height: Int { Int(pixGetHeight(pix)) }
    /// Bits per pixel: 1, 2, 4, 8, 16 or 32.
    public var depth: Int { Int(pixGetDepth(pix)) }
    /// Horizontal resolution recorded in the image (0 when unknown).
    public var resolution: Int { Int(pixGetXRes(pix)) }

    /// A copy rotated clockwise by `quarterTurns` × 90°.
    public func rotated(quarterTurns: Int) throws -> PixImage {
        let q = ((quarterTurns % 4) + 4) % 4
        if q == 0 { return self }
        return try PixImage(pixRotateOrth(pix, Int32(q)), or: "rotation failed")
    }

    /// A copy mirrored left–right and/or top–bottom.
    public func flipped(horizontally: Bool, vertically: Bool) throws -> PixImage {
        var image = self
        if horizontally { image = try PixImage(pixFlipLR(nil, image.pix), or: "flip failed") }
        if vertically { image = try PixImage(pixFlipTB(nil, image.pix), or: "flip failed") }
        return image
    }

    /// A copy scaled to exactly `width` × `height`.
    public func scaled(width: Int, height: Int) throws -> PixImage {
        if width == self.width && height == self.height { return self }
        return try PixImage(pixScaleToSize(pix, Int32(max(1, width)), Int32(max(1, height))), or: "scaling failed")
    }

    /// An 8-bit gray copy (colour maps and colour removed); an 8-bit gray image returns itself.
    public func gray8() throws -> PixImage {
        if depth == 8 && pixGetColormap(pix) == nil { return self }
        if depth == 1 { return try PixImage(pixConvert1To8(nil, pix, 255, 0), or: "gray conversion failed") }
        return try PixImage(pixConvertTo8(pix, 0), or: "gray conversion failed")
    }

    /// Records the resolution in the image.
    public func setResolution(_ dpi: Int) {
        pixSetResolution(pix, Int32(dpi), Int32(dpi))
    }

    /// PNG bytes of the image (for debugging, tests and exports).
    public func pngData() throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemPng(&data, &size, pix, 0) == 0, let data else {
            throw ImagingError(.encodeFailed, "PNG encoding failed")
        }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The fraction of dark pixels (below mid-gray), for blank-page detection.
    public func inkCoverage() throws -> Double {
        let binary: PixImage
        if depth == 1 { binary = self }
        else { binary = try PixImage(pixConvertTo1(try gray8().pix, 128), or: "thresholding failed") }
        var count: Int32 = 0
        pixCountPixels(binary.pix, &count, nil)
        return Double(count) / Double(max(1, width * height))
    }
}
