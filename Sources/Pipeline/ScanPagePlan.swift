import DocumentFacts
import PDF

/// What the job's scan fixes (`ScanFixes`) may do to one page, decided from the triage's
/// facts before the page is rasterized: only pages without any text (visible, invisible or
/// an earlier Legible layer) may be removed or have their image changed.
struct ScanPagePlan: Sendable, Equatable {
    /// Leave the page out when its raster is a blank back (`PixImage.looksLikeBlankBack`).
    var removeIfBlank = false
    /// Straighten the page's image (`--deskew`).
    var deskew = false
    /// Clean the raster the engine reads (`--clean`, `--clean-final`).
    var clean = false
    /// Store the cleaned image (`--clean-final`).
    var storeCleaned = false

    /// Whether the stored image may change.
    var changesImage: Bool { deskew || storeCleaned }

    /// The plan for a page with `facts` under `fixes`.
    init(fixes: ScanFixes, facts: PageFacts, page: PDFPage, document: PDFDocument) {
        guard !fixes.isEmpty else { return }
        clean = fixes.cleansRaster
        // Born-digital text, a stamp, someone's OCR layer or ours: the image is not the page.
        let textless = facts.visibleGlyphs == 0 && facts.invisibleGlyphs == 0 && !facts.hasLegibleLayer
        guard textless else { return }
        deskew = fixes.contains(.deskew)
        storeCleaned = fixes.contains(.cleanFinal)
        let annotated = !(document.resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? []).isEmpty
        removeIfBlank = fixes.contains(.removeBlankPages) && !annotated
    }

    /// No fix at all.
    init() {}
}
