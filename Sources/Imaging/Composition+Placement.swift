import PDF

extension PixelRect {
    /// Edges closer than this (in pixels) to a pixel boundary count as on it: page boxes and
    /// matrices written with a few decimals land a hair off whole pixels (2549.9996 for a
    /// 612-point page at 300 dpi), and taking such a hair as a touched pixel would stretch a
    /// page-aligned scan by one pixel.
    static let edgeTolerance = 1e-3

    /// The pixels an image is painted over, on a canvas whose top-left
    /// corner is `crop`'s and which has `scale` pixels per unit. An image placed level or upright
    /// covers every pixel its bounding box touches: the left and top edges round down, the
    /// right and bottom ones up. Poppler (Splash's fill rule for images) and MuPDF
    /// (grid-fitting the image matrix outward) both stretch an image over every pixel its
    /// unit square touches, and a next image painted from where this one ends overwrites the
    /// shared pixel; rounding both edges to the nearest boundary instead draws a 1×1 image
    /// spanning 2.08 pixels over 2 of the 3 pixels it touches (issue11878_reduced.pdf) and
    /// shifts strips placed at fractional offsets (qpdf's pclm-in.pdf) by a fraction of a row.
    ///
    /// An image placed at a slant keeps its bounding box rounded to the nearest boundaries:
    /// its turned raster already carries its own white corners, and stretching it by the extra
    /// pixel moved OCRmyPDF's rotated_skew.pdf further from both renderers (0.7 -> 2.9/255).
    static func placing(_ placement: ImagePlacement, crop: PDFRect, scale: Double) -> PixelRect {
        let m = placement.ctm
        let size = max(abs(m.a), abs(m.b), abs(m.c), abs(m.d))
        let level = abs(m.b) <= size * 1e-3 && abs(m.c) <= size * 1e-3
        let upright = abs(m.a) <= size * 1e-3 && abs(m.d) <= size * 1e-3
        return level || upright ? covering(placement.bounds, crop: crop, scale: scale)
            : nearest(placement.bounds, crop: crop, scale: scale)
    }

    /// The pixels between `box`'s edges rounded to the nearest pixel boundaries.
    static func nearest(_ box: PDFRect, crop: PDFRect, scale: Double) -> PixelRect {
        let x0 = Int(saturating: ((box.x0 - crop.x0) * scale).rounded()), y0 = Int(saturating: ((crop.y1 - box.y1) * scale).rounded())
        let x1 = Int(saturating: ((box.x1 - crop.x0) * scale).rounded()), y1 = Int(saturating: ((crop.y1 - box.y0) * scale).rounded())
        return PixelRect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }

    /// The pixels `box` touches (see `placing`).
    static func covering(_ box: PDFRect, crop: PDFRect, scale: Double) -> PixelRect {
        let left = ((box.x0 - crop.x0) * scale + edgeTolerance).rounded(.down)
        let top = ((crop.y1 - box.y1) * scale + edgeTolerance).rounded(.down)
        let right = ((box.x1 - crop.x0) * scale - edgeTolerance).rounded(.up)
        let bottom = ((crop.y1 - box.y0) * scale - edgeTolerance).rounded(.up)
        let x0 = Int(saturating: left), y0 = Int(saturating: top)
        return PixelRect(x: x0, y: y0, width: max(1, Int(saturating: right) - x0), height: max(1, Int(saturating: bottom) - y0))
    }
}

private extension Int {
    /// The integer nearest a whole-valued double, saturating far outside the page (a hostile
    /// matrix can place an image billions of pixels away) instead of trapping.
    init(saturating value: Double) {
        let limit = Double(Int32.max)
        self = value.isNaN ? 0 : Int(Swift.min(limit, Swift.max(-limit, value)))
    }
}
