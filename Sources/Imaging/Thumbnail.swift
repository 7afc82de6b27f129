import CLeptonica
import PDF

/// Small previews of pages for document browsers: the page's composed raster scaled down
/// (area averaging, so text and halftones do not alias) onto a white page-sized canvas.
public enum Thumbnail {
    /// The thumbnail of a page shown as `displayWidth` × `displayHeight` points whose longest
    /// side becomes `longestSide` pixels. `raster` (upright, as displayed) is painted into
    /// `rasterRect` (points from the displayed page's top-left corner); without a raster the
    /// thumbnail is a white page. Colour rasters stay colour; everything else becomes 8-bit gray.
    /// - Throws: `ImagingError` when Leptonica cannot convert or scale.
    public static func make(displayWidth: Double, displayHeight: Double, raster: PixImage?,
                            rasterRect: PDFRect, longestSide: Int) throws -> PixImage {
        let scale = Double(longestSide) / max(displayWidth, displayHeight, 1)
        let width = max(1, Int((displayWidth * scale).rounded())), height = max(1, Int((displayHeight * scale).rounded()))
        // A bilevel raster is reduced straight from its bits, without a full-size gray copy.
        let bilevel = raster.map { $0.depth == 1 && $0.withPix({ pixGetColormap($0) }) == nil } ?? false
        let image = try bilevel ? raster : raster.map(normalized)
        guard let canvasPix = pixCreate(Int32(width), Int32(height), image?.depth == 32 ? 32 : 8) else {
            throw ImagingError(.tooLarge, "out of memory for a \(width)×\(height) thumbnail")
        }
        let canvas = PixImage(owning: canvasPix)
        pixSetAll(canvasPix)
        guard let image else { return canvas }
        let x = Int((rasterRect.x0 * scale).rounded()), y = Int((rasterRect.y0 * scale).rounded())
        let w = max(1, Int((rasterRect.x1 * scale).rounded()) - x), h = max(1, Int((rasterRect.y1 * scale).rounded()) - y)
        let scaled: PixImage
        if bilevel && w <= image.width && h <= image.height {
            scaled = try image.bilevelReduced(width: w, height: h)
        } else {
            let source = try bilevel ? image.gray8() : image
            // Shrinking fivefold or more, Leptonica's smoothing is a box filter without sharpening:
            // the same block means come from one pass of plain sums.
            scaled = try w * 5 <= source.width && h * 5 <= source.height
                ? source.areaReduced(width: w, height: h) : source.scaled(width: w, height: h)
        }
        scaled.withPix { _ = pixRasterop(canvasPix, Int32(x), Int32(y), Int32(w), Int32(h), PIX_SRC, $0, 0, 0) }
        return canvas
    }

    /// The raster as 8-bit gray or 32-bit colour: depths Leptonica scales by area averaging.
    private static func normalized(_ image: PixImage) throws -> PixImage {
        var image = image
        if image.withPix({ pixGetColormap($0) }) != nil {
            image = try image.withPix { try PixImage(pixRemoveColormap($0, Int32(REMOVE_CMAP_BASED_ON_SRC)), or: "colour map removal failed") }
        }
        if image.depth == 32 {
            if image.withPix({ pixGetSpp($0) }) == 4 {
                image = try image.withPix { try PixImage(pixAlphaBlendUniform($0, 0xFFFF_FF00), or: "alpha removal failed") }
            }
            return image
        }
        return try image.gray8()
    }
}
