import PDF

/// How much of a page its text covers, seen and unseen — the facts triage decides from: a page
/// with visible text needs no OCR, invisible text is an earlier OCR layer (Legible's own when
/// the form that draws it says so), a scan with a little visible text is a stamped scan.
/// Only the page's content counts; text that annotations draw (form field values, notes) is
/// counted apart, since it is not part of the page a scan or an OCR layer belongs to.
public struct TextCoverage: Sendable, Equatable {
    /// Square points covered by glyphs that can be seen (clipped to the crop box; overlaps
    /// counted twice).
    public var visibleArea = 0.0
    /// Square points covered by glyphs nobody sees: render mode 3 or 7, or clipped away.
    public var invisibleArea = 0.0
    /// Glyphs with text that can be seen.
    public var visibleGlyphs = 0
    /// Glyphs with text that nobody sees.
    public var invisibleGlyphs = 0
    /// The crop box's area in square points.
    public var pageArea = 0.0
    /// The outermost Form XObjects that draw invisible glyphs (look for a layer's marker
    /// there), with how many invisible glyphs each draws.
    public var invisibleGlyphsByForm: [ObjectRef: Int] = [:]
    /// The outermost Form XObjects that draw invisible glyphs.
    public var invisibleTextForms: Set<ObjectRef> { Set(invisibleGlyphsByForm.keys) }
    /// Invisible glyphs drawn by the page's own content rather than by a form.
    public var invisibleGlyphsOutsideForms = 0
    /// Glyphs with text that annotations' appearances draw.
    public var annotationGlyphs = 0
    /// Visible glyphs whose font gives no text (no Unicode mapping): printed, but unreadable
    /// to extraction — still a sign the page is born-digital.
    public var unmappedVisibleGlyphs = 0

    /// Share of the page covered by visible text (0…1).
    public var visibleShare: Double { pageArea > 0 ? min(1, visibleArea / pageArea) : 0 }
    /// Share of the page covered by invisible text (0…1).
    public var invisibleShare: Double { pageArea > 0 ? min(1, invisibleArea / pageArea) : 0 }

    /// Measures `glyphs` shown on a page whose crop box is `cropBox` (text off the page is not counted).
    init(glyphs: [TextGlyph], cropBox: PDFRect) {
        pageArea = cropBox.width * cropBox.height
        for glyph in glyphs where glyph.isOnPage {
            if glyph.text.isEmpty, glyph.isVisible, !glyph.isAnnotation { unmappedVisibleGlyphs += 1 }
            guard !glyph.text.isEmpty, !glyph.text.unicodeScalars.allSatisfy(\.properties.isWhitespace) else { continue }
            if glyph.isAnnotation { annotationGlyphs += 1; continue }
            let area = glyph.box.intersection(cropBox).map { $0.width * $0.height } ?? 0
            if glyph.isVisible {
                visibleArea += area
                visibleGlyphs += 1
            } else {
                invisibleArea += area
                invisibleGlyphs += 1
                if let form = glyph.form { invisibleGlyphsByForm[form, default: 0] += 1 } else { invisibleGlyphsOutsideForms += 1 }
            }
        }
    }
}

extension TextExtractor {
    /// The page's text coverage, without laying out words (cheaper than `text(of:)`).
    /// - Parameter annotations: also count the glyphs annotations' appearances draw
    ///   (`annotationGlyphs`); triage does without them.
    /// - Throws: `PDFTextError.unreadableContent` when the content streams cannot be decoded.
    public func coverage(of page: PDFPage, annotations: Bool = true) throws -> TextCoverage {
        TextCoverage(glyphs: try annotations ? glyphs(of: page) : contentGlyphs(of: page), cropBox: page.cropBox)
    }
}
