import CLeptonica

/// A raster image owning a Leptonica `PIX`. Treated as immutable once made, so it may be
/// handed from one pipeline stage to the next; operations return new images.
public final class PixImage: @unchecked Sendable {
    /// The owned Leptonica image; reach it through `withPix` so the owner outlives the call.
    private let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`.
    package init(owning pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    /// Wraps a Leptonica result, turning NULL into an error.
    package convenience init(_ pix: UnsafeMutablePointer<PIX>?, or message: @autoclosure () -> String) throws {
        guard let pix else { throw ImagingError(.decodeFailed, message()) }
        self.init(owning: pix)
    }

    /// Runs `body` with the Leptonica image, keeping this owner alive until it returns.
    /// For engine wrappers inside this package only.
    package func withPix<R>(_ body: (UnsafeMutablePointer<PIX>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(pix) }
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
        if horizontally { image = try image.withPix { try PixImage(pixFlipLR(nil, $0), or: "flip failed") } }
        if vertically { image = try image.withPix { try PixImage(pixFlipTB(nil, $0), or: "flip failed") } }
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
        if depth == 1 { binary = self } else {
            let gray = try gray8()
            binary = try gray.withPix { try PixImage(pixConvertTo1($0, 128), or: "thresholding failed") }
        }
        var count: Int32 = 0
        binary.withPix { _ = pixCountPixels($0, &count, nil) }
        return Double(count) / Double(max(1, width * height))
    }
}

extension PixImage {
    /// Decodes an image file (PNG, JPEG, TIFF, PNM, …) held in memory.
    public convenience init(encoded bytes: [UInt8]) throws {
        let pix = bytes.withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) }
        try self.init(pix, or: "the image file cannot be decoded")
    }

    /// Whether both images have the same size and the same pixel values (compared as 8-bit
    /// gray when their depths differ).
    public func hasSamePixels(as other: PixImage) throws -> Bool {
        guard width == other.width, height == other.height else { return false }
        let (a, b) = depth == other.depth ? (self, other) : (try gray8(), try other.gray8())
        var same: Int32 = 0
        let status = a.withPix { pa in b.withPix { pb in pixEqual(pa, pb, &same) } }
        guard status == 0 else { return false }
        return same != 0
    }
}

extension PixImage {
    /// Mean absolute difference of the two images as 8-bit gray (0 identical, 255 opposite).
    public func meanDifference(from other: PixImage) throws -> Double {
        guard width == other.width, height == other.height else {
            throw ImagingError(.decodeFailed, "images of different sizes cannot be compared")
        }
        let a = try gray8(), b = try other.gray8()
        let difference = try a.withPix { pa in
            try b.withPix { pb in try PixImage(pixAbsDifference(pa, pb), or: "difference failed") }
        }
        var mean: Float = 0
        let status = difference.withPix { pixGetAverageMasked($0, nil, 0, 0, 1, Int32(L_MEAN_ABSVAL), &mean) }
        guard status == 0 else {
            throw ImagingError(.decodeFailed, "difference failed")
        }
        return Double(mean)
    }
}
