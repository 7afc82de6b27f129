import PDF

/// The box a widget's appearance is drawn in: the annotation's rectangle, turned by the
/// quarter turns of `/MK /R` (ISO 32000-1 §12.5.6.19), so text runs along the turned box.
struct WidgetBox {
    /// The box's width and height in the appearance's own (unturned) space.
    let width: Double
    let height: Double
    /// The form's `/Matrix`, nil when the widget is not turned.
    let matrix: PDFObject?

    init(rect: PDFRect, characteristics: PDFDictionary?) {
        let turn = ((characteristics?["R"]?.intValue ?? 0) % 360 + 360) % 360
        let quarter = turn % 90 == 0 ? turn : 0
        if quarter == 90 || quarter == 270 {
            width = rect.height
            height = rect.width
        } else {
            width = rect.width
            height = rect.height
        }
        // Viewers map the turned BBox onto /Rect, so the rotation alone is enough.
        switch quarter {
        case 90: matrix = .array([0, 1, -1, 0, 0, 0].map(PDFObject.int))
        case 180: matrix = .array([-1, 0, 0, -1, 0, 0].map(PDFObject.int))
        case 270: matrix = .array([0, -1, 1, 0, 0, 0].map(PDFObject.int))
        default: matrix = nil
        }
    }

    /// A Form XObject the size of the box drawing `content` with `fonts` as its resources.
    func form(_ content: [UInt8], fonts: [(String, PDFObject)]) -> PDFObject {
        WidgetAppearance.form(content, width: width, height: height, matrix: matrix, fonts: fonts)
    }
}
