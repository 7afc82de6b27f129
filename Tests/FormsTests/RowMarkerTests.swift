import Foundation
import Testing
@testable import Forms

/// A list's rows marked by the same word at their start ("CHILD", "CHILD", "CHILD") are named by
/// the header of the field's column over the list, the marker after it; a caption under a
/// writing line starts under the line, so the paragraph after a list names none of its fields.
@Suite struct RowMarkerTests: HandMadeLayout {
    /// A custody affidavit's list of proceedings: "Letter of Child | Court | Docket No." over
    /// rows marked "CHILD", then the next section's paragraph at the left margin.
    private func proceedings(rows: Int) -> PageLayout {
        var words = [word("Court", 168, 454, 190, 465), word("Docket", 293, 455, 320, 462), word("No.", 324, 455, 336, 462),
                     word("The", 74, 516, 90, 522), word("names", 93, 518, 119, 522), word("and", 122, 516, 136, 522),
                     word("addresses", 140, 516, 181, 522), word("of", 184, 516, 191, 522), word("parties", 194, 516, 220, 524),
                     word("to", 223, 516, 230, 522), word("custody", 264, 516, 294, 524), word("proceedings", 298, 516, 346, 524)]
        for row in 0..<rows {
            let top = 466 + 13 * Double(row)
            words.append(word("CHILD", 75, top, 101, top + 7))
        }
        return PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words), parameters: FormDetectionParameters())
    }

    @Test func aFieldBesideARowMarkerIsNamedByItsColumnsHeader() {
        #expect(proceedings(rows: 3).label(for: LayoutRect(left: 138, top: 466, right: 277, bottom: 478), allowBelow: true) == "Court CHILD")
    }

    @Test func aFieldOfTheLastRowIsNamedByItsColumnsHeaderNotByTheParagraphUnderTheList() {
        let page = proceedings(rows: 3)
        #expect(page.label(for: LayoutRect(left: 282, top: 492, right: 379, bottom: 503), allowBelow: true) == "Docket No CHILD")
    }

    @Test func twoRowsMarkedAlikeAreNoList() {
        #expect(proceedings(rows: 2).label(for: LayoutRect(left: 138, top: 466, right: 277, bottom: 478), allowBelow: true) == "CHILD")
    }

    @Test func aCaptionCentredUnderItsLineStillNamesIt() {
        let words = [word("Signature", 400, 520, 440, 527)]
        let page = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words), parameters: FormDetectionParameters())
        #expect(page.label(for: LayoutRect(left: 360, top: 500, right: 500, bottom: 515), allowBelow: true) == "Signature")
    }

    @Test func custodyAffidavitsProceedingsAreNamedByTheirColumns() throws {
        // Massachusetts 209A custody affidavit page 1, section 7: rows marked "CHILD" under
        // "Letter of Child | Court | Docket No. | Status".
        let page = try FormsCorpusPage(large: "ma_209a_custody_affidavit")
        let fields = FieldAssembler().fields(from: try page.primitives()).filter { $0.kind == .text }
        let court = fields.filter { $0.rect.left >= 130 && $0.rect.left <= 145 && $0.rect.top >= 460 && $0.rect.bottom <= 506 }
        #expect(court.count >= 2)
        #expect(court.allSatisfy { $0.label.contains("Court") })
    }
}
