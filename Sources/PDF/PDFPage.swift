/// A page with its inherited attributes resolved (ISO 32000-2 §7.7.3.3–7.7.3.4).
public struct PDFPage: Sendable {
    /// Zero-based position in the document.
    public var index: Int
    /// The page object's reference.
    public var ref: ObjectRef
    /// The page dictionary as stored (without inherited entries).
    public var dictionary: PDFDictionary
    /// `/Resources`, resolved and inherited.
    public var resources: PDFDictionary
    /// `/MediaBox`, inherited (US Letter when missing).
    public var mediaBox: PDFRect
    /// `/CropBox`, inherited, clipped to the media box (the media box when missing).
    public var cropBox: PDFRect
    /// `/BleedBox` clipped to the media box (the crop box when missing).
    public var bleedBox: PDFRect
    /// `/TrimBox` clipped to the media box (the crop box when missing).
    public var trimBox: PDFRect
    /// `/ArtBox` clipped to the media box (the crop box when missing).
    public var artBox: PDFRect
    /// `/Rotate` normalized to 0, 90, 180 or 270.
    public var rotation: Int
    /// `/UserUnit`: the size of a user-space unit in points (1 when missing or not positive;
    /// PDF 1.6 allows pages larger than 200 inches this way).
    public var userUnit: Double
    /// For a page dictionary stored directly in its parent's `/Kids` (so `ref` is a number no
    /// object has): where it sits, so a writer can store it as an object of its own there.
    public var directSlot: DirectPageSlot?

    /// Where a directly stored page dictionary sits: its parent node and its index in `/Kids`.
    public struct DirectPageSlot: Sendable, Equatable {
        /// The page tree node whose `/Kids` array holds the dictionary.
        public var parent: ObjectRef
        /// The dictionary's index in that array.
        public var index: Int
    }

    /// The page's boxes (ISO 32000-2 §14.11.2).
    public enum Box: String, CaseIterable, Sendable {
        case media = "MediaBox", crop = "CropBox", bleed = "BleedBox", trim = "TrimBox", art = "ArtBox"
    }

    /// The rectangle of `box`, in user-space units.
    public func box(_ box: Box) -> PDFRect {
        switch box {
        case .media: return mediaBox
        case .crop: return cropBox
        case .bleed: return bleedBox
        case .trim: return trimBox
        case .art: return artBox
        }
    }

    /// The visible area (the crop box) in points, `/UserUnit` applied, before rotation.
    public var size: (width: Double, height: Double) {
        (cropBox.width * userUnit, cropBox.height * userUnit)
    }
}
