import Foundation
import PDF

extension Flattener {
    /// The subtypes whose look ISO 32000-1 §12.5.6 defines well enough to draw when a file
    /// gives no appearance stream, as viewers do.
    static let drawnMarkupSubtypes: Set<String> = ["Highlight", "Underline", "StrikeOut", "Squiggly", "Square", "Circle",
                                                   "Line", "Polygon", "PolyLine", "Ink"]

    /// An appearance for a markup annotation that has none: a Form XObject whose box is the
    /// annotation's rectangle, drawn in page space (so it is placed without scaling), in the
    /// annotation's `/C` colour and `/IC` interior, its border width and dashes, and its
    /// opacity (`/CA`); highlights multiply with the page as viewers draw them. Nil for other
    /// subtypes, for annotations that have an appearance, and for ones with nothing to draw.
    public static func markupAppearance(of annotation: PDFDictionary, document: PDFDocument) -> PDFStream? {
        let style = MarkupStyle(annotation, document: document)
        guard style.flags & invisibleFlags == 0, document.resolve(annotation["AP"] ?? .null) == .null,
              let subtype = document.resolve(annotation["Subtype"] ?? .null).nameValue, drawnMarkupSubtypes.contains(subtype),
              let rect = PDFRect(document.resolve(annotation["Rect"] ?? .null)), rect.width > 0, rect.height > 0,
              let body = markupPath(subtype, annotation: annotation, rect: rect, style: style, document: document)
        else { return nil }
        var resources = PDFDictionary()
        var prefix = ""
        if style.opacity < 1 || subtype == "Highlight" {
            var state = PDFDictionary([("Type", .name("ExtGState"))])
            if style.opacity < 1 { state["CA"] = .real(style.opacity); state["ca"] = .real(style.opacity) }
            if subtype == "Highlight" { state["BM"] = .name("Multiply") }
            resources["ExtGState"] = .dictionary(PDFDictionary([("LgA", .dictionary(state))]))
            prefix = "/LgA gs\n"
        }
        // Files whose geometry strays outside /Rect exist; viewers draw the geometry whole.
        let bounds = geometryBounds(annotation, document: document, margin: style.width * 2).map {
            PDFRect(min(rect.x0, $0.x0), min(rect.y0, $0.y0), max(rect.x1, $0.x1), max(rect.y1, $0.y1))
        } ?? rect
        let bbox = PDFObject.array([bounds.x0, bounds.y0, bounds.x1, bounds.y1].map { .real($0) })
        let dictionary = PDFDictionary([("Type", .name("XObject")), ("Subtype", .name("Form")), ("BBox", bbox),
                                        ("Resources", .dictionary(resources))])
        return PDFStream(dictionary: dictionary, data: Array(("q\n" + prefix + body + "Q\n").utf8))
    }

    /// The box around the points of `/L`, `/Vertices`, `/InkList` and `/QuadPoints`, grown
    /// by `margin`; nil when there are none.
    private static func geometryBounds(_ annotation: PDFDictionary, document: PDFDocument, margin: Double) -> PDFRect? {
        var values: [Double] = []
        for key in ["L", "Vertices", "QuadPoints"] {
            values += (document.resolve(annotation[key] ?? .null).arrayValue ?? []).compactMap { document.resolve($0).numberValue }
        }
        for stroke in document.resolve(annotation["InkList"] ?? .null).arrayValue ?? [] {
            values += (document.resolve(stroke).arrayValue ?? []).compactMap { document.resolve($0).numberValue }
        }
        let finite = values.filter { $0.isFinite && abs($0) < 1e7 }
        let xs = stride(from: 0, to: finite.count - 1, by: 2).map { finite[$0] }
        let ys = stride(from: 1, to: finite.count, by: 2).map { finite[$0] }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return PDFRect(x0 - margin, y0 - margin, x1 + margin, y1 + margin)
    }

    /// The drawing operators of one markup subtype; nil when there is nothing to draw.
    private static func markupPath(_ subtype: String, annotation: PDFDictionary, rect: PDFRect, style: MarkupStyle,
                                   document: PDFDocument) -> String? {
        func numbers(_ key: String) -> [Double] {
            (document.resolve(annotation[key] ?? .null).arrayValue ?? []).compactMap { document.resolve($0).numberValue }
                .filter { $0.isFinite && abs($0) < 1e7 }
        }
        func points(_ values: [Double]) -> [(Double, Double)] {
            stride(from: 0, to: values.count - 1, by: 2).map { (values[$0], values[$0 + 1]) }
        }
        switch subtype {
        case "Highlight", "Underline", "StrikeOut", "Squiggly":
            guard let colour = style.colour(stroke: subtype != "Highlight") else { return nil }
            let quads = quadrilaterals(numbers("QuadPoints"), rect: rect)
            guard !quads.isEmpty else { return nil }
            return colour + "\n" + quads.map { textMarkup(subtype, quad: $0) }.joined()
        case "Square", "Circle":
            let differences = numbers("RD")
            let inset = style.width / 2
            var box = rect
            if differences.count == 4 {
                box = PDFRect(rect.x0 + differences[0], rect.y0 + differences[3], rect.x1 - differences[2], rect.y1 - differences[1])
            }
            box = PDFRect(box.x0 + inset, box.y0 + inset, box.x1 - inset, box.y1 - inset)
            guard box.width > 0, box.height > 0 else { return nil }
            let path = subtype == "Square"
                ? "\(format(box.x0)) \(format(box.y0)) \(format(box.width)) \(format(box.height)) re\n"
                : ellipse(box)
            return style.paint(path, closed: true)
        case "Line":
            let line = numbers("L")
            guard line.count == 4 else { return nil }
            let ends = (document.resolve(annotation["LE"] ?? .null).arrayValue ?? []).map { document.resolve($0).nameValue }
            var ops = style.paint(polyline(points(line)), closed: false) ?? ""
            for (index, (tip, from)) in [((line[0], line[1]), (line[2], line[3])), ((line[2], line[3]), (line[0], line[1]))].enumerated()
            where index < ends.count {
                ops += lineEnding(ends[index], tip: tip, from: from, style: style)
            }
            return ops.isEmpty ? nil : ops
        case "Polygon", "PolyLine":
            let vertices = points(numbers("Vertices"))
            guard vertices.count >= 2 else { return nil }
            return style.paint(polyline(vertices) + (subtype == "Polygon" ? "h\n" : ""), closed: subtype == "Polygon")
        case "Ink":
            let strokes = (document.resolve(annotation["InkList"] ?? .null).arrayValue ?? []).map { stroke in
                points((document.resolve(stroke).arrayValue ?? []).compactMap { document.resolve($0).numberValue }.filter(\.isFinite))
            }.filter { !$0.isEmpty }
            guard !strokes.isEmpty, let colour = style.colour(stroke: true) else { return nil }
            let paths = strokes.map { $0.count == 1 ? polyline([$0[0], $0[0]]) : polyline($0) }.joined()
            return "\(colour)\n\(format(style.width)) w 1 J 1 j\(style.dashOperator)\n" + paths + "S\n"
        default:
            return nil
        }
    }

    /// A text-markup quadrilateral as the corners of its bounding box (the spec's and
    /// Acrobat's corner orders differ; text markup quads are upright in practice).
    private struct Quad { var x0, y0, x1, y1: Double }

    private static func quadrilaterals(_ values: [Double], rect: PDFRect) -> [Quad] {
        var quads: [Quad] = []
        var index = 0
        while index + 8 <= values.count, quads.count < 10_000 {
            let xs = stride(from: index, to: index + 8, by: 2).map { values[$0] }
            let ys = stride(from: index + 1, to: index + 8, by: 2).map { values[$0] }
            if let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(), x1 > x0, y1 > y0 {
                quads.append(Quad(x0: x0, y0: y0, x1: x1, y1: y1))
            }
            index += 8
        }
        if quads.isEmpty, values.isEmpty { quads.append(Quad(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: rect.y1)) }
        return quads
    }

    /// Highlight fills the quad; underline and strike-out rule it at the foot or the middle;
    /// squiggly zigzags along its foot.
    private static func textMarkup(_ subtype: String, quad: Quad) -> String {
        let height = quad.y1 - quad.y0
        let thickness = max(0.5, height / 16)
        switch subtype {
        case "Highlight":
            return "\(format(quad.x0)) \(format(quad.y0)) \(format(quad.x1 - quad.x0)) \(format(height)) re f\n"
        case "Underline", "StrikeOut":
            let y = subtype == "Underline" ? quad.y0 + height * 0.08 : quad.y0 + height * 0.45
            return "\(format(thickness)) w \(format(quad.x0)) \(format(y)) m \(format(quad.x1)) \(format(y)) l S\n"
        default:
            let amplitude = height / 12, step = max(1, height / 6)
            var ops = "\(format(thickness)) w \(format(quad.x0)) \(format(quad.y0 + amplitude)) m\n"
            var x = quad.x0, up = false
            while x < quad.x1 {
                x = min(quad.x1, x + step)
                ops += "\(format(x)) \(format(quad.y0 + (up ? 2 * amplitude : 0) + amplitude * 0.5)) l\n"
                up.toggle()
            }
            return ops + "S\n"
        }
    }

    /// An arrow head, square, circle or diamond at `tip` of a line coming `from` (`/LE`,
    /// ISO 32000-1 table 176), sized from the border width as viewers draw them.
    private static func lineEnding(_ name: String?, tip: (Double, Double), from: (Double, Double), style: MarkupStyle) -> String {
        let dx = tip.0 - from.0, dy = tip.1 - from.1
        let length = (dx * dx + dy * dy).squareRoot()
        guard let name, length > 0 else { return "" }
        let (ux, uy) = (dx / length, dy / length)
        let size = max(3, style.width * 3)
        func point(_ along: Double, _ across: Double) -> (Double, Double) {
            (tip.0 + ux * along - uy * across, tip.1 + uy * along + ux * across)
        }
        switch name {
        case "OpenArrow", "ClosedArrow", "ROpenArrow", "RClosedArrow":
            let back = name.hasPrefix("R") ? size * 1.7 : -size * 1.7
            let wings = [point(back, size), (tip.0, tip.1), point(back, -size)]
            return style.paint(polyline(wings) + (name.hasSuffix("ClosedArrow") ? "h\n" : ""), closed: name.hasSuffix("ClosedArrow")) ?? ""
        case "Square", "Diamond":
            let corners = name == "Square"
                ? [point(-size / 2, -size / 2), point(size / 2, -size / 2), point(size / 2, size / 2), point(-size / 2, size / 2)]
                : [point(-size / 2, 0), point(0, -size / 2), point(size / 2, 0), point(0, size / 2)]
            return style.paint(polyline(corners) + "h\n", closed: true) ?? ""
        case "Circle":
            return style.paint(ellipse(PDFRect(tip.0 - size / 2, tip.1 - size / 2, tip.0 + size / 2, tip.1 + size / 2)), closed: true) ?? ""
        case "Butt", "Slash":
            let tilt = name == "Slash" ? size / 2 : 0
            return style.paint(polyline([point(tilt, size), point(-tilt, -size)]), closed: false) ?? ""
        default:
            return ""
        }
    }

    private static func polyline(_ points: [(Double, Double)]) -> String {
        guard let first = points.first else { return "" }
        var ops = "\(format(first.0)) \(format(first.1)) m\n"
        for point in points.dropFirst() { ops += "\(format(point.0)) \(format(point.1)) l\n" }
        return ops
    }

    /// An ellipse inscribed in `box` as four cubic Béziers.
    private static func ellipse(_ box: PDFRect) -> String {
        let rx = box.width / 2, ry = box.height / 2, cx = box.x0 + rx, cy = box.y0 + ry
        let kx = rx * 0.5523, ky = ry * 0.5523 // control-point distance of a quarter circle
        func p(_ x: Double, _ y: Double) -> String { "\(format(x)) \(format(y))" }
        return "\(p(cx + rx, cy)) m\n"
            + "\(p(cx + rx, cy + ky)) \(p(cx + kx, cy + ry)) \(p(cx, cy + ry)) c\n"
            + "\(p(cx - kx, cy + ry)) \(p(cx - rx, cy + ky)) \(p(cx - rx, cy)) c\n"
            + "\(p(cx - rx, cy - ky)) \(p(cx - kx, cy - ry)) \(p(cx, cy - ry)) c\n"
            + "\(p(cx + kx, cy - ry)) \(p(cx + rx, cy - ky)) \(p(cx + rx, cy)) c\nh\n"
    }
}

/// The colours, border and opacity of a markup annotation (ISO 32000-1 §12.5.4, §12.5.6).
struct MarkupStyle {
    var flags: Int
    /// `/C`: stroke colour components (none: transparent).
    var strokeComponents: [Double]
    /// `/IC`: interior colour components (none: not filled).
    var fillComponents: [Double]
    /// Border width from `/BS /W` or `/Border`'s third number; 1 by default.
    var width: Double
    var dash: [Double]
    /// `/CA`, clamped to 0…1.
    var opacity: Double

    init(_ annotation: PDFDictionary, document: PDFDocument) {
        func components(_ key: String) -> [Double] {
            (document.resolve(annotation[key] ?? .null).arrayValue ?? []).compactMap { document.resolve($0).numberValue }
                .filter(\.isFinite).map { min(1, max(0, $0)) }
        }
        flags = document.resolve(annotation["F"] ?? .null).intValue ?? 0
        strokeComponents = components("C")
        fillComponents = components("IC")
        width = 1
        dash = []
        if let border = document.resolve(annotation["BS"] ?? .null).dictionaryValue {
            width = document.resolve(border["W"] ?? .null).numberValue ?? 1
            if document.resolve(border["S"] ?? .null).nameValue == "D" {
                dash = (document.resolve(border["D"] ?? .null).arrayValue ?? [.int(3)]).compactMap { document.resolve($0).numberValue }
            }
        } else if let border = document.resolve(annotation["Border"] ?? .null).arrayValue, border.count > 2 {
            width = document.resolve(border[2]).numberValue ?? 1
        }
        if !width.isFinite || width < 0 || width > 1000 { width = 1 }
        let alpha = document.resolve(annotation["CA"] ?? .null).numberValue ?? 1
        opacity = alpha.isFinite ? min(1, max(0, alpha)) : 1
    }

    /// The colour operator for `/C` (stroking or not), nil when there is no colour.
    func colour(stroke: Bool) -> String? {
        Self.colourOperator(strokeComponents, stroke: stroke)
    }

    /// ` [d] 0 d` for dashed borders, empty otherwise.
    var dashOperator: String {
        guard dash.allSatisfy({ $0 >= 0 && $0.isFinite }), dash.contains(where: { $0 > 0 }) else { return "" }
        return " [\(dash.map(Flattener.format).joined(separator: " "))] 0 d"
    }

    /// `path` filled with `/IC` (when closed and given) and stroked with `/C` (when given and
    /// the border has a width); nil when neither shows.
    func paint(_ path: String, closed: Bool) -> String? {
        let fill = closed ? Self.colourOperator(fillComponents, stroke: false) : nil
        let stroke = width > 0 ? colour(stroke: true) : nil
        guard fill != nil || stroke != nil else { return nil }
        var ops = ""
        if let fill { ops += fill + "\n" }
        if let stroke { ops += "\(stroke)\n\(Flattener.format(width)) w\(dashOperator)\n" }
        let paint = fill != nil && stroke != nil ? "B" : fill != nil ? "f" : "S"
        return ops + path + paint + "\n"
    }

    /// `g`/`G`, `rg`/`RG` or `k`/`K` with `components`; nil for any other count (no colour).
    static func colourOperator(_ components: [Double], stroke: Bool) -> String? {
        let values = components.map(Flattener.format).joined(separator: " ")
        switch components.count {
        case 1: return "\(values) \(stroke ? "G" : "g")"
        case 3: return "\(values) \(stroke ? "RG" : "rg")"
        case 4: return "\(values) \(stroke ? "K" : "k")"
        default: return nil
        }
    }
}
