import FileIO
import Foundation

extension ImagePageOptions {
    /// Parses `--page-size`: `fit`, `letter` (8.5 × 11 in), `a4` (210 × 297 mm), or `WxH`
    /// in points, or with one unit after both numbers: `in`, `mm`, `cm` or `pt`
    /// (`8.5x11in`, `210x297mm`, `612x792`).
    /// - Throws: `PipelineError.badArguments` naming the bad value.
    public static func pageSize(_ text: String) throws -> PageSize {
        let value = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch value {
        case "fit": return .fit
        case "letter": return .fixed(width: 612, height: 792)
        case "a4": return .fixed(width: 210 * 72 / 25.4, height: 297 * 72 / 25.4)
        default: break
        }
        let units: [(String, Double)] = [("in", 72), ("mm", 72 / 25.4), ("cm", 72 / 2.54), ("pt", 1)]
        var numbers = Substring(value)
        var scale = 1.0
        if let unit = units.first(where: { value.hasSuffix($0.0) }) {
            numbers = numbers.dropLast(unit.0.count)
            scale = unit.1
        }
        let parts = numbers.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
            throw PipelineError(.badArguments, "bad --page-size '\(text)' (use fit, letter, a4, or WxH like 612x792, 8.5x11in, 210x297mm)")
        }
        let width = w * scale, height = h * scale
        guard width >= 1, height >= 1, width <= maxPageInches * 72, height <= maxPageInches * 72 else {
            throw PipelineError(.badArguments, "--page-size '\(text)' is outside 1 point to \(Int(maxPageInches)) inches")
        }
        return .fixed(width: width, height: height)
    }
}
