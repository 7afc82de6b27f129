import Foundation
import Testing
import TestSupport
@testable import Forms

/// The learned field scorer (issue 15): its shipped weights are the ones `Models/forms` documents,
/// and on a real page they are loaded and decide which candidates become fields.
@Suite("Learned field scorer")
struct FieldScorerTests {
    @Test("the compiled-in model equals Models/forms/field-scorer.json and reads FieldFeatures' features")
    func shippedModelMatchesItsManifest() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Models/forms/field-scorer.json")
        let fromFile = try JSONDecoder().decode(FieldScorerModel.self, from: Data(contentsOf: url))
        #expect(fromFile == FieldScorerModel.shipped)
        #expect(FieldScorerModel.shipped.features == FieldFeatures.names)
        // A trained model: trees that split on the features.
        #expect(!FieldScorerModel.shipped.trees.isEmpty)
        #expect(FieldScorerModel.shipped.trees.allSatisfy { $0.feature.allSatisfy { $0 < FieldFeatures.names.count } })
    }

    @Test("on a real page the shipped weights score every candidate and keep exactly the likely ones")
    func shippedWeightsDecideOnARealPage() throws {
        let page = try FormsCorpusPage("pa_schd")
        let primitives = try page.primitives()
        let proposer = FieldProposer()
        let candidates = proposer.candidates(from: primitives)
        #expect(candidates.contains { $0.fromShippedPass } && candidates.allSatisfy { $0.features.count == FieldFeatures.names.count })
        let model = FieldScorerModel.shipped
        let probabilities = candidates.map { model.probability($0.features) }
        // The weights are used: the candidates get different probabilities, on both sides of the threshold.
        #expect(Set(probabilities.map { ($0 * 1000).rounded() }).count > 3)
        let kept = FieldScorer().keep(candidates)
        #expect(!kept.isEmpty && kept.count <= candidates.count)
        #expect(kept.allSatisfy { $0.confidence >= min(model.threshold, model.addedThreshold) })
        // Every candidate at or over its threshold is kept unless a likelier one covers it.
        for (c, p) in zip(candidates, probabilities) where p >= model.threshold(for: c) {
            #expect(kept.contains { $0.rect.iou(c.field.rect) >= FieldScorer.duplicateIoU })
        }
        // And the page's fields are still found: most visible truth widgets matched.
        let recall = FormsCorpusPage.recall(page.truth.map(\.rect), kept.map(\.rect))
        #expect(recall >= 0.8, "recall \(recall) on pa_schd page 1 with the scorer")
        // The step that the pipeline calls gives the same fields.
        #expect(ScoredFieldAssembler(scorer: FieldScorer()).fields(from: primitives) == kept)
    }

    @Test("without a scorer the step is the shipped assembler, unchanged")
    func withoutScorerTheAssemblerIsUnchanged() throws {
        let primitives = try FormsCorpusPage("pa_schd").primitives()
        #expect(ScoredFieldAssembler(scorer: nil).fields(from: primitives) == FieldAssembler().fields(from: primitives))
    }
}
