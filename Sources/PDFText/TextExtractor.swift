import PDF

/// Reads text and vector geometry from the pages of one document, loading each font once.
///
///     let extractor = TextExtractor(document: document)
///     for page in try document.pages() {
///         print(try extractor.text(of: page).text)
///     }
public struct TextExtractor: Sendable {
    /// The document.
    public let document: PDFDocument
    /// Fonts loaded so far (shared by copies of this extractor).
    public let fonts: FontCache
    /// What one page may cost.
    var limits = ContentLimits()

    /// Creates an extractor for `document`.
    public init(document: PDFDocument, fonts: FontCache = FontCache()) {
        self.document = document
        self.fonts = fonts
    }

    /// The page's text: glyphs, words and lines in reading order.
    /// - Throws: `PDFTextError.unreadableContent` when the content streams cannot be decoded.
    public func text(of page: PDFPage) throws -> PageText {
        let content = try run(page, geometry: false)
        return PageText(page: page, glyphs: content.glyphs)
    }

    /// Every glyph the page shows, in content order, without layout.
    /// - Throws: `PDFTextError.unreadableContent` when the content streams cannot be decoded.
    public func glyphs(of page: PDFPage) throws -> [TextGlyph] {
        try run(page, geometry: false).glyphs
    }

    /// The glyphs the page's own content shows (annotations' appearances left out).
    func contentGlyphs(of page: PDFPage) throws -> [TextGlyph] {
        try run(page, geometry: false, annotations: false).glyphs
    }

    /// The page's rules and boxes.
    /// - Throws: `PDFTextError.unreadableContent` when the content streams cannot be decoded.
    public func geometry(of page: PDFPage) throws -> PageGeometry {
        let content = try run(page, geometry: true)
        return PageGeometry(frame: PageFrame(page), segments: content.segments, rectangles: content.rectangles)
    }

    /// Text and geometry from one pass over the page.
    public func textAndGeometry(of page: PDFPage) throws -> (text: PageText, geometry: PageGeometry) {
        let content = try run(page, geometry: true)
        return (PageText(page: page, glyphs: content.glyphs),
                PageGeometry(frame: PageFrame(page), segments: content.segments, rectangles: content.rectangles))
    }

    private func run(_ page: PDFPage, geometry: Bool, annotations: Bool = true) throws -> PageContent {
        let bytes: [UInt8]
        do {
            bytes = try document.contents(of: page)
        } catch {
            throw PDFTextError(.unreadableContent, "the page's content cannot be read: \(error)", page: page.index)
        }
        var interpreter = ContentInterpreter(document: document, fonts: fonts, wantsGeometry: geometry, pageBox: page.cropBox,
                                             limits: limits)
        interpreter.run(bytes, resources: page.resources)
        if annotations { interpreter.runAnnotations(of: page) }
        if Task.isCancelled { throw CancellationError() }
        if let failure = interpreter.contentFailure {
            throw PDFTextError(.limitExceeded, "the page's content cannot be read: \(failure.message)", page: page.index)
        }
        if interpreter.limitHit {
            throw PDFTextError(.limitExceeded, "the page draws more than \(limits.glyphs) glyphs or \(limits.shapes) shapes, "
                + "or runs more than \(limits.operations) operators or \(limits.formRuns) forms", page: page.index)
        }
        return interpreter.content
    }
}
