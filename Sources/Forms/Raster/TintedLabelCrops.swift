import Imaging

/// A part of a page image made ready for a second OCR pass: black print on white, and where
/// its top-left pixel lies in the page image.
public struct TintedLabelCrop: Sendable {
    /// The crop's top-left corner in the page image's pixels.
    public var x: Int, y: Int
    /// The crop, 8-bit gray, print black on white.
    public var image: PixImage
}

/// Labels printed on tinted bands (a passport form's beige frame, a table's gray header row):
/// Tesseract's page-wide thresholding turns a large tinted area into one dark block and reads
/// no words there, so the fields on it come out unnamed. The bands are found here and cut out
/// with only the ink kept, for the caller's OCR engine to read again; `adding(_:to:)` merges
/// the words found with the page's.
///
/// Blocking Leptonica calls: run on an OCR worker thread, like the finder.
public enum TintedLabelCrops {
    /// Most crops read a page (the largest bands first).
    static let maxCrops = 8

    /// The tinted bands of a page image, thresholded to black on white.
    /// - Parameters:
    ///   - image: the page as displayed, any depth.
    ///   - dpi: its resolution.
    ///   - parameters: the detector's thresholds (ink and tint levels).
    /// - Throws: `FormsError(.unreadablePage)` when Leptonica fails.
    public static func crops(of image: PixImage, dpi: Int,
                             parameters: FormDetectionParameters = FormDetectionParameters()) throws -> [TintedLabelCrop] {
        try FormsError.analysingRaster { try findCrops(of: image, dpi: dpi, parameters: parameters) }
    }

    private static func findCrops(of image: PixImage, dpi: Int, parameters: FormDetectionParameters) throws -> [TintedLabelCrop] {
        guard image.width > 8, image.height > 8, image.width <= 20_000, image.height <= 20_000, dpi > 0 else { return [] }
        let px = { (points: Double) in max(1, Int((points * Double(dpi) / 72).rounded())) }
        let gray = try image.gray8()
        let ink = try gray.inkMask(threshold: Int(parameters.inkThreshold))
        // Tint and ink, opened with a brick wider than any stroke: what is left is solid area.
        let solid = try gray.smoothed().inkMask(threshold: Int(parameters.tintThreshold)).opened(width: px(6), height: px(6))
        let bands = solid.components(connectivity: 8).map(\.box).filter { box in
            guard box.width >= px(72), box.height >= px(14) else { return false }
            // A dark band (white print on a coloured bar), a photo or a logo: its ink is no label.
            return Double(ink.inkCount(in: box)) <= 0.35 * Double(box.width * box.height)
        }.sorted { $0.width * $0.height > $1.width * $1.height }.prefix(maxCrops)
        // A few points of the surroundings (thresholded white) around the band: Tesseract reads
        // poorly what touches the image's edge.
        let margin = px(4)
        return try bands.map { band in
            let x = max(0, band.x - margin), y = max(0, band.y - margin)
            let box = PixelBox(x: x, y: y, width: min(gray.width, band.right + margin) - x, height: min(gray.height, band.bottom + margin) - y)
            let cut = try gray.clipped(to: box).inkMask(threshold: Int(parameters.inkThreshold)).bilevelAsGray()
            return TintedLabelCrop(x: box.x, y: box.y, image: cut)
        }
    }

    /// The page's words with those of a second pass merged in: on a tinted band the second
    /// pass reads black on white, so its words replace the page pass's words they overlap
    /// (garbage read off the tint), and fill the gaps where the page pass read nothing.
    public static func adding(_ found: [LayoutWord], to words: [LayoutWord]) -> [LayoutWord] {
        let found = found.filter { $0.text.contains(where: { $0.isLetter || $0.isNumber }) && $0.rect.area > 0 }
        let overlaps = { (a: LayoutRect, b: LayoutRect) -> Bool in
            guard let o = a.intersection(b) else { return false }
            return o.area >= 0.3 * min(a.area, b.area)
        }
        return words.filter { w in !found.contains { overlaps($0.rect, w.rect) } } + found
    }
}
