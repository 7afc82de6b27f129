import PDF

extension Thumbnail {
    /// The thumbnail of one page, upright as a viewer shows it: the page's composed raster (its
    /// images; vector text and shapes are not painted) scaled so the longest side is `longestSide`.
    /// - Throws: `ImagingError` when an image of the page cannot be decoded.
    public static func page(_ page: PDFPage, in document: PDFDocument, longestSide: Int) throws -> PixImage {
        let crop = page.cropBox
        let quarter = ((page.rotation / 90) % 4 + 4) % 4
        let (width, height) = quarter % 2 == 0 ? (crop.width, crop.height) : (crop.height, crop.width)
        guard let raster = try PageRasterizer().raster(for: page, document: document) else {
            return try make(displayWidth: width, displayHeight: height, raster: nil,
                            rasterRect: PDFRect(0, 0, 0, 0), longestSide: longestSide)
        }
        // Where the raster's corners fall on the page as displayed (points from the top-left).
        let corners = [(0.0, 0.0), (Double(raster.image.width), Double(raster.image.height))].map { x, y in
            let m = raster.pixelToPage
            return display(x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f, crop: crop, quarter: quarter)
        }
        let rect = PDFRect(min(corners[0].0, corners[1].0), min(corners[0].1, corners[1].1),
                           max(corners[0].0, corners[1].0), max(corners[0].1, corners[1].1))
        return try make(displayWidth: width, displayHeight: height, raster: raster.image,
                        rasterRect: rect, longestSide: longestSide)
    }

    /// A point of the page's user space in display coordinates: points from the top-left corner
    /// of the crop box after `/Rotate` (clockwise quarter turns).
    private static func display(x: Double, y: Double, crop: PDFRect, quarter: Int) -> (Double, Double) {
        switch quarter {
        case 1: return (y - crop.y0, x - crop.x0)
        case 2: return (crop.x1 - x, y - crop.y0)
        case 3: return (crop.y1 - y, crop.x1 - x)
        default: return (x - crop.x0, crop.y1 - y)
        }
    }
}
