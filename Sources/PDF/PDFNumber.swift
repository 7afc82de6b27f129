import Foundation

/// Numbers as PDF syntax writes them (object values and content-stream operands): no exponent,
/// trailing zeros trimmed, never `-0`. The one number formatter of the package: the serializer,
/// the flattener, widget appearances and the OCR exports all write through it.
public enum PDFNumber {
    /// The largest real a PDF consumer must handle (ISO 32000-1 Annex C.2, about the largest
    /// single-precision float): nothing larger means anything in a page or an image dictionary.
    public static let maxReal = 3.403e38

    /// A real number without exponent, trailing zeros trimmed. A value with a short exact
    /// decimal form (at most 12 significant digits: what files write) is written exactly, so a
    /// rewrite moves nothing — a Type 3 `/FontMatrix` of 1/2048 rounded to 0.000488281 already
    /// renders differently (pdf.js's `issue19634.pdf`). Others (computed values such as 1/3)
    /// get 6 decimals, or more below 0.1 so that 6 significant digits remain; below 1e-10, 0.
    /// Values beyond `maxReal` are written as `±maxReal`: a hostile file's 309-digit number
    /// was written back in all its digits.
    public static func exact(_ value: Double) -> String {
        guard value.isFinite, abs(value) >= 1e-10 else { return "0" }
        let value = min(max(value, -maxReal), maxReal)
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        if let exact = shortestDecimal(value) { return exact }
        let decimals = max(6, min(15, 5 - Int(log10(abs(value)).rounded(.down))))
        return fixedText(value, decimals: decimals)
    }

    /// `value` rounded to at most `decimals` decimals (content we compute: coordinates of drawn
    /// shapes and words, where a thousandth of a point is below what anyone sees). Values that
    /// are not finite, or that `limit` (when given) says are out of range, are written 0.
    public static func rounded(_ value: Double, decimals: Int, limit: Double? = nil) -> String {
        guard value.isFinite, abs(value) < (limit ?? .infinity) else { return "0" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return rounded == 0 ? "0" : String(Int(rounded)) }
        return fixedText(rounded, decimals: decimals)
    }

    /// `%.Nf`, trailing zeros and a bare point trimmed, `-0` as `0`.
    private static func fixedText(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The shortest decimal that reads back as `value` (Swift's own rendering), without
    /// exponent; nil when it needs more than 12 significant digits.
    private static func shortestDecimal(_ value: Double) -> String? {
        let rendered = "\(abs(value))"
        let parts = rendered.lowercased().split(separator: "e")
        guard let mantissa = parts.first else { return nil }
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        var digits = Array(mantissa.filter(\.isNumber))
        var point = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
        while digits.count > 1, digits.first == "0" { digits.removeFirst(); point -= 1 }
        while digits.count > 1, digits.last == "0", digits.count > point { digits.removeLast() }
        guard digits.count <= 12 else { return nil }
        var text: String
        if point <= 0 {
            text = "0." + String(repeating: "0", count: -point) + String(digits)
        } else if point >= digits.count {
            text = String(digits) + String(repeating: "0", count: point - digits.count)
        } else {
            text = String(digits[..<point]) + "." + String(digits[point...])
        }
        return value < 0 ? "-" + text : text
    }
}
