import CLeptonica
import Foundation
import Testing
@testable import Imaging
import TestSupport

/// An upside-down page shows before recognition: on real scanned pages of Latin text the tall
/// marks mostly rise above their short neighbours, and on the same pages turned over they
/// mostly hang below them.
struct LineProfileVoteTests {
    /// Scanned pages of running English text in ../shared/corpus, each with enough tall marks
    /// to judge by.
    static let scans = ["scans/cardinal.pdf", "scans/multipage.pdf", "scans/rotated_skew.pdf"]

    @Test("an upright scan votes upright, the same scan turned over votes upside down", arguments: scans)
    func turnedOverScanIsSeen(path: String) throws {
        let upright = try Self.firstPage(path, dpi: 200)
        let vote = try upright.lineProfileVote(dpi: 200)
        #expect(vote.rising > 2 * vote.falling, "\(path): \(vote)")
        #expect(!vote.looksUpsideDown)
        let turned = try upright.rotated(quarterTurns: 2).lineProfileVote(dpi: 200)
        #expect(turned.looksUpsideDown, "\(path) turned over: \(turned)")
    }

    @Test("a bilevel scan votes as its gray original")
    func bilevelVotesAlike() throws {
        let gray = try Self.firstPage("scans/cardinal.pdf", dpi: 200)
        let bilevel = try gray.withPix { try PixImage(pixThresholdToBinary($0, 128), or: "threshold") }
        try #require(bilevel.depth == 1)
        #expect(try bilevel.lineProfileVote(dpi: 200) == gray.lineProfileVote(dpi: 200))
        #expect(try bilevel.rotated(quarterTurns: 2).lineProfileVote(dpi: 200).looksUpsideDown)
    }

    @Test("a blank page and a page of a few marks give no vote")
    func tooFewMarks() throws {
        let blank = try PixImage(encoded: SyntheticTextPage(width: 1700, height: 2200, xHeight: 14).blankPGM())
        #expect(try blank.lineProfileVote(dpi: 200) == LineProfileVote(rising: 0, falling: 0))
        #expect(!LineProfileVote(rising: 5, falling: 50).looksUpsideDown)
        #expect(LineProfileVote(rising: 30, falling: 60).looksUpsideDown)
        #expect(!LineProfileVote(rising: 60, falling: 60).looksUpsideDown)
    }

    /// The first page of a corpus PDF as poppler renders it in gray.
    static func firstPage(_ path: String, dpi: Int) throws -> PixImage {
        let page = try #require(try GrayRendering.render(Fixtures.corpus(path), dpi: dpi, pages: 1).first)
        return try PixImage(encoded: page.pgm())
    }
}
