import PDF
import PDFText

/// Where a widget goes in the page's user space, and how its appearance must be turned so
/// that it reads upright on a page shown with `/Rotate`.
struct WidgetPlacement: Equatable {
    /// The widget's `/Rect` in user space.
    var rect: PDFRect
    /// The appearance's width and height as displayed (its `/BBox` is `[0 0 width height]`).
    var width: Double, height: Double
    /// Counter-clockwise degrees the appearance is turned (`/MK /R`): the page's `/Rotate`,
    /// undone, so the widget's content appears upright.
    var rotation: Int

    /// Maps `layout` (display space of `frame`) back to user space — the inverse of
    /// `PageFrame.display`.
    init(_ layout: LayoutRect, frame: PageFrame) {
        let box = frame.cropBox
        func user(_ x: Double, _ y: Double) -> (Double, Double) {
            switch frame.rotation {
            case 90: return (y + box.x0, x + box.y0)
            case 180: return (box.x1 - x, y + box.y0)
            case 270: return (box.x1 - y, box.y1 - x)
            default: return (x + box.x0, box.y1 - y)
            }
        }
        let a = user(layout.left, layout.top), b = user(layout.right, layout.bottom)
        rect = PDFRect(a.0, a.1, b.0, b.1)
        width = layout.width
        height = layout.height
        rotation = frame.rotation
    }

    /// The appearance stream's `/Matrix`: a counter-clockwise turn by `rotation`, which the
    /// viewer then fits into `/Rect` (ISO 32000-1 §12.5.5).
    var matrix: PDFObject? {
        switch rotation {
        case 90: return .array([0, 1, -1, 0, 0, 0].map(PDFObject.int))
        case 180: return .array([-1, 0, 0, -1, 0, 0].map(PDFObject.int))
        case 270: return .array([0, -1, 1, 0, 0, 0].map(PDFObject.int))
        default: return nil
        }
    }
}
