import Foundation
import Testing
@testable import PDFText
import PDF
import TestSupport

/// A path is bounded in points however it is built: 16 million `0 0 m` (a 611 KB file) made
/// as many subpaths (2.5 GB); moves and rectangles now count, and the page fails instead.
@Suite struct PathBudgetTests {
    @Test func movesCountAgainstThePathsPoints() {
        var path = PathBuilder()
        for _ in 0..<(PathBuilder.maxPoints + 10) { path.move((0, 0)) }
        #expect(path.subpaths.count == PathBuilder.maxPoints)
        #expect(path.overflowed)
        path.rectangle([(0, 0), (1, 0), (1, 1), (0, 1)])
        #expect(path.subpaths.count == PathBuilder.maxPoints)
    }

    @Test func aPageOfEndlessMovesFailsWithLimitExceeded() throws {
        let content = Array(String(repeating: "0 0 m ", count: PathBuilder.maxPoints + 1).utf8) + Array("S".utf8)
        let document = try PDFDocument(bytes: HostilePDFs.onePage(content: content))
        let page = try document.pages()[0]
        #expect { try TextExtractor(document: document).geometry(of: page) } throws: { error in
            (error as? PDFTextError)?.code == .limitExceeded
        }
    }
}
