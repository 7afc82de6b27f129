import Testing
@testable import Forms

/// "Label: ____" with nothing drawn after the colon: the blank room on the label's line is
/// offered to the learned scorer as a text candidate (the assembler's rules need a drawn shape).
@Suite struct LabelRoomProposalTests: HandMadeLayout {
    @Test func theBlankAfterAColonLabelIsProposedUpToTheNextWord() {
        // "Name:" then blank room, then "Date:" then blank room to the page's margin; a label
        // without a colon and a colon label followed at once by print propose nothing.
        let words = [word("Name:", 40, 100, 70, 108), word("Date:", 300, 100, 325, 108),
                     word("Instructions", 40, 140, 100, 148),
                     word("Code:", 40, 180, 66, 188), word("A12", 70, 180, 84, 188)]
        let page = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, words: words), parameters: FormDetectionParameters())
        let proposals = page.labelRoomProposals().sorted { ($0.rect.top, $0.rect.left) < ($1.rect.top, $1.rect.left) }
        #expect(proposals.count == 2)
        guard proposals.count == 2 else { return }
        let name = proposals[0].rect, date = proposals[1].rect
        #expect(abs(name.left - (70 + PageLayout.labelRoomGap)) < 0.01 && abs(name.right - (300 - PageLayout.labelRoomClearance)) < 0.01)
        #expect(abs(name.top - (100 - PageLayout.labelRoomPad)) < 0.01 && abs(name.bottom - (108 + PageLayout.labelRoomPad)) < 0.01)
        #expect(abs(date.right - (612 - PageLayout.labelRoomPageMargin)) < 0.01)
        #expect(proposals.map(\.label) == ["Name", "Date"] && proposals.allSatisfy { $0.kind == .text })
    }

    @Test func aColumnWallEndsTheRoom() {
        let page = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, rules: [vertical(x: 200, from: 90, to: 120)],
                                               words: [word("Fixe:", 150, 100, 172, 108)]), parameters: FormDetectionParameters())
        let proposals = page.labelRoomProposals()
        #expect(proposals.count == 1 && proposals.first.map { abs($0.rect.right - 200) < 0.01 } == true)
    }

    @Test func aRealFormsUnruledAnswerAfterAColonIsProposed() throws {
        // Page 1 of the French CERFA drone declaration: answers written after "…:" with no line
        // or box drawn for them (the truth's visibility check finds no edge under the widget).
        let page = try FormsCorpusPage(large: "fr_cerfa_15476_drone")
        let primitives = try page.primitives()
        let layout = PageLayout(primitives, parameters: FormDetectionParameters())
        let proposals = layout.labelRoomProposals()
        // Every proposal is blank room: no word has its centre inside it.
        #expect(!proposals.isEmpty && proposals.allSatisfy { layout.words(inside: $0.rect).isEmpty })
        let unruled = page.truth.filter { $0.kind == "text" && $0.edges.isEmpty }.map(\.rect)
        let shipped = FieldAssembler().fields(from: primitives).map(\.rect)
        let missedByRules = unruled.filter { t in !shipped.contains { $0.iou(t) >= 0.5 } }
        let found = missedByRules.filter { t in proposals.contains { $0.rect.iou(t) >= 0.5 } }
        // measured: 1 of the page's unruled answers the assembler misses is matched (IoU >= 0.5)
        #expect(!found.isEmpty, "\(missedByRules.count) unruled answers missed by the rules, none proposed")
        // And the proposer hands them to the scorer as geometry candidates.
        let candidates = FieldProposer().candidates(from: primitives)
        #expect(found.allSatisfy { t in candidates.contains { $0.fromGeometry && $0.field.rect.iou(t) >= 0.5 } })
    }
}
