import Imaging

extension OCRPage {
    /// One page of a `width` × `height` image at `dpi` from the readings of its parts, in the
    /// order given: each part's blocks follow the previous part's, and every box and baseline
    /// moves by its part's origin, exactly (whole pixels, no scaling). The language is the one
    /// the part with the most words was read in.
    public static func joined(_ parts: [(page: OCRPage, region: PixelRegion)], width: Int, height: Int, dpi: Int) -> OCRPage {
        var page = OCRPage(width: width, height: height, dpi: dpi,
                           blocks: parts.flatMap { $0.page.moved(x: Double($0.region.x), y: Double($0.region.y)).blocks })
        page.language = parts.max { $0.page.lines.reduce(0) { $0 + $1.words.count } < $1.page.lines.reduce(0) { $0 + $1.words.count } }?
            .page.language
        return page
    }

    /// The same result with every box and baseline moved by (`x`, `y`) pixels.
    func moved(x dx: Double, y dy: Double) -> OCRPage {
        var page = self
        page.blocks = mappedBlocks(x: { $0 + dx }, y: { $0 + dy }, heightScale: 1)
        return page
    }
}
