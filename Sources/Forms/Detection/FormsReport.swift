/// How a page's layout was read in a forms run.
public enum FormsPageMethod: String, Sendable, Codable {
    /// From the page's vector drawing and text (born digital): no rasterizing, no OCR.
    case vector
    /// From the page's pixels, with words from its text or from OCR.
    case raster
    /// Not looked at: not selected, no image and no drawing, or fields taken from a review file.
    case none
}

/// One page of a forms run.
public struct FormsPageReport: Sendable, Codable, Equatable {
    /// The page's index, from 0.
    public var index: Int
    /// How its layout was read.
    public var method: FormsPageMethod
    /// Fields found on it (radio options count one by one).
    public var fields: Int
    /// Seconds spent finding primitives and fields (without OCR).
    public var detectSeconds: Double
    /// Seconds the OCR engine spent on it (0 when its words came from its text).
    public var ocrSeconds: Double
    /// Words recognized by OCR on it (labels for a scan).
    public var ocrWords: Int
    /// Why the page has no fields when something went wrong with it; nil otherwise.
    public var failure: String?

    /// Creates a page's report.
    public init(index: Int, method: FormsPageMethod, fields: Int, detectSeconds: Double, ocrSeconds: Double,
                ocrWords: Int, failure: String?) {
        self.index = index
        self.method = method
        self.fields = fields
        self.detectSeconds = detectSeconds
        self.ocrSeconds = ocrSeconds
        self.ocrWords = ocrWords
        self.failure = failure
    }
}

/// The result of a forms run.
public struct FormsReport: Sendable {
    /// Per page, in order.
    public var pages: [FormsPageReport]
    /// What the form writer did.
    public var fieldsAdded: Int
    /// Widgets written.
    public var widgetsAdded: Int
    /// Fields of the input's form kept (`--keep-fields`) or removed (`--replace-fields`).
    public var fieldsKept: Int, fieldsRemoved: Int
    /// Pages given a text layer (`ocr --forms`).
    public var pagesWithTextLayer: Int
    /// Notes and warnings for the user.
    public var notes: [String], warnings: [String]

    /// Creates a run's report.
    public init(pages: [FormsPageReport], fieldsAdded: Int, widgetsAdded: Int, fieldsKept: Int, fieldsRemoved: Int,
                pagesWithTextLayer: Int, notes: [String], warnings: [String]) {
        self.pages = pages
        self.fieldsAdded = fieldsAdded
        self.widgetsAdded = widgetsAdded
        self.fieldsKept = fieldsKept
        self.fieldsRemoved = fieldsRemoved
        self.pagesWithTextLayer = pagesWithTextLayer
        self.notes = notes
        self.warnings = warnings
    }

    /// Pages that failed.
    public var failedPages: [Int] { pages.filter { $0.failure != nil }.map(\.index) }
}
