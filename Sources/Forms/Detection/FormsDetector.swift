import Imaging

/// The form detector a forms run uses: how a scan's pixels become layout primitives, and how
/// the primitives of all pages become named fields. A value, so tests can give a run a
/// detector of their own.
public struct FormsDetector: Sendable {
    /// The primitives of a page raster (upright as displayed, covering `width` × `height`
    /// points) with the page's words in the same frame. Runs on an OCR worker thread: it may
    /// block in Leptonica.
    public var rasterPrimitives: @Sendable (_ image: PixImage, _ page: Int, _ width: Double, _ height: Double,
                                            _ words: [LayoutWord]) throws -> LayoutPrimitives
    /// The fields of one page's primitives, named later.
    public var fields: @Sendable (LayoutPrimitives) -> [FormField]
    /// Names the fields of the whole document (unique names, from labels).
    public var name: @Sendable ([FormField]) -> [FormField]
    /// Reads born-digital pages' primitives from their vectors and text.
    public var vector: VectorPrimitiveReader

    /// Creates a detector from its steps.
    public init(rasterPrimitives: @escaping @Sendable (PixImage, Int, Double, Double, [LayoutWord]) throws -> LayoutPrimitives,
                fields: @escaping @Sendable (LayoutPrimitives) -> [FormField],
                name: @escaping @Sendable ([FormField]) -> [FormField],
                vector: VectorPrimitiveReader = VectorPrimitiveReader()) {
        self.vector = vector
        self.rasterPrimitives = rasterPrimitives
        self.fields = fields
        self.name = name
    }
}
