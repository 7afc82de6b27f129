/// What the job's scan fixes may do to one page's image (see `PageRasterizer.prepared`),
/// decided by the pipeline from the triage's facts before the page is rasterized: only pages
/// without any text (visible, invisible or an earlier Legible layer) may be removed or have
/// their image changed.
public struct ScanPagePlan: Sendable, Equatable {
    /// Leave the page out when its raster is a blank back (`PixImage.looksLikeBlankBack`).
    public var removeIfBlank = false
    /// Straighten the page's image (`--deskew`).
    public var deskew = false
    /// Clean the raster the engine reads (`--clean`, `--clean-final`).
    public var clean = false
    /// Store the cleaned image (`--clean-final`).
    public var storeCleaned = false

    /// Whether the stored image may change.
    public var changesImage: Bool { deskew || storeCleaned }

    /// No fix at all.
    public init() {}
}
