/// What a font's AFM file (Adobe Font Metrics 4.1) says that a PDF font descriptor and
/// `/Widths` need: the glyphs with their advance widths and codes in the built-in encoding,
/// and the font-wide figures.
struct AFMMetrics: Sendable {
    var fontName = ""
    var italicAngle = 0.0
    var isFixedPitch = false
    /// llx lly urx ury in 1/1000 em.
    var fontBBox: [Double] = [0, 0, 1000, 1000]
    var capHeight = 0.0
    var xHeight = 0.0
    var ascender = 0.0
    var descender = 0.0
    /// Advance widths by glyph name.
    var widths: [String: Double] = [:]
    /// The built-in encoding: glyph names by code (codes -1 in the AFM are unencoded).
    var builtInEncoding: [String?] = Array(repeating: nil, count: 256)

    /// Parses AFM text; nil when it has no character metrics.
    init?(text: String) {
        var inMetrics = false
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let key = fields.first else { continue }
            if key == "StartCharMetrics" { inMetrics = true; continue }
            if key == "EndCharMetrics" { inMetrics = false; continue }
            if inMetrics { readCharMetric(line); continue }
            let value = fields.dropFirst()
            switch key {
            case "FontName": fontName = value.joined(separator: " ")
            case "ItalicAngle": italicAngle = value.first.flatMap { Double($0) } ?? 0
            case "IsFixedPitch": isFixedPitch = value.first == "true"
            case "FontBBox":
                let box = value.compactMap { Double($0) }
                if box.count == 4 { fontBBox = box }
            case "CapHeight": capHeight = value.first.flatMap { Double($0) } ?? 0
            case "XHeight": xHeight = value.first.flatMap { Double($0) } ?? 0
            case "Ascender": ascender = value.first.flatMap { Double($0) } ?? 0
            case "Descender": descender = value.first.flatMap { Double($0) } ?? 0
            default: break
            }
        }
        if widths.isEmpty { return nil }
    }

    /// `C 65 ; WX 667 ; N A ; B …` (code, width, name; other keys ignored).
    private mutating func readCharMetric(_ line: Substring) {
        var code: Int?, width: Double?, name: String?
        for item in line.split(separator: ";") {
            let parts = item.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2 else { continue }
            switch parts[0] {
            case "C": code = Int(parts[1])
            case "CH": code = Int(parts[1].trimmingPrefix("<").prefix { $0 != ">" }, radix: 16)
            case "WX", "W0X": width = Double(parts[1])
            case "N": name = String(parts[1])
            default: break
            }
        }
        guard let name, let width else { return }
        widths[name] = width
        if let code, code >= 0, code < 256 { builtInEncoding[code] = name }
    }
}
