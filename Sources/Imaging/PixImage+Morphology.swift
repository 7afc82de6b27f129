import CLeptonica

/// A box in image pixels (x right, y down), as connected components are reported.
public struct PixelRegion: Equatable, Sendable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// One past the right edge.
    public var right: Int { x + width }
    /// One past the bottom edge.
    public var bottom: Int { y + height }

    /// Creates a box.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Binary morphology and measurement on page rasters (what the forms finder chains), each
/// operation returning a new image. Leptonica does the work; a NULL result throws
/// `ImagingError(.decodeFailed)` naming the step ("opening failed").
extension PixImage {
    /// Wraps a Leptonica result made from this image.
    private func derived(_ what: String, _ body: (UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>?) throws -> PixImage {
        try withPix { try PixImage(body($0), or: "\(what) failed") }
    }

    /// 1-bit ink mask: pixels darker than `threshold` (clamped to 1...255) set; a 1-bit image is its own.
    public func inkMask(threshold: Int) throws -> PixImage {
        if depth == 1 { return self }
        let gray = try gray8()
        return try gray.derived("thresholding") { pixThresholdToBinary($0, Int32(max(1, min(255, threshold)))) }
    }

    /// A 3 × 3 box-filtered copy of an 8-bit gray image (scanner speckle averaged away).
    public func smoothed() throws -> PixImage {
        try derived("smoothing") { pixBlockconv($0, 1, 1) }
    }

    /// Only the connected components at most `width` × `height` pixels (dots, specks).
    public func smallComponents(width: Int, height: Int) throws -> PixImage {
        try derived("component selection") {
            pixSelectBySize($0, Int32(width), Int32(height), 8, Int32(L_SELECT_IF_BOTH), Int32(L_SELECT_IF_LTE), nil)
        }
    }

    /// Morphological opening with a `width` × `height` brick.
    public func opened(width: Int, height: Int) throws -> PixImage {
        try derived("opening") { pixOpenBrick(nil, $0, Int32(max(1, width)), Int32(max(1, height))) }
    }

    /// Morphological closing (safe at the borders) with a `width` × `height` brick.
    public func closed(width: Int, height: Int) throws -> PixImage {
        try derived("closing") { pixCloseSafeBrick(nil, $0, Int32(max(1, width)), Int32(max(1, height))) }
    }

    /// Dilation with a `width` × `height` brick.
    public func dilated(width: Int, height: Int) throws -> PixImage {
        try derived("dilation") { pixDilateBrick(nil, $0, Int32(max(1, width)), Int32(max(1, height))) }
    }

    /// Pixels set here and not in `other`.
    public func subtracting(_ other: PixImage) throws -> PixImage {
        try other.withPix { o in try derived("subtraction") { pixSubtract(nil, $0, o) } }
    }

    /// Pixels set here or in `other`.
    public func union(_ other: PixImage) throws -> PixImage {
        try other.withPix { o in try derived("union") { pixOr(nil, $0, o) } }
    }

    /// The enclosed background regions (holes) as foreground.
    public func holes() throws -> PixImage {
        try derived("hole filling") { pixHolesByFilling($0, 4) }
    }

    /// Rotated by `degrees` (clockwise positive, as Leptonica measures skew) about the centre,
    /// white brought in at the corners.
    public func rotated(degrees: Double) throws -> PixImage {
        try derived("rotation") {
            pixRotate($0, Float(degrees * .pi / 180), Int32(L_ROTATE_SAMPLING), Int32(L_BRING_IN_WHITE), 0, 0)
        }
    }

    /// The skew angle in degrees (0 when it cannot be measured with confidence).
    public func skewDegrees() -> Double {
        var angle: Float = 0, confidence: Float = 0
        let status = withPix { pixFindSkew($0, &angle, &confidence) }
        // Leptonica's own confidence scale: below 2.5 the angle is a guess.
        return status == 0 && confidence > 2.5 ? Double(angle) : 0
    }

    /// Connected components: their boxes and set-pixel counts.
    public func components(connectivity: Int) -> [(box: PixelRegion, pixels: Int)] {
        withPix { pix in
            var pixa: UnsafeMutablePointer<PIXA>?
            var boxa = pixConnComp(pix, &pixa, Int32(connectivity))
            defer { boxaDestroy(&boxa); pixaDestroy(&pixa) }
            guard let pixa else { return [] }
            let table = makePixelSumTab8()
            defer { lept_free(table) }
            var result: [(PixelRegion, Int)] = []
            let count = pixaGetCount(pixa)
            result.reserveCapacity(Int(count))
            for index in 0..<count {
                var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
                pixaGetBoxGeometry(pixa, index, &x, &y, &w, &h)
                var piece = pixaGetPix(pixa, index, Int32(L_CLONE))
                var n: Int32 = 0
                pixCountPixels(piece, &n, table)
                pixDestroy(&piece)
                result.append((PixelRegion(x: Int(x), y: Int(y), width: Int(w), height: Int(h)), Int(n)))
            }
            return result
        }
    }

    /// Set pixels inside a box.
    public func inkCount(in box: PixelRegion) -> Int {
        withPix { pix in
            var b = boxCreate(Int32(box.x), Int32(box.y), Int32(max(1, box.width)), Int32(max(1, box.height)))
            defer { boxDestroy(&b) }
            var n: Int32 = 0
            pixCountPixelsInRect(pix, b, &n, nil)
            return Int(n)
        }
    }
}
