import CLeptonica

extension PixImage {
    /// The resolution the blank-back check looks at, as `looksBlank` does: fine enough for
    /// the smallest mark that matters, coarse enough that scanner speckle averages away.
    static let blankBackCheckDPI = 100.0
    /// The gray level a blank-back check counts as a mark: lighter than `looksBlank`'s 128,
    /// so faint pencil and light stamps keep a page, while show-through (the other side's
    /// print seen through the paper, at a fifth of its contrast or less: above 200) stays paper.
    static let blankBackMarkLevel: Int32 = 160
    /// Marks up to this size, in inches, do not keep a page: 0.02 in (half a millimetre).
    /// Dust and toner specks are that small (a 2×2-pixel speck at 150 dpi straddles 2 pixels
    /// of the 100 dpi check); a lone page number or initials are five times larger.
    /// `looksBlank` ignores marks up to 2.5 pt high, which would let a lone page number go.
    static let blankBackLargestSpeck = 0.02

    /// Whether the image is a blank page for removal (`--remove-blank-pages`): stricter
    /// than `looksBlank`, which only asks whether there is text to read. Any mark darker than
    /// `blankBackMarkLevel` and larger than `blankBackLargestSpeck` keeps the page — text,
    /// a signature, a drawing or a photograph of any size — except marks that touch the
    /// image's edge (the scanner's border shadow) and punch holes (`PunchHole`).
    /// - Parameter dpi: the image's resolution.
    public func looksLikeBlankBack(dpi: Int) throws -> Bool {
        let (gray, factor) = try grayReduced(toAtMost: Self.blankBackCheckDPI, from: dpi)
        let effective = Double(dpi) * factor
        let binary = try gray.withPix { try PixImage(pixThresholdToBinary($0, Self.blankBackMarkLevel), or: "thresholding failed") }
        let speck = max(1, Int((Self.blankBackLargestSpeck * effective).rounded()))
        let width = gray.width, height = gray.height
        return !binary.components(connectivity: 8).contains { component in
            let mark = component.box
            guard max(mark.width, mark.height) > speck else { return false }
            // The scanner's edge shadow.
            if mark.x <= 0 || mark.y <= 0 || mark.x + mark.width >= width || mark.y + mark.height >= height { return false }
            return !PunchHole.matches(mark, imageWidth: width, imageHeight: height, dpi: effective)
        }
    }
}

/// A filing punch's hole as a scanner sees it: a round mark of 5–8 mm (ISO 838 holes are
/// 6 mm, US three-hole punches 1/4–5/16 in) whose centre lies within 25 mm of an edge (ISO 838
/// puts it 12 mm in; US punches about 3/8–1/2 in).
enum PunchHole {
    /// The smallest and largest hole diameter, in inches (5 and 8 mm, with the reduction's blur).
    static let diameter: ClosedRange<Double> = 0.18...0.34
    /// How far from an edge a hole's centre may lie, in inches (25 mm).
    static let maxEdgeDistance = 1.0
    /// How far from square a round hole's box may be (a half-cut hole at the sheet's edge is not one).
    static let maxAspect = 1.35

    static func matches(_ mark: PixelRegion, imageWidth: Int, imageHeight: Int, dpi: Double) -> Bool {
        let w = Double(mark.width) / dpi, h = Double(mark.height) / dpi
        guard diameter.contains(w), diameter.contains(h), max(w, h) / min(w, h) <= maxAspect else { return false }
        let cx = (Double(mark.x) + Double(mark.width) / 2) / dpi, cy = (Double(mark.y) + Double(mark.height) / 2) / dpi
        let right = Double(imageWidth) / dpi - cx, bottom = Double(imageHeight) / dpi - cy
        return min(cx, cy, right, bottom) <= maxEdgeDistance
    }
}
