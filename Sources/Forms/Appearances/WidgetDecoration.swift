import PDF

/// The background and border a widget asks viewers to draw under its text (`/MK /BG`,
/// `/MK /BC`, `/BS /W`, ISO 32000-1 §12.5.6.19, §12.5.4): what a regenerated appearance keeps,
/// so a filled field still shows the box its empty appearance showed.
struct WidgetDecoration {
    /// The fill colour operator for the background, nil when transparent.
    let background: String?
    /// The stroke colour operator for the border, nil when none.
    let border: String?
    /// The border's width in points.
    let width: Double

    /// The width viewers draw a border with when `/BS /W` is absent.
    static let defaultBorderWidth = 1.0
    /// A border wider than this share of the smaller side is not drawn (hostile or broken values).
    static let largestBorderShare = 0.25

    /// The decoration of `widget`.
    init(widget: PDFDictionary, document: PDFDocument) {
        let characteristics = document.resolve(widget["MK"] ?? .null).dictionaryValue
        background = Self.colour(characteristics?["BG"], document: document, stroke: false)
        border = Self.colour(characteristics?["BC"], document: document, stroke: true)
        let style = document.resolve(widget["BS"] ?? .null).dictionaryValue
        width = document.resolve(style?["W"] ?? .null).numberValue ?? Self.defaultBorderWidth
    }

    /// The operators that draw it in a box of `width` × `height`; empty when there is nothing.
    func content(width boxWidth: Double, height boxHeight: Double) -> String {
        var ops = ""
        let n = WidgetAppearance.number
        if let background {
            ops += "q\n\(background)\n0 0 \(n(boxWidth)) \(n(boxHeight)) re\nf\nQ\n"
        }
        if let border, width > 0, width <= min(boxWidth, boxHeight) * Self.largestBorderShare {
            let inset = width / 2
            ops += "q\n\(border)\n\(n(width)) w\n\(n(inset)) \(n(inset)) \(n(boxWidth - width)) \(n(boxHeight - width)) re\nS\nQ\n"
        }
        return ops
    }

    /// A colour array (0 components transparent, 1 gray, 3 RGB, 4 CMYK) as a colour operator.
    private static func colour(_ object: PDFObject?, document: PDFDocument, stroke: Bool) -> String? {
        guard let items = object.map(document.resolve)?.arrayValue else { return nil }
        let values = items.compactMap { document.resolve($0).numberValue }.filter(\.isFinite).map { min(1, max(0, $0)) }
        guard values.count == items.count else { return nil }
        let numbers = values.map(WidgetAppearance.number).joined(separator: " ")
        switch values.count {
        case 1: return numbers + (stroke ? " G" : " g")
        case 3: return numbers + (stroke ? " RG" : " rg")
        case 4: return numbers + (stroke ? " K" : " k")
        default: return nil
        }
    }
}
