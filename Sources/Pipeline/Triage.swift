import PDF

/// What the pipeline does with a page.
public enum PageDecision: Sendable, Equatable {
    /// Rasterize and recognize it.
    case ocr
    /// Remove its earlier OCR text, then rasterize and recognize it.
    case redo
    /// Leave it exactly as it is, for the reason given.
    case skip(String)
}

/// Decides per page, from measured facts, whether it needs OCR. The raster the engine sees
/// holds the page's images only, never its vector text, so recognizing a scan that carries a
/// printed stamp adds the scan's words without duplicating the stamp's.
struct Triage {
    let document: PDFDocument
    let mode: TextPageMode

    func decide(_ page: PDFPage) throws -> PageDecision {
        let facts = PageFacts.measure(page, in: document)
        if mode == .strict && (facts.visibleGlyphs > 0 || facts.invisibleGlyphs > 0 || facts.hasLegibleLayer) {
            throw PipelineError(.priorText, "page \(page.index + 1) already has text; nothing was written (--strict: use --force-ocr or --redo-ocr, or leave out --strict to OCR only the pages that need it)")
        }
        return decide(facts)
    }

    func decide(_ facts: PageFacts) -> PageDecision {
        let earlierOCR = facts.hasLegibleLayer || facts.invisibleGlyphs > 0
        switch mode {
        case .forceOCR: return facts.hasLegibleLayer ? .redo : .ocr
        case .redoOCR where earlierOCR: return .redo
        default: break
        }
        if facts.hasLegibleLayer { return .skip("page already has Legible's text layer") }
        if facts.invisibleGlyphs > 0 { return .skip("page already has an OCR text layer") }
        guard facts.visibleGlyphs > 0 else { return .ocr }
        if mode == .skipText { return .skip("page already has text") }
        if facts.imageCoverage >= PageFacts.scanCoverage && facts.visibleTextShare < PageFacts.smallTextShare {
            return .ocr // a scan with a little real text on it (a stamp, a header)
        }
        return .skip("page already has text")
    }
}
