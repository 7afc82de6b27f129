import PDF

/// A page's pixels ready for OCR, with the way back from pixels to the page.
public struct PageRaster: Sendable {
    /// The raster, upright as the page is displayed (its `/Rotate` applied).
    public var image: PixImage
    /// Resolution of the raster in dots per inch.
    public var dpi: Int
    /// Maps raster coordinates (x right, y down, in pixels, origin at the top-left corner)
    /// to the page's default user space.
    public var pixelToPage: Matrix

    /// Creates a raster description.
    public init(image: PixImage, dpi: Int, pixelToPage: Matrix) {
        self.image = image
        self.dpi = dpi
        self.pixelToPage = pixelToPage
    }

    /// The same raster turned clockwise by `quarterTurns` × 90°, with the mapping kept exact.
    public func rotated(quarterTurns: Int) throws -> PageRaster {
        let q = ((quarterTurns % 4) + 4) % 4
        guard q != 0 else { return self }
        return PageRaster(image: try image.rotated(quarterTurns: q), dpi: dpi,
                          pixelToPage: pixelToPage(turnedBy: q))
    }

    /// The mapping to the page of this raster's pixels once turned clockwise by `quarterTurns`
    /// × 90° (the image itself is not turned): the frame `rotated(quarterTurns:)` would give.
    public func pixelToPage(turnedBy quarterTurns: Int) -> Matrix {
        let w = Double(image.width), h = Double(image.height)
        // Inverse of the rotation: new pixel coordinates back to old ones.
        let back: Matrix
        switch ((quarterTurns % 4) + 4) % 4 {
        case 0: return pixelToPage
        case 1: back = Matrix(0, -1, 1, 0, 0, h)
        case 2: back = Matrix(-1, 0, 0, -1, w, h)
        default: back = Matrix(0, 1, -1, 0, w, 0)
        }
        return back.concatenating(pixelToPage)
    }

    /// The same raster resampled down to at most `maxDPI` (unchanged when already below),
    /// with the mapping to the page kept exact: the image is exactly `width × factor` by
    /// `height × factor` pixels, rounded, and the mapping scales by the sizes' own ratio.
    /// A bilevel image becomes 8-bit gray.
    public func reduced(toAtMost maxDPI: Int) throws -> PageRaster {
        guard dpi > maxDPI, maxDPI > 0 else { return self }
        let factor = Double(maxDPI) / Double(dpi)
        let width = max(1, Int((Double(image.width) * factor).rounded()))
        let height = max(1, Int((Double(image.height) * factor).rounded()))
        let scale = Matrix(Double(image.width) / Double(width), 0, 0, Double(image.height) / Double(height), 0, 0)
        // Sampling a bilevel image drops thin strokes; averaging its blocks to gray keeps them.
        let smaller = image.depth == 1 ? try image.bilevelReduced(width: width, height: height)
            : try image.scaled(width: width, height: height)
        smaller.setResolution(maxDPI)
        return PageRaster(image: smaller, dpi: maxDPI, pixelToPage: scale.concatenating(pixelToPage))
    }
}
