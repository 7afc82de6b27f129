import Foundation

/// A learned keep-or-drop decision over proposed fields: small gradient-boosted trees on
/// `FieldFeatures` (the logistic loss: the trees' leaves add up to log-odds). Trained offline by
/// `bench/forms/train.py` (`make train-forms`) on the large forms corpus; the model ships in
/// `Models/forms/field-scorer.json` and, compiled in, in `FieldScorerModel.shipped`.
public struct FieldScorerModel: Codable, Sendable, Equatable {
    /// One regression tree, its nodes in arrays: node `i` is a leaf when `feature[i] < 0` (its
    /// value is `value[i]`), else it sends `x[feature[i]] <= threshold[i]` to `left[i]` and the
    /// rest to `right[i]`. Node 0 is the root.
    public struct Tree: Codable, Sendable, Equatable {
        public var feature: [Int], threshold: [Double], left: [Int], right: [Int], value: [Double]

        /// Creates a tree from its node arrays.
        public init(feature: [Int], threshold: [Double], left: [Int], right: [Int], value: [Double]) {
            self.feature = feature
            self.threshold = threshold
            self.left = left
            self.right = right
            self.value = value
        }

        /// The leaf value `x` reaches (0 for a malformed tree rather than a crash).
        func leaf(_ x: [Double]) -> Double {
            var node = 0
            // A tree of n nodes is at most n deep: the bound keeps a damaged model from looping.
            for _ in 0..<feature.count {
                guard node >= 0, node < feature.count else { return 0 }
                let f = feature[node]
                if f < 0 { return value[node] }
                guard f < x.count else { return 0 }
                node = x[f] <= threshold[node] ? left[node] : right[node]
            }
            return 0
        }
    }

    /// The feature names, in order (must equal `FieldFeatures.names`).
    public var features: [String]
    /// The log-odds every candidate starts from (the training set's share of true fields).
    public var base: Double
    /// Least probability a candidate of the shipped pass needs to be kept.
    public var threshold: Double
    /// Least probability a candidate only the looser pass or the geometry proposals made needs.
    public var addedThreshold: Double
    /// Whether `legible forms` uses the scorer unless told otherwise (kept on only when it was
    /// measured to help on the whole large corpus and on the 15 original forms).
    public var onByDefault: Bool
    /// The trees, summed.
    public var trees: [Tree]

    /// Creates a model.
    public init(features: [String], base: Double, threshold: Double, addedThreshold: Double, onByDefault: Bool, trees: [Tree]) {
        self.features = features
        self.base = base
        self.threshold = threshold
        self.addedThreshold = addedThreshold
        self.onByDefault = onByDefault
        self.trees = trees
    }

    /// The model's probability that a candidate with these features is a true field.
    public func probability(_ x: [Double]) -> Double {
        let z = trees.reduce(base) { $0 + $1.leaf(x) }
        return 1 / (1 + exp(-z))
    }

    /// The probability a candidate needs to be kept.
    func threshold(for candidate: FieldCandidate) -> Double {
        candidate.fromShippedPass ? threshold : addedThreshold
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
        let scored = candidates.compactMap { c -> FormField? in
            var f = c.field
            f.confidence = model.probability(c.features)
            return f.confidence >= model.threshold(for: c) ? f : nil
        }
        var kept: [FormField] = []
        for f in scored.sorted(by: { $0.confidence > $1.confidence })
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
