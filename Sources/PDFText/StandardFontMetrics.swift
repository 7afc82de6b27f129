import Foundation

/// Widths and vertical extents of the standard 14 fonts, which PDFs may use without embedding
/// them or giving `/Widths` (ISO 32000-1 §9.6.2.2). Widths come from Adobe's Core 14 AFM facts
/// (StandardFontMetricsTable.swift, generated from metric-compatible AFMs by make-tables.py).
package struct StandardFontMetrics: Sendable {
    /// The standard name, e.g. "Times-Bold".
    package var name: String
    /// Advance widths in 1/1000 em by glyph name.
    package var widths: [String: Double]
    /// Ascender and descender in 1/1000 em (the Core 14 AFMs' `Ascender`/`Descender`, or
    /// their `FontBBox` where they give none).
    package var ascent: Double
    package var descent: Double
    /// Symbol and ZapfDingbats: their own built-in encodings and no Latin text.
    package var isSymbolic: Bool

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
        return Self.standard(standard)
    }

    /// The standard-14 name that `baseFont` means, or nil.
    package static func standardName(for baseFont: String) -> String? {
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

    /// The metrics of the standard font named exactly `name` ("Helvetica", "Times-Bold"…),
    /// built from the tables the first time it is asked for: a page set in Helvetica does not
    /// pay for parsing all fourteen (which short-lived `legible info` runs over a corpus felt).
    package static func standard(_ name: String) -> StandardFontMetrics? {
        cache.metrics(name)
    }

    private static let cache = Cache()

    /// Built metrics by name, behind a lock (fonts load on several threads).
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var built: [String: StandardFontMetrics] = [:]

        func metrics(_ name: String) -> StandardFontMetrics? {
            lock.lock()
            defer { lock.unlock() }
            if let known = built[name] { return known }
            guard let made = StandardFontMetrics.build(name) else { return nil }
            built[name] = made
            return made
        }
    }

    /// The Latin glyph names the width rows follow, split once.
    private static let latinNameList = TableText.fields(latinNames).map(String.init)

    private static func build(_ font: String) -> StandardFontMetrics? {
        switch font {
        case "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique":
            var widths: [String: Double] = [:]
            for name in latinNameList { widths[name] = 600 }
            return StandardFontMetrics(name: font, widths: widths, ascent: 629, descent: -157, isSymbolic: false)
        case "Symbol":
            return StandardFontMetrics(name: font, widths: pairs(symbolWidths), ascent: 1010, descent: -293, isSymbolic: true)
        case "ZapfDingbats":
            return StandardFontMetrics(name: font, widths: pairs(zapfDingbatsWidths), ascent: 820, descent: -143, isSymbolic: true)
        default:
            guard let row = latinWidths[font] else { return nil }
            let values = TableText.fields(row).compactMap { Double($0) }
            var widths: [String: Double] = [:]
            for (name, width) in zip(latinNameList, values) where width > 0 { widths[name] = width }
            let times = font.hasPrefix("Times")
            return StandardFontMetrics(name: font, widths: widths, ascent: times ? 683 : 718,
                                       descent: times ? -217 : -207, isSymbolic: false)
        }
    }

    private static func pairs(_ text: String) -> [String: Double] {
        let fields = TableText.fields(text)
        var out: [String: Double] = [:]
        var i = 0
        while i + 1 < fields.count {
            if let width = Double(fields[i + 1]) { out[String(fields[i])] = width }
            i += 2
        }
        return out
    }
}
