import PDF

/// The visible page: its crop box and rotation, and the mapping from user space (PDF points,
/// y up) to display space (points from the top-left corner of the page as shown, y down,
/// `/Rotate` applied) — the coordinates of `pdftotext -bbox` and of page images.
public struct PageFrame: Sendable, Equatable {
    /// The crop box in user space.
    public var cropBox: PDFRect
    /// `/Rotate`: 0, 90, 180 or 270 (clockwise).
    public var rotation: Int

    /// Creates the frame of `page`.
    public init(_ page: PDFPage) {
        cropBox = page.cropBox
        rotation = page.rotation
    }

    /// Creates a frame from a crop box and rotation.
    public init(cropBox: PDFRect, rotation: Int) {
        self.cropBox = cropBox
        self.rotation = ((rotation % 360) + 360) % 360 / 90 * 90
    }

    /// Width and height of the page as shown.
    public var displaySize: (width: Double, height: Double) {
        rotation % 180 == 0 ? (cropBox.width, cropBox.height) : (cropBox.height, cropBox.width)
    }

    /// A user-space point in display space.
    public func display(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch rotation {
        case 90: return (y - cropBox.y0, x - cropBox.x0)
        case 180: return (cropBox.x1 - x, y - cropBox.y0)
        case 270: return (cropBox.y1 - y, cropBox.x1 - x)
        default: return (x - cropBox.x0, cropBox.y1 - y)
        }
    }

    /// A user-space direction in display space.
    func displayVector(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch rotation {
        case 90: return (y, x)
        case 180: return (-x, y)
        case 270: return (-y, -x)
        default: return (x, -y)
        }
    }

    /// A user-space rectangle in display space, as `PDFRect` values read top-left to
    /// bottom-right (x0, y0 is the top-left corner).
    public func display(_ rect: PDFRect) -> PDFRect {
        let a = display(rect.x0, rect.y0), b = display(rect.x1, rect.y1)
        return PDFRect(a.x, a.y, b.x, b.y)
    }

    /// A user-space rectangle in display space as `[x0, y0, x1, y1]` (top-left, then
    /// bottom-right) rounded to two decimals: the boxes of `legible text --json` and
    /// `legible search`, as `pdftotext -bbox` gives them.
    public func roundedDisplayBox(_ rect: PDFRect) -> [Double] {
        let box = display(rect)
        return [box.x0, box.y0, box.x1, box.y1].map { ($0 * 100).rounded() / 100 }
    }
}
