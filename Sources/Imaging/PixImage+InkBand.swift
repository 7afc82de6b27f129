/// Finding the part of a page where its text is, so that a quick first reading can look at a
/// few lines instead of the whole page.
extension PixImage {
    /// The full-width horizontal band, `heightFraction` of the page tall, holding the most ink
    /// among bands that are not mostly ink (a photo or a black scan border is not text),
    /// widened to the blank rows above and below so that no line of text is cut in half.
    /// - Parameters:
    ///   - heightFraction: the band's height as a fraction of the page's (clamped to 0.01…1).
    ///   - steps: how many band positions are tried, evenly from top to bottom.
    /// - Returns: nil for a page with no ink at all.
    public func densestTextBand(heightFraction: Double, steps: Int = 24) throws -> PixelRegion? {
        try densestTextBand(heightFraction: heightFraction, steps: steps, within: 0..<height)
    }

    /// `densestTextBand(heightFraction:steps:)` with the band's top in `rows` (the band is still
    /// `heightFraction` of the whole page, and may be widened past `rows`).
    public func densestTextBand(heightFraction: Double, steps: Int = 24, within rows: Range<Int>) throws -> PixelRegion? {
        // Text covers 5–15 % of the area it is printed on; a band darker than this is a picture.
        let maxTextInkShare = 0.35
        let mask = try inkMask(threshold: 128)
        let bandHeight = max(1, Int(Double(height) * min(1, max(0.01, heightFraction))))
        let positions = max(1, steps)
        var best: (region: PixelRegion, ink: Int)?
        let first = max(0, min(rows.lowerBound, height - bandHeight))
        let last = max(first, min(rows.upperBound, height) - bandHeight)
        for step in 0..<positions {
            let top = positions == 1 ? first : first + (last - first) * step / (positions - 1)
            let region = PixelRegion(x: 0, y: top, width: width, height: bandHeight)
            let ink = mask.inkCount(in: region)
            guard Double(ink) <= maxTextInkShare * Double(width * bandHeight) else { continue }
            if ink > (best?.ink ?? 0) { best = (region, ink) }
        }
        guard let band = best?.region else { return nil }
        // At most a band's height, or an eighth of the page on a short page, more on each side:
        // a page of text without blank rows (tight leading) keeps a bounded band.
        let widening = max(bandHeight, height / 8)
        let rowHasInk = { (y: Int) in mask.inkCount(in: PixelRegion(x: 0, y: y, width: self.width, height: 1)) > 0 }
        var top = band.y, bottom = band.bottom
        while top > 0, band.y - top < widening, rowHasInk(top) { top -= 1 }
        while bottom < height, bottom - band.bottom < widening, rowHasInk(bottom - 1) { bottom += 1 }
        return PixelRegion(x: 0, y: top, width: width, height: bottom - top)
    }
}
