import PDF

/// The boxes of a page (ISO 32000-2 §14.11.2), as PDFKit names them.
public enum PDFDisplayBox: Int, Sendable, CaseIterable {
    /// The whole medium the page is printed on (`/MediaBox`).
    case mediaBox = 0
    /// The visible area a viewer shows (`/CropBox`, the media box when missing).
    case cropBox = 1
    /// Where the page is clipped in production (`/BleedBox`, the crop box when missing).
    case bleedBox = 2
    /// The finished page after trimming (`/TrimBox`, the crop box when missing).
    case trimBox = 3
    /// The meaningful content (`/ArtBox`, the crop box when missing).
    case artBox = 4

    /// The page reader's name for the same box.
    var box: PDF.PDFPage.Box {
        switch self {
        case .mediaBox: return .media
        case .cropBox: return .crop
        case .bleedBox: return .bleed
        case .trimBox: return .trim
        case .artBox: return .art
        }
    }
}
