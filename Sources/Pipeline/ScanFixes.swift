/// What a job may change about scanned pages themselves (OCRmyPDF's names): their images
/// straightened or cleaned, blank duplex backs dropped. Never applied to born-digital pages
/// or pages with any text; all off by default, since by default Legible never changes a page
/// image.
public struct ScanFixes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// Creates the set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `--deskew`: measure each scan's skew, turn its image straight and store it in its own
    /// kind (Group 4 stays Group 4, Flate stays Flate, JPEG at a quality that keeps the look).
    public static let deskew = ScanFixes(rawValue: 1 << 0)
    /// `--clean`: despeckle and flatten the background of the image the engine reads; the
    /// stored image is unchanged.
    public static let clean = ScanFixes(rawValue: 1 << 1)
    /// `--clean-final`: as `clean`, and the cleaned image is stored.
    public static let cleanFinal = ScanFixes(rawValue: 1 << 2)
    /// `--remove-blank-pages`: pages that are blank duplex backs (no text, no annotation, no
    /// mark but paper noise, show-through and punch holes) are left out of the output.
    public static let removeBlankPages = ScanFixes(rawValue: 1 << 3)

    /// Each fix with its key in `Pipelines/*.json` and its command-line option (`--KEY`).
    public static let keyed: [(key: String, fix: ScanFixes)] = [
        ("deskew", .deskew), ("clean", .clean), ("clean-final", .cleanFinal), ("remove-blank-pages", .removeBlankPages),
    ]

    /// Whether the stored page image changes (`deskew`, `clean-final`).
    public var changesImages: Bool { !isDisjoint(with: [.deskew, .cleanFinal]) }
    /// Whether the recognized raster is cleaned (`clean` or `clean-final`).
    public var cleansRaster: Bool { !isDisjoint(with: [.clean, .cleanFinal]) }

    /// The coding key of a pipeline file's entry.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
