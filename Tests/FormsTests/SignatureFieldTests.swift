import Testing
@testable import Forms

/// A writing area is a signature field only where a signature caption is printed at it.
@Suite struct SignatureFieldTests {
    private func word(_ text: String, _ left: Double, _ top: Double) -> LayoutWord {
        LayoutWord(text: text, rect: LayoutRect(left: left, top: top, right: left + 6 * Double(text.count), bottom: top + 8))
    }

    @Test func aLineCaptionedSignatureIsASignatureField() {
        let line = Rule(orientation: .horizontal, position: 400, start: 150, end: 350, thickness: 0.7)
        let page = LayoutPrimitives(page: 0, width: 612, height: 792, rules: [line],
                                    words: [word("Buyer's", 40, 391), word("Signature:", 86, 391)])
        #expect(FieldAssembler().fields(from: page).map(\.kind) == [.signature])
    }

    @Test func aSentenceMentioningTheSignatoryIsNoSignatureCaption() {
        #expect(FieldKindHints.isSignature("Firma del solicitante"))
        #expect(!FieldKindHints.isSignature("VOLET 2 à conserver à titre d'information par le signataire"))
    }

    @Test func aSignatureLabelReachedFromAfarMakesATextField() {
        // The caption "Signature" is printed over a box 100 pt higher up; the box below it was
        // labelled from it for want of a nearer phrase.
        let layout = PageLayout(LayoutPrimitives(page: 0, width: 612, height: 792, words: [word("Signature", 400, 300)]),
                                parameters: FormDetectionParameters())
        let near = layout.field(LayoutRect(left: 380, top: 310, right: 560, bottom: 340), .signature, label: "Signature", confidence: 0.8)
        let far = layout.field(LayoutRect(left: 380, top: 410, right: 560, bottom: 428), .signature, label: "Signature", confidence: 0.8)
        #expect(layout.settledSignatures([near, far]).map(\.kind) == [.signature, .text])
    }
}
