/// Widths and vertical extents of the standard 14 fonts, which PDFs may use without embedding
/// them or giving `/Widths` (ISO 32000-1 §9.6.2.2). Widths come from Adobe's Core 14 AFM facts
/// (StandardFontMetricsTable.swift, generated from metric-compatible AFMs by make-tables.py).
struct StandardFontMetrics: Sendable {
    /// The standard name, e.g. "Times-Bold".
    var name: String
    /// Advance widths in 1/1000 em by glyph name.
    var widths: [String: Double]
    /// Ascender and descender in 1/1000 em (the Core 14 AFMs' `Ascender`/`Descender`, or
    /// their `FontBBox` where they give none).
    var ascent: Double
    var descent: Double
    /// Symbol and ZapfDingbats: their own built-in encodings and no Latin text.
    var isSymbolic: Bool

    /// The font's built-in encoding.
    var builtInEncoding: SimpleEncoding {
        switch name {
        case "Symbol": return .symbol
        case "ZapfDingbats": return .zapfDingbats
        default: return .standard
        }
    }

    /// The metrics of the standard font that `baseFont` names or stands in for (subset
    /// prefixes removed; Arial, Times New Roman and Courier New read as their standard
    /// counterparts, as viewers substitute them), or nil.
    static func named(_ baseFont: String) -> StandardFontMetrics? {
        guard let standard = standardName(for: baseFont) else { return nil }
        return all[standard]
    }

    /// The standard-14 name that `baseFont` means, or nil.
    static func standardName(for baseFont: String) -> String? {
        var name = Substring(baseFont)
        if let plus = name.firstIndex(of: "+"), name.distance(from: name.startIndex, to: plus) == 6 {
            name = name[name.index(after: plus)...]
        }
        let lower = name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "," && $0 != "_" }
        let bold = lower.contains("bold") || lower.contains("black") || lower.contains("heavy")
        let italic = lower.contains("italic") || lower.contains("oblique")
        func style(_ family: String, _ regular: String, _ slant: String) -> String {
            switch (bold, italic) {
            case (false, false): return family == "Times" ? "Times-Roman" : family
            case (true, false): return family + "-Bold"
            case (false, true): return family + "-" + slant
            case (true, true): return family + "-Bold" + slant
            }
        }
        if lower.hasPrefix("symbol") { return "Symbol" }
        if lower.hasPrefix("zapfdingbats") || lower.hasPrefix("dingbats") { return "ZapfDingbats" }
        if lower.hasPrefix("helvetica") || lower.hasPrefix("arial") { return style("Helvetica", "", "Oblique") }
        if lower.hasPrefix("times") { return style("Times", "Roman", "Italic") }
        if lower.hasPrefix("courier") { return style("Courier", "", "Oblique") }
        return nil
    }

    /// All fourteen, built once from the tables.
    static let all: [String: StandardFontMetrics] = {
        var out: [String: StandardFontMetrics] = [:]
        let names = latinNames.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        for (font, row) in latinWidths {
            let values = row.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
            var widths: [String: Double] = [:]
            for (name, width) in zip(names, values) where width > 0 { widths[name] = width }
            let times = font.hasPrefix("Times")
            out[font] = StandardFontMetrics(name: font, widths: widths, ascent: times ? 683 : 718,
                                            descent: times ? -217 : -207, isSymbolic: false)
        }
        var courier: [String: Double] = [:]
        for name in names { courier[name] = 600 }
        for font in ["Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique"] {
            out[font] = StandardFontMetrics(name: font, widths: courier, ascent: 629, descent: -157, isSymbolic: false)
        }
        out["Symbol"] = StandardFontMetrics(name: "Symbol", widths: pairs(symbolWidths), ascent: 1010, descent: -293, isSymbolic: true)
        out["ZapfDingbats"] = StandardFontMetrics(name: "ZapfDingbats", widths: pairs(zapfDingbatsWidths),
                                                  ascent: 820, descent: -143, isSymbolic: true)
        return out
    }()

    private static func pairs(_ text: String) -> [String: Double] {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var out: [String: Double] = [:]
        var i = 0
        while i + 1 < fields.count {
            if let width = Double(fields[i + 1]) { out[String(fields[i])] = width }
            i += 2
        }
        return out
    }
}
