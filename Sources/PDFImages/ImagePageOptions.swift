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
}
