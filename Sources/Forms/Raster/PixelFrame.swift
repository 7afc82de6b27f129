import Foundation

/// How image pixels map to layout points: a scale per axis, and the skew the image was
/// straightened by before measuring (pixels measured in the straightened image are turned back
/// onto the page as it was scanned, where the form's fields are).
struct PixelFrame {
    var imageWidth: Int, imageHeight: Int
    var pageWidth: Double, pageHeight: Double
    /// The rotation applied to the measured image, in degrees (clockwise positive).
    var skewDegrees: Double = 0

    /// Points per pixel, horizontally and vertically.
    var scaleX: Double { pageWidth / Double(imageWidth) }
    var scaleY: Double { pageHeight / Double(imageHeight) }

    /// A length in points as pixels along x (at least 1).
    func pixelsX(_ points: Double) -> Int { max(1, Int((points / scaleX).rounded())) }
    /// A length in points as pixels along y (at least 1).
    func pixelsY(_ points: Double) -> Int { max(1, Int((points / scaleY).rounded())) }

    /// A point of the straightened image on the page as scanned, in points.
    func point(x: Double, y: Double) -> (x: Double, y: Double) {
        var px = x, py = y
        if skewDegrees != 0 {
            let cx = Double(imageWidth) / 2, cy = Double(imageHeight) / 2
            let a = -skewDegrees * .pi / 180
            let dx = x - cx, dy = y - cy
            px = cx + dx * cos(a) - dy * sin(a)
            py = cy + dx * sin(a) + dy * cos(a)
        }
        return (px * scaleX, py * scaleY)
    }

    /// A pixel box of the straightened image as a layout rectangle (its centre follows the skew;
    /// its size stays, as the fields are upright on the straightened page).
    func rect(_ box: PixelBox) -> LayoutRect {
        let c = point(x: Double(box.x) + Double(box.width) / 2, y: Double(box.y) + Double(box.height) / 2)
        let w = Double(box.width) * scaleX / 2, h = Double(box.height) * scaleY / 2
        return LayoutRect(left: c.x - w, top: c.y - h, right: c.x + w, bottom: c.y + h)
    }

    /// A layout rectangle as a pixel box of the straightened image (inverse of `rect`).
    func box(_ rect: LayoutRect) -> PixelBox {
        var cx = (rect.left + rect.right) / 2 / scaleX, cy = (rect.top + rect.bottom) / 2 / scaleY
        if skewDegrees != 0 {
            let ox = Double(imageWidth) / 2, oy = Double(imageHeight) / 2
            let a = skewDegrees * .pi / 180
            let dx = cx - ox, dy = cy - oy
            cx = ox + dx * cos(a) - dy * sin(a)
            cy = oy + dx * sin(a) + dy * cos(a)
        }
        let w = rect.width / scaleX, h = rect.height / scaleY
        // Words come from an OCR engine: a non-finite or absurd box must not trap the conversion.
        func pixels(_ v: Double) -> Int { v.isFinite ? Int(max(-1e7, min(1e7, v))) : 0 }
        return PixelBox(x: pixels(cx - w / 2), y: pixels(cy - h / 2), width: pixels(w.rounded()), height: pixels(h.rounded()))
    }
}
