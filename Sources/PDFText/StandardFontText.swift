/// Text set in one of the standard-14 Latin fonts with `/WinAnsiEncoding`: the bytes a
/// content stream shows and how wide they are, for writers that draw text without
/// embedding a font (appearance streams of form fields).
///
/// ```swift
/// let helvetica = StandardFontText(baseFont: "Helvetica")!
/// let (bytes, width) = helvetica.encode("Größe")   // width in 1/1000 em
/// ```
public struct StandardFontText: Sendable {
    /// The standard name, e.g. "Helvetica-Bold".
    public let fontName: String
    /// Ascender and descender in 1/1000 em.
    public let ascent: Double
    public let descent: Double
    private let metrics: StandardFontMetrics

    /// Helvetica, the font form fields fall back to.
    // The generated table always holds Helvetica (StandardFontTextTests checks it).
    public static let helvetica = StandardFontText(baseFont: "Helvetica")!

    /// The font `baseFont` names or stands in for (Arial for Helvetica…); nil for fonts that
    /// are not standard and for Symbol and ZapfDingbats, which have no Latin text.
    public init?(baseFont: String) {
        guard let metrics = StandardFontMetrics.named(baseFont), !metrics.isSymbolic else { return nil }
        self.metrics = metrics
        fontName = metrics.name
        ascent = metrics.ascent
        descent = metrics.descent
    }

    /// `text` in WinAnsiEncoding, characters the encoding lacks shown as `?`, and the
    /// advance width of the result in 1/1000 em.
    public func encode(_ text: String) -> (bytes: [UInt8], width: Double) {
        var bytes: [UInt8] = []
        var width = 0.0
        for character in text {
            let code = StandardFontText.winAnsiCodes[String(character)] ?? 0x3F
            bytes.append(code)
            width += advance(code)
        }
        return (bytes, width)
    }

    /// The advance width of a WinAnsi code in 1/1000 em (unused codes: 0).
    public func advance(_ code: UInt8) -> Double {
        guard let name = SimpleEncoding.winAnsi.names[Int(code)] else { return 0 }
        return metrics.widths[name] ?? 0
    }

    /// WinAnsi codes by the text of their glyph (the lowest code where two share a glyph).
    private static let winAnsiCodes: [String: UInt8] = {
        var codes: [String: UInt8] = [:]
        for (code, name) in SimpleEncoding.winAnsi.names.enumerated() where code >= 0x20 {
            guard let name, let text = GlyphNames.text(for: name), codes[text] == nil else { continue }
            codes[text] = UInt8(code)
        }
        return codes
    }()
}
