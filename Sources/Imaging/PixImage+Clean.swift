import CLeptonica

extension PixImage {
    /// The largest speck `cleaned` removes, in inches: 1/150 in (2 pixels at 300 dpi), the
    /// size of scanner dust and toner spatter; a full stop in 6 pt type is twice as large.
    public static let largestSpeck = 1.0 / 150
    /// The paper tone `cleaned` flattens the background to: near white, below 255 so that
    /// light strokes on a dark part of the page are not pushed out to white with it.
    static let cleanBackgroundLevel: Int32 = 245
    /// The tile size, in pixels, over which the background is estimated (Leptonica's
    /// recommended default for `pixBackgroundNorm`): larger than a glyph at 300 dpi, small
    /// enough to follow shading across a page.
    static let backgroundTile: Int32 = 10
    /// A tile counts as background where its pixels are lighter than this level (Leptonica's default).
    static let backgroundThreshold: Int32 = 100
    /// The fewest background pixels a tile needs for its estimate (Leptonica's default).
    static let backgroundMinimumCount: Int32 = 50

    /// The image cleaned for recognition or storage (`--clean`, `--clean-final`): the
    /// background flattened to even paper (shading, yellowing and show-through lifted) and
    /// specks up to `largestSpeck` removed. A bilevel image only loses its specks.
    /// - Parameter dpi: the image's resolution, which sizes the specks.
    public func cleaned(dpi: Int) throws -> PixImage {
        let speck = Int32(max(1, (Self.largestSpeck * Double(dpi)).rounded()))
        if depth == 1 {
            // Keep the marks larger than a speck in either direction.
            return try withPix {
                try PixImage(pixSelectBySize($0, speck, speck, 8, Int32(L_SELECT_IF_EITHER), Int32(L_SELECT_IF_GT), nil),
                             or: "despeckling failed")
            }
        }
        let source = try normalizedForEmbedding()
        let flattened = try source.withPix {
            try PixImage(pixBackgroundNorm($0, nil, nil, Self.backgroundTile, Self.backgroundTile, Self.backgroundThreshold,
                                           Self.backgroundMinimumCount, Self.cleanBackgroundLevel, 2, 1),
                         or: "background flattening failed")
        }
        let ink = try flattened.inkMask(threshold: 128)
        let specks = try ink.withPix {
            try PixImage(pixSelectBySize($0, speck, speck, 8, Int32(L_SELECT_IF_BOTH), Int32(L_SELECT_IF_LTE), nil),
                         or: "finding specks failed")
        }
        let white: UInt32 = flattened.depth == 32 ? 0xFFFF_FF00 : 0xFF
        let status = flattened.withPix { target in specks.withPix { pixSetMasked(target, $0, white) } }
        guard status == 0 else { throw ImagingError(.encodeFailed, "removing specks failed") }
        return flattened
    }
}
