import OCR
import Foundation
import PDF

/// Where one word's invisible text goes on the page: a text matrix along its line's
/// baseline, a font size, and the horizontal scaling that makes it span the word's box.
struct WordPlacement: Equatable {
    /// Baselines within this angle of a page axis are set level (10°).
    static let levelingLimit = 10 * Double.pi / 180

    /// Text matrix: x axis along the baseline, y axis up from it, origin at the word's start.
    var matrix: Matrix
    /// Font size in user-space units.
    var fontSize: Double
    /// `Tz` horizontal scaling in percent.
    var horizontalScale: Double

    /// Places `word` of `line`, given the mapping from raster pixels to page space.
    /// - Parameters:
    ///   - glyphCount: characters the word is shown with.
    ///   - rightToLeft: the word's glyphs advance leftwards (a mirrored text matrix), so that its
    ///     characters, written in logical order, also stand in visual order on the page.
    static func place(_ word: OCRWord, in line: OCRLine, glyphCount: Int, pixelToPage: Matrix,
                      rightToLeft: Bool = false) -> WordPlacement? {
        let (bx0, by0, bx1, by1) = line.baseline
        let dx = bx1 - bx0, dy = by1 - by0
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return nil }
        let ux = dx / length, uy = dy / length
        // Project the word's box onto the baseline to find where it starts and ends along it.
        let corners = [(word.box.left, word.box.top), (word.box.right, word.box.top),
                       (word.box.left, word.box.bottom), (word.box.right, word.box.bottom)]
        let along = corners.map { ($0.0 - bx0) * ux + ($0.1 - by0) * uy }
        guard let first = along.min(), let last = along.max(), last > first else { return nil }
        let p0 = (bx0 + ux * first, by0 + uy * first)
        let p1 = (bx0 + ux * last, by0 + uy * last)
        // "Up" in the raster is the baseline direction turned 90° counter-clockwise as seen (y down).
        let up = (uy, -ux)
        let q0 = (p0.0 + up.0 * line.ascender, p0.1 + up.1 * line.ascender)

        let origin = pixelToPage.apply(p0.0, p0.1)
        let endPoint = pixelToPage.apply(p1.0, p1.1)
        let top = pixelToPage.apply(q0.0, q0.1)
        let width = hypot(endPoint.x - origin.x, endPoint.y - origin.y)
        let ascent = hypot(top.x - origin.x, top.y - origin.y)
        guard width > 0, ascent > 0 else { return nil }
        var u = ((endPoint.x - origin.x) / width, (endPoint.y - origin.y) / width)
        var start = origin
        var span = width
        // Slightly skewed words are set level (along the nearest page axis), centred on their own
        // stretch of baseline: poppler-based readers split a word whenever a glyph's baseline
        // drifts by half a point, which breaks search on every scan a few degrees off.
        let angle = atan2(u.1, u.0)
        let axis = (angle / (Double.pi / 2)).rounded() * (Double.pi / 2)
        if abs(angle - axis) <= WordPlacement.levelingLimit {
            let level = (cos(axis).rounded(), sin(axis).rounded())
            let middle = ((origin.x + endPoint.x) / 2, (origin.y + endPoint.y) / 2)
            span = abs((endPoint.x - origin.x) * level.0 + (endPoint.y - origin.y) * level.1)
            u = level
            start = (x: middle.0 - level.0 * span / 2, y: middle.1 - level.1 * span / 2)
        }
        var v = ((top.x - origin.x) / ascent, (top.y - origin.y) / ascent)
        // Keep the axes exactly perpendicular (the raster mapping may scale x and y differently).
        let cross = u.0 * v.1 - u.1 * v.0
        v = cross >= 0 ? (-u.1, u.0) : (u.1, -u.0)
        // Size the font so that its ascent meets the line's ascenders.
        let fontSize = ascent / (Double(GlyphlessFont.ascent) / 1000)
        let natural = Double(glyphCount) * Double(GlyphlessFont.advance) / 1000 * fontSize
        guard natural > 0, span > 0 else { return nil }
        if rightToLeft {
            // Start at the word's right end and advance leftwards; "up" stays up.
            start = (x: start.x + u.0 * span, y: start.y + u.1 * span)
            u = (-u.0, -u.1)
        }
        return WordPlacement(matrix: Matrix(u.0, u.1, v.0, v.1, start.x, start.y),
                             fontSize: fontSize, horizontalScale: 100 * span / natural)
    }
}
