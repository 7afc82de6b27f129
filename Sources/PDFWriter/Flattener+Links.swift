import PDF

extension Flattener {
    /// The border a viewer draws around a link that has no appearance stream, as page
    /// content: a rectangle (or, for the underline style, the bottom edge) in the link's
    /// `/C` colour, as wide as `/BS /W` or the third `/Border` number (default 1), inset by
    /// half its width, dashed by `/BS /D` or the fourth `/Border` entry, clipped to the
    /// rectangle; nil when no border shows (no colour, width 0, hidden).
    static func linkBorder(of annotation: PDFDictionary, document: PDFDocument) -> String? {
        func resolved(_ key: String, in dict: PDFDictionary) -> PDFObject { document.resolve(dict[key] ?? .null) }
        let flags = resolved("F", in: annotation).intValue ?? 0
        guard flags & invisibleFlags == 0, resolved("Subtype", in: annotation).nameValue == "Link",
              resolved("AP", in: annotation) == .null,
              let rect = PDFRect(resolved("Rect", in: annotation)), rect.width > 0, rect.height > 0,
              let color = resolved("C", in: annotation).arrayValue?.compactMap({ document.resolve($0).numberValue }) else { return nil }
        var width = 1.0
        var dash: [Double] = []
        var underline = false
        if let style = resolved("BS", in: annotation).dictionaryValue {
            width = resolved("W", in: style).numberValue ?? 1
            switch resolved("S", in: style).nameValue {
            case "D": dash = resolved("D", in: style).arrayValue?.compactMap { document.resolve($0).numberValue } ?? [3]
            case "U": underline = true
            default: break
            }
        } else if let border = resolved("Border", in: annotation).arrayValue {
            width = border.count > 2 ? document.resolve(border[2]).numberValue ?? 1 : 1
            if border.count > 3 { dash = document.resolve(border[3]).arrayValue?.compactMap { document.resolve($0).numberValue } ?? [] }
        }
        guard width > 0, width.isFinite, width < 10_000 else { return nil }
        guard let stroke = MarkupStyle.colourOperator(color, stroke: true) else { return nil }
        let half = width / 2
        let dashes = dash.allSatisfy { $0 >= 0 } && dash.contains { $0 > 0 } ? "[\(dash.map(format).joined(separator: " "))] 0 d " : ""
        let path = underline
            ? "\(format(rect.x0)) \(format(rect.y0 + half)) m \(format(rect.x1)) \(format(rect.y0 + half)) l S"
            : "\(format(rect.x0 + half)) \(format(rect.y0 + half)) \(format(rect.width - width)) \(format(rect.height - width)) re S"
        // Viewers draw the border as an appearance whose box is the rectangle, which clips a
        // border wider than the rectangle (a narrower one lies inside it: no clip, no
        // anti-aliased clip edge).
        let clip = width < min(rect.width, rect.height) ? ""
            : "\(format(rect.x0)) \(format(rect.y0)) \(format(rect.width)) \(format(rect.height)) re W n "
        return "q \(clip)\(stroke) \(format(width)) w 0 J 0 j \(dashes)\(path) Q\n"
    }
}
