import Foundation

/// How image frames become pages (PDFKit's `PDFPage(image:options:)`, `legible images`).
public struct ImagePageOptions: Sendable, Equatable {
    /// The page each image is put on.
    public enum PageSize: Sendable, Equatable {
        /// A page exactly the size of the image at its resolution.
        case fit
        /// A page of this size in points; the image is centred on it, scaled down to fit.
        case fixed(width: Double, height: Double)
    }

    /// The page size (default: the image's own).
    public var pageSize: PageSize = .fit
    /// On a fixed page, also scale images up that are smaller than the page.
    public var upscaleIfSmaller = false
    /// `/Rotate` of every page: 0, 90, 180 or 270 (clockwise, as viewers show it).
    public var rotation = 0
    /// A resolution in dots per inch used instead of the files' own.
    public var dpi: Double?
    /// JPEG quality for frames that cannot be kept as they are and were lossy already
    /// (JPEG-in-TIFF, JPEG variants PDF cannot carry); nil keeps them lossless (Flate).
    public var jpegQuality: Int?

    /// Resolutions accepted, in dots per inch: beyond them a file's value is a mistake
    /// (a page metres wide, or a postage stamp), not a scan.
    public static let plausibleResolutions: ClosedRange<Double> = 10...10_000
    /// The largest page side, in inches (PDF's own limit: 14,400 units of 1/72 inch).
    public static let maxPageInches = 200.0

    /// Options with the defaults: fit, no rotation, resolutions from the files.
    public init() {}

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
