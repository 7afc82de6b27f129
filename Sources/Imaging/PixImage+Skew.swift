import CLeptonica
import Foundation
import PDF

extension PixImage {
    /// The image as a placement at an angle that is not a multiple of 90° shows it (a scan
    /// deskewed by its placement, a photo set at a slant): pixels made square in page space,
    /// turned by the placement's angle with white brought in at the corners, and cut to the
    /// bounding box of the turned image — the placement's bounds. Nil for a mirrored or
    /// sheared placement.
    /// The most pixels a bilevel image may have to be turned as 8-bit gray.
    static let maxGrayTurnPixels = 64_000_000

    func turnedAsPlaced(by m: Matrix) throws -> PixImage? {
        let xScale = (m.a * m.a + m.b * m.b).squareRoot(), yScale = (m.c * m.c + m.d * m.d).squareRoot()
        guard m.a * m.d - m.b * m.c > 0, xScale > 0, yScale > 0,
              abs(m.a * m.c + m.b * m.d) <= 1e-3 * xScale * yScale else { return nil } // shear
        // Square pixels: the page length of a pixel column and row agree.
        var image = self
        let squareHeight = max(1, Int((Double(width) * yScale / xScale).rounded()))
        if abs(squareHeight - height) > 1 { image = try image.resampled(width: width, height: squareHeight) }
        // Page space is y-up, so the placement turns counter-clockwise by atan2(b, a) as shown;
        // Leptonica turns clockwise for positive angles.
        let angle = atan2(m.b, m.a)
        let cosine = abs(cos(angle)), sine = abs(sin(angle))
        let w = Double(image.width), h = Double(image.height)
        let boxWidth = max(1, Int((w * cosine + h * sine).rounded())), boxHeight = max(1, Int((w * sine + h * cosine).rounded()))
        // Bilevel scans are turned as gray, by area, as renderers draw them (sampling would
        // leave jagged strokes); only a sheet too large for an 8-bit copy is sampled.
        if image.depth == 1 && image.width * image.height <= Self.maxGrayTurnPixels { image = try image.gray8() }
        let method = image.depth == 1 ? L_ROTATE_SAMPLING : L_ROTATE_AREA_MAP
        let turned = try image.withPix {
            try PixImage(pixRotate($0, Float(-angle), Int32(method), Int32(L_BRING_IN_WHITE),
                                   Int32(image.width), Int32(image.height)), or: "turning the image failed")
        }
        // Leptonica embeds the image in a margin before turning it: keep the turned image's own box.
        let x = max(0, (turned.width - boxWidth) / 2), y = max(0, (turned.height - boxHeight) / 2)
        let box = boxCreate(Int32(x), Int32(y), Int32(min(boxWidth, turned.width)), Int32(min(boxHeight, turned.height)))
        defer { var b = box; boxDestroy(&b) }
        return try turned.withPix { try PixImage(pixClipRectangle($0, box, nil), or: "cutting the turned image failed") }
    }
}
