import DocumentFacts
import FileIO
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
public struct Triage: Sendable {
    let document: PDFDocument
    let mode: TextPageMode

    /// Decides for `document`'s pages under `mode`.
    public init(document: PDFDocument, mode: TextPageMode) {
        self.document = document
        self.mode = mode
    }

    /// What the page is.
    func classify(_ page: PDFPage) -> PageKind {
        PageFacts.measure(page, in: document).kind
    }

    /// What to do with `page`.
    /// - Throws: `PipelineError(.priorText)` in `.strict` mode when the page already has text.
    public func decide(_ page: PDFPage) throws -> PageDecision {
        try decide(page, facts: facts(page))
    }

    /// The measured facts of `page`, from which `decide(_:facts:)` decides.
    public func facts(_ page: PDFPage) -> PageFacts {
        PageFacts.measure(page, in: document)
    }

    /// What to do with `page`, whose facts were measured already.
    /// - Throws: as `decide(_:)`.
    public func decide(_ page: PDFPage, facts: PageFacts) throws -> PageDecision {
        let kind = facts.kind
        if mode == .strict && [.text, .mixed, .ownLayer, .otherLayer].contains(kind) {
            throw PipelineError(.priorText, "page \(page.index + 1) already has text; nothing was written (--strict: use --force-ocr or --redo-ocr, or leave out --strict to OCR only the pages that need it)")
        }
        return decide(kind)
    }

    func decide(_ kind: PageKind) -> PageDecision {
        switch (mode, kind) {
        case (.forceOCR, .ownLayer), (.redoOCR, .ownLayer), (.redoOCR, .otherLayer): return .redo
        case (.forceOCR, _): return .ocr
        case (_, .ownLayer): return .skip("page already has Legible's text layer")
        case (_, .otherLayer): return .skip("page already has an OCR text layer")
        case (_, .text), (.skipText, .mixed): return .skip("page already has text")
        case (_, .mixed), (_, .scan), (_, .blank):
            // Blank pages are recognized cheaply: the blank check after rasterizing skips them.
            return .ocr
        }
    }
}
