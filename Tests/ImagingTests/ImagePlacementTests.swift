import Foundation
import Testing
import Imaging
import PDF
import TestSupport

/// Which images a page paints, through forms, and what the walk lets callers see.
@Suite struct ImagePlacementTests {
    /// A page painting form 10, which paints the image `/I` (object 20) through nested forms
    /// `fanOut` times at each of `depth` levels.
    private func document(depth: Int, fanOut: Int) throws -> (PDFDocument, PDFPage) {
        var pdf = PDFFixtures.simpleDocument()
        pdf.objects.removeAll { $0.number == 4 || $0.number == 5 }
        pdf.add(4, "<< /Type /Page /Parent 2 0 R /Resources << /XObject << /F 10 0 R >> >> /Contents 5 0 R >>")
        pdf.add(5, bytes: PDFFixtures.streamBody(text: "q 100 0 0 100 0 0 cm /F Do Q"))
        for level in 0..<depth {
            let inner = level == depth - 1 ? "/I 20 0 R" : "/F \(11 + level) 0 R"
            let paint = level == depth - 1 ? "/I Do" : "/F Do"
            pdf.add(10 + level, bytes: PDFFixtures.streamBody(
                "/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << \(inner) >> >>",
                text: Array(repeating: paint, count: fanOut).joined(separator: " ") + " BT (x) Tj ET"))
        }
        pdf.add(20, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray", [0x80]))
        let document = try PDFDocument(bytes: pdf.bytes)
        return (document, try document.pages()[0])
    }

    @Test func imagesInNestedFormsAreFoundAndEveryOperationIsVisited() throws {
        let (document, page) = try document(depth: 3, fanOut: 2)
        var shown = 0
        let placements = try ImagePlacementFinder.placements(on: page, document: document) { operation in
            if operation.op == "Tj" { shown += 1 }
        }
        #expect(placements.count == 8)                 // 2 × 2 × 2
        #expect(placements.allSatisfy { $0.bounds == PDFRect(0, 0, 100, 100) })
        #expect(shown == 1 + 2 + 4)                    // one Tj in each form painted
    }

    /// Ten levels of forms, each painting the next ten times, would be 10^10 walks: the walk
    /// stops painting forms after `maxFormsPerPage` of them.
    @Test func formsPaintingFormsManyTimesAreBounded() throws {
        let (document, page) = try document(depth: 10, fanOut: 10)
        let started = Date()
        let placements = try ImagePlacementFinder.placements(on: page, document: document)
        #expect(placements.count <= 4096 * 10)
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
