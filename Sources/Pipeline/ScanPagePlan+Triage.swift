import DocumentFacts
import PDF
import PDFImages

extension ScanPagePlan {
    /// The plan for a page with `facts` under `fixes`.
    init(fixes: ScanFixes, facts: PageFacts, page: PDFPage, document: PDFDocument) {
        self.init()
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
}
