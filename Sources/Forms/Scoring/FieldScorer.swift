import Foundation

/// A learned keep-or-drop decision over proposed fields: logistic regression on
/// `FieldFeatures`, standardized with the training set's means and scales. Trained offline by
/// `bench/forms/train.py` (`make train-forms`) on the large forms corpus; the weights ship in
/// `Models/forms/field-scorer.json` and, compiled in, in `FieldScorerModel.shipped`.
public struct FieldScorerModel: Codable, Sendable, Equatable {
    /// The feature names, in order (must equal `FieldFeatures.names`).
    public var features: [String]
    /// Per-feature mean and scale of the training set: a feature enters as `(x - mean) / scale`.
    public var mean: [Double], scale: [Double]
    /// Per-feature weights and the intercept.
    public var weights: [Double], bias: Double
    /// Least probability a candidate needs to be kept.
    public var threshold: Double
    /// Whether `legible forms` uses the scorer unless told otherwise (kept on only when it was
    /// measured to help on the whole large corpus and on the 15 original forms).
    public var onByDefault: Bool

    /// Creates a model.
    public init(features: [String], mean: [Double], scale: [Double], weights: [Double], bias: Double,
                threshold: Double, onByDefault: Bool) {
        self.features = features
        self.mean = mean
        self.scale = scale
        self.weights = weights
        self.bias = bias
        self.threshold = threshold
        self.onByDefault = onByDefault
    }

    /// The model's probability that a candidate with these features is a true field.
    public func probability(_ x: [Double]) -> Double {
        var z = bias
        for i in 0..<min(x.count, weights.count) {
            z += weights[i] * (x[i] - mean[i]) / (scale[i] == 0 ? 1 : scale[i])
        }
        return 1 / (1 + exp(-z))
    }
}

/// Keeps the candidates the model believes in, and of candidates covering one place the one it
/// believes in most.
public struct FieldScorer: Sendable {
    /// The model in use.
    public var model: FieldScorerModel
    /// Two kept candidates overlapping this much (IoU) are one field: the less likely one goes.
    static let duplicateIoU = 0.5

    /// Creates a scorer (the shipped model when left out).
    public init(model: FieldScorerModel = .shipped) {
        self.model = model
    }

    /// The kept fields, their confidence set to the model's probability, in reading order.
    public func keep(_ candidates: [FieldCandidate]) -> [FormField] {
        let scored = candidates.map { c -> FormField in
            var f = c.field
            f.confidence = model.probability(c.features)
            return f
        }
        var kept: [FormField] = []
        for f in scored.filter({ $0.confidence >= model.threshold }).sorted(by: { $0.confidence > $1.confidence })
        where !kept.contains(where: { $0.page == f.page && $0.rect.iou(f.rect) >= Self.duplicateIoU }) {
            kept.append(f)
        }
        return FieldAssembler.readingOrder(kept)
    }
}

/// The detector's field step with the learned scorer in it: without a scorer, the assembler's
/// fields as they are; with one, the proposer's candidates filtered by it.
public struct ScoredFieldAssembler: Sendable {
    /// Candidates and the shipped pass.
    public var proposer: FieldProposer
    /// The scorer, or nil for the shipped assembler alone.
    public var scorer: FieldScorer?

    /// Creates the step; `scorer` defaults to the shipped model when its manifest turns it on.
    public init(parameters: FormDetectionParameters = FormDetectionParameters(),
                scorer: FieldScorer? = FieldScorerModel.shipped.onByDefault ? FieldScorer() : nil) {
        proposer = FieldProposer(parameters: parameters)
        self.scorer = scorer
    }

    /// The fields of one page, in reading order.
    public func fields(from primitives: LayoutPrimitives) -> [FormField] {
        guard let scorer else { return FieldAssembler(parameters: proposer.parameters).fields(from: primitives) }
        return scorer.keep(proposer.candidates(from: primitives))
    }
}
