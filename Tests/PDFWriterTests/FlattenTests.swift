import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

/// Flattening (PDFKit's burnInAnnotations) judged by poppler: the flattened page renders as
/// `pdftoppm` renders the original with its annotations, no annotation or form is left, and
/// `qpdf --check` passes.
@Suite struct FlattenTests {
    /// Corpus files with annotations that carry appearance streams: form widgets, markup,
    /// stamps, ink, a hidden annotation, link borders drawn by the viewer, and NoRotate
    /// annotations on turned pages (manual-appearances.pdf), and lines with arrow heads,
    /// polylines, ink, highlights and strike-outs that have no appearance at all, drawn from
    /// their geometry (issue13447.pdf).
    static let files = ["forms/src/es_solicitud.pdf", "forms/src/us_osha301.pdf", "forms/src/il_gun_sale.pdf",
                        "pdf/pdfjs/highlight.pdf", "pdf/pdfjs/stamps.pdf", "pdf/pdfjs/inks_basic.pdf",
                        "pdf/pdfjs/annotation_hidden_print.pdf", "pdf/pdfjs/issue14802.pdf", "pdf/qpdf/manual-appearances.pdf",
                        "pdf/pdfjs/issue13447.pdf"]

    /// Highlight, underline, strike-out and squiggly annotations without appearance streams
    /// (bug1538111.pdf) are drawn from their quadrilaterals: the page looks annotated (poppler
    /// places its own rules a pixel or so differently, hence the looser bound).
    @Test func textMarkupWithoutAppearancesIsDrawnFromItsQuadrilaterals() throws {
        let input = PDFFixtures.corpus("pdf/pdfjs/bug1538111.pdf")
        let rewriter = DocumentRewriter(source: try PDFDocument(bytes: try PDFFixtures.bytes(of: input), password: nil))
        let summary = try Flattener.flatten(rewriter)
        #expect(summary.annotationsDropped == 0 && summary.annotationsBurned > 0)
        let folder = try PDFFixtures.ScratchFolder()
        let output = try PDFFixtures.write(rewriter, in: folder)
        let before = try #require(try GrayRendering.render(input, dpi: 50).first)
        let bare = try #require(try GrayRendering.render(input, dpi: 50, hideAnnotations: true).first)
        let after = try #require(try GrayRendering.render(output, dpi: 50).first)
        let difference = try #require(after.meanDifference(from: before))
        let unannotated = try #require(bare.meanDifference(from: before))
        #expect(difference < 1.6 && difference < unannotated / 2, "\(difference) vs \(unannotated) without annotations")
    }

    @Test(arguments: files)
    func theFlattenedPageLooksLikeTheAnnotatedOriginal(path: String) throws {
        let input = PDFFixtures.corpus(path)
        let document = try PDFDocument(bytes: try PDFFixtures.bytes(of: input), password: nil)
        let rewriter = DocumentRewriter(source: document)
        let summary = try Flattener.flatten(rewriter)
        let folder = try PDFFixtures.ScratchFolder()
        let output = try PDFFixtures.write(rewriter, in: folder)

        #expect(try PDFFixtures.qpdfCheck(output).status == 0)
        let flattened = try PDFDocument(bytes: try PDFFixtures.bytes(of: output), password: nil)
        for page in try flattened.pages() { #expect(page.dictionary["Annots"] == nil) }
        #expect(try flattened.catalog()["AcroForm"] == nil)

        let before = try GrayRendering.render(input, dpi: 50)
        let bare = try GrayRendering.render(input, dpi: 50, hideAnnotations: true)
        let after = try GrayRendering.render(output, dpi: 50)
        #expect(after.count == before.count)
        var burnedVisibly = false
        for (index, page) in after.enumerated() where index < before.count {
            let difference = try #require(page.meanDifference(from: before[index]))
            #expect(difference < 0.6, "page \(index + 1) differs from the annotated original by \(difference)")
            if let unannotated = bare[index].meanDifference(from: before[index]), unannotated > difference + 0.05 {
                burnedVisibly = true
            }
        }
        // Where poppler shows annotations at all, what was burned in is what makes the page
        // look annotated.
        if summary.annotationsBurned > 0 && bare.map(\.pixels) != before.map(\.pixels) { #expect(burnedVisibly) }
    }

    @Test func hiddenAnnotationsAreRemovedWithoutBeingDrawn() throws {
        let (rewriter, source) = try Self.synthetic(flags: 2)
        let summary = try Flattener.flatten(rewriter)
        #expect(summary.annotationsBurned == 0)
        #expect(summary.annotationsDropped == 1)
        let folder = try PDFFixtures.ScratchFolder()
        let output = try PDFFixtures.write(rewriter, in: folder)
        let before = try #require(try GrayRendering.render(source.file("in.pdf"), dpi: 36).first)
        let after = try #require(try GrayRendering.render(output, dpi: 36).first)
        #expect(after.pixels == before.pixels, "a hidden annotation is not drawn, before or after")
        #expect(after.pixels.filter { $0 < 128 }.count < 20, "only the page's own short line is dark")
    }

    /// An appearance whose /Matrix turns it a quarter turn and whose /BBox is not at the
    /// origin lands where poppler draws the annotation (ISO 32000-1 §12.5.5).
    @Test func aRotatedAppearanceIsFittedToTheAnnotationRectangle() throws {
        let (rewriter, source) = try Self.synthetic(flags: 4)
        let input = source.file("in.pdf")
        let summary = try Flattener.flatten(rewriter)
        #expect(summary.annotationsBurned == 1)
        let folder = try PDFFixtures.ScratchFolder()
        let output = try PDFFixtures.write(rewriter, in: folder)
        #expect(try PDFFixtures.qpdfCheck(output).status == 0)
        let before = try #require(try GrayRendering.render(input, dpi: 72).first)
        let after = try #require(try GrayRendering.render(output, dpi: 72).first)
        #expect(before.pixels.contains { $0 < 128 }, "poppler draws the annotation in the original")
        let difference = try #require(after.meanDifference(from: before))
        #expect(difference < 0.2)
    }

    /// A one-page document with one square annotation whose appearance is a black bar drawn
    /// in a box off the origin and turned by its /Matrix; `flags` is its /F. The folder
    /// holds the file as `in.pdf`.
    static func synthetic(flags: Int) throws -> (DocumentRewriter, PDFFixtures.ScratchFolder) {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Annots [5 0 R] >>")
        pdf.add(4, bytes: PDFFixtures.streamBody(text: "0 0 0 RG 1 w 10 10 m 20 10 l S"))
        pdf.add(5, "<< /Type /Annot /Subtype /Square /Rect [50 60 110 160] /F \(flags) /AP << /N 6 0 R >> >>")
        pdf.add(6, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Form /BBox [10 20 110 80] /Matrix [0 1 -1 0 0 0]",
                                                 text: "0 g 10 20 50 60 re f"))
        let folder = try PDFFixtures.ScratchFolder()
        try PDFFixtures.write(pdf.bytes, to: folder.file("in.pdf"))
        return (DocumentRewriter(source: try PDFDocument(bytes: pdf.bytes, password: nil)), folder)
    }
}
