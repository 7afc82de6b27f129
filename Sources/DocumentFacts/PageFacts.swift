import Imaging
import PDF
import PDFText

/// What a page is, as triage sees it.
public enum PageKind: String, Sendable, Equatable, CaseIterable {
    /// Born-digital: visible text, few or no images.
    case text
    /// A scan: images and no text.
    case scan
    /// Visible text over or beside images that cover much of the page (a stamped scan, a
    /// page with a large figure): the images may hold words the text does not.
    case mixed
    /// Nothing to read: no text and no images.
    case blank
    /// Carries a text layer Legible wrote earlier.
    case ownLayer = "own-layer"
    /// Carries another tool's invisible OCR text.
    case otherLayer = "other-layer"
}

/// Measured facts about a page's content, from which triage decides what to do with it.
public struct PageFacts: Equatable, Sendable {
    /// Visible glyphs, with or without a Unicode mapping.
    public var visibleGlyphs = 0
    /// Invisible glyphs (render mode 3 or 7, or clipped away) outside Legible's own layers:
    /// someone's OCR layer.
    public var invisibleGlyphs = 0
    /// Whether the page draws a text layer Legible wrote earlier.
    public var hasLegibleLayer = false
    /// Share of the page covered by images (bounding boxes, clipped to the page, not de-overlapped).
    public var imageCoverage = 0.0
    /// Share of the page covered by visible glyph boxes.
    public var visibleTextShare = 0.0

    /// Images cover at least this share of a page with little text (below `smallTextShare`):
    /// the images may hold words the text does not (a stamped scan, a caption above a
    /// picture), so the page is mixed. Pages where text dominates stay text pages.
    public static let mixedCoverage = 0.25
    /// Visible text covering less than this share of the page is a stamp, a header, a caption.
    public static let smallTextShare = 0.15
    /// Fewer invisible glyphs than this are stray (a hidden page number, a clipped letter),
    /// not an OCR layer.
    public static let layerGlyphs = 3

    /// What the facts make of the page.
    public var kind: PageKind {
        if hasLegibleLayer { return .ownLayer }
        // An OCR layer carries the page's words; a born-digital page that hides a few glyphs
        // (pdfjs/mixedfonts.pdf: 29 beside 312 visible) is still a text page.
        if invisibleGlyphs >= PageFacts.layerGlyphs && invisibleGlyphs * 2 >= visibleGlyphs { return .otherLayer }
        if visibleGlyphs > 0 {
            let mostlyImage = imageCoverage >= PageFacts.mixedCoverage && visibleTextShare < PageFacts.smallTextShare
            return mostlyImage ? .mixed : .text
        }
        return imageCoverage > 0 ? .scan : .blank
    }

    /// Reads the facts of `page`; content that cannot be decoded counts as no text. Pass the
    /// page's image placements when they are at hand, to save walking its content again, and
    /// say when its content (forms included) shows no text, to save reading its fonts.
    public static func measure(_ page: PDFPage, in document: PDFDocument, placements known: [ImagePlacement]? = nil,
                        showsText: Bool = true) -> PageFacts {
        var facts = PageFacts()
        if showsText, let coverage = try? TextExtractor(document: document).coverage(of: page, annotations: false) {
            facts.visibleGlyphs = coverage.visibleGlyphs + coverage.unmappedVisibleGlyphs
            facts.visibleTextShare = coverage.visibleShare
            var ours = 0
            for (form, count) in coverage.invisibleGlyphsByForm where isLegibleLayer(form, in: document) {
                facts.hasLegibleLayer = true
                ours += count
            }
            facts.invisibleGlyphs = coverage.invisibleGlyphs - ours
        }
        // A layer with no words (OCR found nothing) draws no glyphs but is still ours.
        if !facts.hasLegibleLayer { facts.hasLegibleLayer = drawsLegibleLayer(page, in: document) }
        let pageArea = max(1, page.cropBox.width * page.cropBox.height)
        let placements = known ?? (try? ImagePlacementFinder.placements(on: page, document: document)) ?? []
        let covered = placements.reduce(0.0) { total, placement in
            guard let visible = placement.bounds.intersection(page.cropBox) else { return total }
            return total + visible.width * visible.height
        }
        facts.imageCoverage = min(1, covered / pageArea)
        return facts
    }

    private static func isLegibleLayer(_ form: ObjectRef, in document: PDFDocument) -> Bool {
        guard case .stream(let stream) = document.resolve(.reference(form)) else { return false }
        return stream.dictionary[layerMarker] != nil
    }

    /// Whether the page's resources name a form marked as Legible's layer (the grafter adds
    /// it there and draws it from the page's last content stream).
    private static func drawsLegibleLayer(_ page: PDFPage, in document: PDFDocument) -> Bool {
        guard let xobjects = document.resolve(page.resources["XObject"] ?? .null).dictionaryValue else { return false }
        return xobjects.contains { entry in
            guard case .stream(let stream) = document.resolve(entry.value) else { return false }
            return stream.dictionary[layerMarker] != nil
        }
    }

    /// The key `TextLayer` puts on the forms it writes (`TextLayerBuilder.markerKey`).
    private static let layerMarker = "LegibleTextLayer"
}
