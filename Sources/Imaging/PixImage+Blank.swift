import CLeptonica

extension PixImage {
    /// The resolution blank checks look at: fine enough for the smallest mark that matters
    /// (2.5 pt text is 3–4 pixels high), coarse enough that scanner speckle averages away.
    static let blankCheckDPI = 100.0

    /// Whether the image holds nothing that could be text: after reducing it to about
    /// 100 dpi and thresholding, no mark is the size of a character. Scanner speckle is too
    /// small to count and a page with a single short word is not blank; photographs and
    /// black borders larger than any glyph do not count as text either.
    /// - Parameter dpi: the image's resolution.
    public func looksBlank(dpi: Int) throws -> Bool {
        let (marks, effective, _, _) = try blankCheckMarks(dpi: dpi, darkerThan: 128)
        let minimumHeight = Int((0.035 * effective).rounded(.up))    // ~2.5 pt: tiny text still counts
        let maximumHeight = Int(1.5 * effective)                     // taller than any body glyph
        return !marks.contains { mark in
            mark.height >= minimumHeight && mark.height <= maximumHeight && mark.width >= 2 && mark.width <= maximumHeight * 4
        }
    }

    /// The gray level a blank-back check counts as a mark: lighter than the existing check's
    /// 128, so faint pencil and light stamps keep a page, while show-through (the other
    /// side's print seen through the paper, at a fifth of its contrast or less: above 200)
    /// stays paper.
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
        let (marks, effective, width, height) = try blankCheckMarks(dpi: dpi, darkerThan: Self.blankBackMarkLevel)
        let speck = max(1, Int((Self.blankBackLargestSpeck * effective).rounded()))
        return !marks.contains { mark in
            guard max(mark.width, mark.height) > speck else { return false }
            let touchesEdge = mark.x <= 0 || mark.y <= 0 || mark.x + mark.width >= width || mark.y + mark.height >= height
            return !touchesEdge && !PunchHole.matches(mark, imageWidth: width, imageHeight: height, dpi: effective)
        }
    }

    /// The image reduced to about `blankCheckDPI`, as 8-bit gray, with its resolution.
    private func blankCheckImage(dpi: Int) throws -> (image: PixImage, dpi: Double) {
        let factor = Double(dpi) > Self.blankCheckDPI ? Self.blankCheckDPI / Double(dpi) : 1
        let reduced: PixImage
        if factor < 1 {
            reduced = try withPix { pix in
                depth == 1 ? try PixImage(pixScaleToGray(pix, Float(factor)), or: "reduction failed")
                    : try PixImage(pixScaleAreaMap(pix, Float(factor), Float(factor)), or: "reduction failed")
            }
        } else {
            reduced = self
        }
        return (try reduced.gray8(), Double(dpi) * factor)
    }

    /// The bounding boxes of the marks darker than `level` (8-connected), at the reduced
    /// resolution and size returned with them.
    private func blankCheckMarks(dpi: Int, darkerThan level: Int32) throws -> (marks: [PixelRegion], dpi: Double, width: Int, height: Int) {
        let (gray, effective) = try blankCheckImage(dpi: dpi)
        let binary = try gray.withPix { try PixImage(pixThresholdToBinary($0, level), or: "thresholding failed") }
        let marks: [PixelRegion] = binary.withPix { pix in
            var owned: UnsafeMutablePointer<BOXA>? = pixConnCompBB(pix, 8)
            defer { boxaDestroy(&owned) }
            guard let boxes = owned else { return [] }
            return (0..<boxaGetCount(boxes)).map { index in
                var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
                boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h)
                return PixelRegion(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
            }
        }
        return (marks, effective, gray.width, gray.height)
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
