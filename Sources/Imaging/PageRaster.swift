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
        let w = Double(image.width), h = Double(image.height)
        // Inverse of the rotation: new pixel coordinates back to old ones.
        let back: Matrix
        switch q {
        case 1: back = Matrix(0, -1, 1, 0, 0, h)
        case 2: back = Matrix(-1, 0, 0, -1, w, h)
        default: back = Matrix(0, 1, -1, 0, w, 0)
        }
        return PageRaster(image: try image.rotated(quarterTurns: q), dpi: dpi,
                          pixelToPage: back.concatenating(pixelToPage))
    }
}
