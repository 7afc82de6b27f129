import Foundation
import PDF

/// The appearance streams of Legible's widgets (ISO 32000-1 §12.5.5, §12.7.3): no border and
/// no background — the page already draws the box — only what a filled value needs.
enum WidgetAppearance {
    /// ZapfDingbats' check mark (`a20`, character code `4`): the on-state of check boxes.
    static let checkCharacter = "4"
    /// ZapfDingbats' filled circle (`a71`, character code `l`): the caption of radio buttons.
    static let dotCharacter = "l"

    /// The font size a single-line field's text gets: fits the height with room for the
    /// descenders, never below 4 or above 12 points.
    static func fittedFontSize(height: Double) -> Double {
        let size = (height - 2) * 0.75
        return ((min(12, max(4, size))) * 2).rounded(.down) / 2
    }

    /// An empty text field, ready for a viewer to fill in: the marked-content section
    /// `/Tx BMC EMC` is where viewers put the value (§12.7.3.3).
    static func emptyText(width: Double, height: Double, matrix: PDFObject?, font: ObjectRef) -> PDFObject {
        form(Array("/Tx BMC\nEMC\n".utf8), width: width, height: height, matrix: matrix,
             fonts: [("Helv", .reference(font))])
    }

    /// Nothing drawn: the off state of check boxes and radio buttons, and the unsigned state
    /// of signature fields.
    static func blank(width: Double, height: Double, matrix: PDFObject?) -> PDFObject {
        form([], width: width, height: height, matrix: matrix, fonts: [])
    }

    /// A check mark centred in the box.
    static func check(width: Double, height: Double, matrix: PDFObject?, font: ObjectRef) -> PDFObject {
        form(checkContent(width: width, height: height), width: width, height: height, matrix: matrix,
             fonts: [("ZaDb", .reference(font))])
    }

    /// The content of a check mark centred in a box, drawn as a filled outline rather than
    /// set in ZapfDingbats: the page then needs no font that cannot be embedded, so a form
    /// can be written as PDF/A (6.2.11.4.1). The outline follows the `a20` glyph's shape and
    /// box (0.846 em wide, 0.69 em tall); `/ZaDb` stays in the resources and the DA for
    /// viewers that redraw the field.
    static func checkContent(width: Double, height: Double) -> [UInt8] {
        let size = max(1, min(width / checkWidth, height / checkHeight) * 0.8)
        let x = (width - checkWidth * size) / 2, y = (height - checkHeight * size) / 2
        var ops = "q\n0 g\n"
        for (index, point) in checkOutline.enumerated() {
            ops += "\(number(x + point.x * size)) \(number(y + point.y * size)) \(index == 0 ? "m" : "l")\n"
        }
        ops += "h\nf\nQ\n"
        return Array(ops.utf8)
    }

    /// The check mark's box in ems (ZapfDingbats `a20`).
    static let checkWidth = 0.846, checkHeight = 0.69
    /// The check mark's outline in ems from its box's lower left: a short stroke down to the
    /// vertex and a long one up to the right, each about 0.1 em thick.
    static let checkOutline: [(x: Double, y: Double)] = [
        (0.0, 0.36), (0.1, 0.44), (0.3, 0.2), (0.76, 0.69), (0.846, 0.62), (0.3, 0.0),
    ]

    /// A filled dot centred in the box: a radio button's on state.
    static func dot(width: Double, height: Double, matrix: PDFObject?) -> PDFObject {
        form(dotContent(width: width, height: height), width: width, height: height, matrix: matrix, fonts: [])
    }

    /// The content of a filled dot centred in a box.
    static func dotContent(width: Double, height: Double) -> [UInt8] {
        let r = min(width, height) * 0.3, cx = width / 2, cy = height / 2
        let k = r * 0.5523 // control-point distance of a quarter circle drawn as a cubic Bézier
        var ops = "q\n0 g\n\(number(cx + r)) \(number(cy)) m\n"
        ops += "\(number(cx + r)) \(number(cy + k)) \(number(cx + k)) \(number(cy + r)) \(number(cx)) \(number(cy + r)) c\n"
        ops += "\(number(cx - k)) \(number(cy + r)) \(number(cx - r)) \(number(cy + k)) \(number(cx - r)) \(number(cy)) c\n"
        ops += "\(number(cx - r)) \(number(cy - k)) \(number(cx - k)) \(number(cy - r)) \(number(cx)) \(number(cy - r)) c\n"
        ops += "\(number(cx + k)) \(number(cy - r)) \(number(cx + r)) \(number(cy - k)) \(number(cx + r)) \(number(cy)) c\n"
        ops += "f\nQ\n"
        return Array(ops.utf8)
    }

    /// A Form XObject of the given size.
    static func form(_ content: [UInt8], width: Double, height: Double, matrix: PDFObject?,
                     fonts: [(String, PDFObject)]) -> PDFObject {
        var dict = PDFDictionary([("Type", .name("XObject")), ("Subtype", .name("Form")),
                                  ("BBox", .array([0, 0, width, height].map(PDFObject.number)))])
        if let matrix { dict["Matrix"] = matrix }
        var resources = PDFDictionary()
        if !fonts.isEmpty {
            resources["Font"] = .dictionary(PDFDictionary(fonts))
        }
        dict["Resources"] = .dictionary(resources)
        return .stream(PDFStream(dictionary: dict, data: content))
    }

    /// A number as content-stream text: at most three decimals, no exponent (0 beyond ±1e7).
    static func number(_ value: Double) -> String { PDFNumber.rounded(value, decimals: 3, limit: 1e7) }
}
