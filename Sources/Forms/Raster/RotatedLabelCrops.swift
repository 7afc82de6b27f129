import Imaging

/// A word read on a crop by a second OCR pass: its text, its box (pixels, x right, y down) and
/// the engine's confidence (0–100).
public struct CropWord: Sendable, Equatable {
    /// The word's text.
    public var text: String
    /// Its box in pixels.
    public var left: Double, top: Double, right: Double, bottom: Double
    /// Engine confidence, 0–100.
    public var confidence: Double

    /// Creates a word.
    public init(text: String, left: Double, top: Double, right: Double, bottom: Double, confidence: Double) {
        self.text = text
        self.left = left; self.top = top; self.right = right; self.bottom = bottom
        self.confidence = confidence
    }
}

/// A part of a page image holding lines printed bottom to top, turned a quarter clockwise so
/// they read left to right, black on white.
public struct RotatedLabelCrop: Sendable {
    /// The crop's region in the page image (pixels, before turning).
    public var x: Int, y: Int, width: Int, height: Int
    /// The white margin added around the turned region, in pixels.
    public var border: Int
    /// The region turned a quarter clockwise (`height` wide, `width` high) in its white
    /// border, rules removed.
    public var image: PixImage
    /// The rotated lines found in the region, in page pixels (left, top, right, bottom): only
    /// words read over one of them are kept.
    var lines: [(left: Double, top: Double, right: Double, bottom: Double)]

    /// The words read on `image` that are text of the rotated lines, in page pixels: confident,
    /// with a letter or digit, and lying on a line (what else the crop holds — horizontal
    /// print turned on its side, short cell walls — reads as noise).
    public func pageWords(_ read: [CropWord]) -> [CropWord] {
        read.compactMap { w -> CropWord? in
            guard w.confidence >= RotatedLabelCrops.minConfidence, w.text.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
            // Tesseract turns lines it finds running down the crop itself: those are the page's
            // horizontal print, read already by the page pass.
            guard w.right - w.left > w.bottom - w.top || w.text.count <= 2 else { return nil }
            // Turned clockwise: the crop's x runs down the region, its y runs from the region's right edge.
            let b = Double(border)
            let page = CropWord(text: w.text, left: Double(x) + w.top - b, top: Double(y + height) - (w.right - b),
                                right: Double(x) + w.bottom - b, bottom: Double(y + height) - (w.left - b), confidence: w.confidence)
            let cx = (page.left + page.right) / 2, cy = (page.top + page.bottom) / 2
            return lines.contains { $0.left - 2 <= cx && cx <= $0.right + 2 && $0.top - 2 <= cy && cy <= $0.bottom + 2 } ? page : nil
        }
    }

    /// The part of the region whose lines a word of `found` (from `pageWords`) lies on, in
    /// page pixels (left, top, right, bottom), or nil when none was read: the page pass's words
    /// there were its reading of sideways print.
    public func regionRead(by found: [CropWord]) -> (left: Double, top: Double, right: Double, bottom: Double)? {
        let read = lines.filter { l in
            found.contains { w in
                let cx = (w.left + w.right) / 2, cy = (w.top + w.bottom) / 2
                return l.left - 2 <= cx && cx <= l.right + 2 && l.top - 2 <= cy && cy <= l.bottom + 2
            }
        }
        guard let first = read.first else { return nil }
        return read.dropFirst().reduce(first) { (min($0.left, $1.left), min($0.top, $1.top), max($0.right, $1.right), max($0.bottom, $1.bottom)) }
    }
}

/// Header cells printed sideways (a narrow table column's title running bottom to top, a
/// section's name along the left margin): Tesseract's page pass reads them as a few letters of
/// noise, and the cells below are named from that noise. Such lines are found here — a tall,
/// narrow run of letters stacked on top of each other once long rules are gone — and cut out
/// turned upright for the caller's OCR engine to read again; `adding(_:over:to:)` puts the
/// words found in place of the noise.
///
/// Blocking Leptonica calls: run on an OCR worker thread, like the finder.
public enum RotatedLabelCrops {
    /// Most crops read a page (the largest first).
    static let maxCrops = 8
    /// Words read on a crop below this confidence are noise (the crop's horizontal print).
    static let minConfidence = 40.0

    /// The regions of a page image printed bottom to top, each turned upright.
    /// - Parameters:
    ///   - image: the page as displayed, any depth.
    ///   - dpi: its resolution.
    ///   - parameters: the detector's thresholds (the ink level).
    /// - Throws: `FormsError(.unreadablePage)` when Leptonica fails.
    public static func crops(of image: PixImage, dpi: Int,
                             parameters: FormDetectionParameters = FormDetectionParameters()) throws -> [RotatedLabelCrop] {
        try FormsError.analysingRaster { try findCrops(of: image, dpi: dpi, parameters: parameters) }
    }

    private static func findCrops(of image: PixImage, dpi: Int, parameters: FormDetectionParameters) throws -> [RotatedLabelCrop] {
        guard image.width > 8, image.height > 8, image.width <= 20_000, image.height <= 20_000, dpi > 0 else { return [] }
        let px = { (points: Double) in max(1, Int((points * Double(dpi) / 72).rounded())) }
        let ink = try image.inkMask(threshold: Int(parameters.inkThreshold))
        // Long rules go first: a cell's walls would join its header's letters to the grid.
        let rules = try ink.opened(width: 1, height: px(36)).union(ink.opened(width: px(36), height: 1))
        let glyphs = try ink.subtracting(rules)
        // Letters of a sideways line lie one above the other a letter's spacing apart, words a
        // space apart: a vertical closing makes the line one piece, while horizontal print
        // stays letters (or, a paragraph, one wide block).
        let joined = try glyphs.closed(width: 1, height: px(5))
        let lines = joined.components(connectivity: 8).map(\.box).filter { box in
            // As wide as a line of 6–16 pt print is high, several letters long.
            guard box.width >= px(4), box.width <= px(18), box.height >= px(28), Double(box.height) >= 3.5 * Double(box.width) else { return false }
            // Print, not a bar or a thick rule.
            let share = Double(glyphs.inkCount(in: box)) / Double(box.width * box.height)
            return share >= 0.08 && share <= 0.6 && isSideways(glyphs, in: box)
        }
        guard !lines.isEmpty else { return [] }
        // Lines side by side over the same height are one header row: one crop reads them.
        var groups: [[PixelBox]] = []
        for line in lines.sorted(by: { $0.x < $1.x }) {
            if let index = groups.firstIndex(where: { group in
                group.contains { g in
                    let overlap = min(g.bottom, line.bottom) - max(g.y, line.y)
                    return line.x - g.right <= px(40) && overlap >= Int(0.3 * Double(min(g.height, line.height)))
                }
            }) {
                groups[index].append(line)
            } else {
                groups.append([line])
            }
        }
        let margin = px(4), border = px(8)
        let regions = groups.map { group -> (PixelBox, [PixelBox]) in
            let left = max(0, (group.map(\.x).min() ?? 0) - margin), top = max(0, (group.map(\.y).min() ?? 0) - margin)
            let right = min(image.width, (group.map(\.right).max() ?? 0) + margin)
            let bottom = min(image.height, (group.map(\.bottom).max() ?? 0) + margin)
            return (PixelBox(x: left, y: top, width: right - left, height: bottom - top), group)
        }.sorted { $0.0.width * $0.0.height > $1.0.width * $1.0.height }.prefix(maxCrops)
        return try regions.map { box, group in
            let cut = try glyphs.clipped(to: box).rotated(quarterTurns: 1).framedForReading(border: border)
            return RotatedLabelCrop(x: box.x, y: box.y, width: box.width, height: box.height, border: border, image: cut,
                                    lines: group.map { (Double($0.x), Double($0.y), Double($0.right), Double($0.bottom)) })
        }
    }

    /// Whether the letters in `box` lie on their side: a sideways line's letters are wider than
    /// high (a letter's height runs across the line), while the letters of horizontal print
    /// that a vertical closing stacked into a narrow column stand upright.
    private static func isSideways(_ glyphs: PixImage, in box: PixelBox) -> Bool {
        guard let part = try? glyphs.clipped(to: box) else { return false }
        let letters = part.components(connectivity: 8).map(\.box).filter { $0.width >= 3 && $0.height >= 3 }
        guard letters.count >= 3 else { return false }
        let lying = letters.filter { $0.width > $0.height }.count
        return 2 * lying >= letters.count
    }

    /// The page's words with the sideways lines' words put in: the page pass's words in a
    /// region that was read (`read`, layout space) are its noise and go; the words found are added.
    public static func adding(_ found: [LayoutWord], over read: [LayoutRect], to words: [LayoutWord]) -> [LayoutWord] {
        words.filter { w in
            !read.contains { r in r.insetBy(-1).contains(w.rect.center) || (r.intersection(w.rect)?.area ?? 0) >= 0.3 * w.rect.area }
        } + found
    }
}
