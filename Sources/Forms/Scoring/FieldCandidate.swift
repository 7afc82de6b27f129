/// A field the detector proposes before the learned scorer decides whether to keep it: the
/// field as an assembler made it, which pass proposed it, and its features.
public struct FieldCandidate: Sendable, Equatable {
    /// The proposed field.
    public var field: FormField
    /// Whether the shipped thresholds (`FormDetectionParameters`) made it; otherwise the
    /// looser thresholds or the geometry proposals did.
    public var fromShippedPass: Bool
    /// Whether only the geometry proposals (every rule piece, every small box's free part) made it.
    public var fromGeometry: Bool
    /// Its features, in the order of `FieldFeatures.names`.
    public var features: [Double]

    /// Creates a candidate.
    public init(field: FormField, fromShippedPass: Bool, fromGeometry: Bool = false, features: [Double] = []) {
        self.field = field
        self.fromShippedPass = fromShippedPass
        self.fromGeometry = fromGeometry
        self.features = features
    }
}

/// Proposes candidates with high recall: the assembler with the shipped thresholds, then again
/// with looser ones (`proposalParameters`), then the geometry proposals (`PageLayout+Proposals`);
/// each adds the fields no earlier candidate already covers. The second pass finds what the hand-set limits cut off on forms they were not set on
/// (writing areas lower or narrower than the dev forms', heavier writing lines, shorter combs,
/// boxes whose label leaves little room below); most of what it adds is wrong, which is what the
/// scorer is for.
public struct FieldProposer: Sendable {
    /// The shipped thresholds.
    public var parameters: FormDetectionParameters
    /// The looser thresholds of the second pass.
    public var proposalParameters: FormDetectionParameters
    /// A second-pass field overlapping a shipped one by this IoU or more is the same field.
    static let sameFieldIoU = 0.5

    /// Creates a proposer; the looser thresholds default to `loosened(parameters)`.
    public init(parameters: FormDetectionParameters = FormDetectionParameters(),
                proposalParameters: FormDetectionParameters? = nil) {
        self.parameters = parameters
        self.proposalParameters = proposalParameters ?? FieldProposer.loosened(parameters)
    }

    /// The thresholds of the second pass: each limit of the assembler that decides whether a
    /// drawn shape is a field at all, relaxed by about half its margin. Each names the miss it
    /// lets through on the large corpus (the scorer then judges them).
    public static func loosened(_ p: FormDetectionParameters) -> FormDetectionParameters {
        var l = p
        // Low rows of dense tax tables and court forms (8–10 pt tall cells).
        l.minTextFieldHeight = 0.7 * p.minTextFieldHeight
        // Short answer boxes (a state code, a percentage, a year) narrower than a short word.
        l.minTextFieldWidth = 0.5 * p.minTextFieldWidth
        // Writing lines drawn heavier than a hairline (state forms print 1.5–2.5 pt rules).
        l.maxUnderlineThickness = p.maxRuleThickness
        // Boxes with the label at the top and only a line's height left under it.
        l.minFreeHeightBelowLabel = 0.6 * p.minFreeHeightBelowLabel
        // Combs of three cells and taller or wider character cells.
        l.minCombCellRun = max(3, p.minCombCellRun - 1)
        l.minCombCells = max(3, p.minCombCells - 1)
        l.maxCombCellHeight = 1.25 * p.maxCombCellHeight
        l.maxCombCellAspect = 1.3 * p.maxCombCellAspect
        return l
    }

    /// The page's candidates: the shipped pass's fields first, then the second pass's new ones,
    /// each with its features.
    public func candidates(from primitives: LayoutPrimitives) -> [FieldCandidate] {
        let shipped = FieldAssembler(parameters: parameters).fields(from: primitives)
        let loose = FieldAssembler(parameters: proposalParameters).fields(from: primitives)
        let page = PageLayout(primitives, parameters: parameters)
        var all = shipped.map { FieldCandidate(field: $0, fromShippedPass: true) }
        for f in loose where !all.contains(where: { $0.field.rect.iou(f.rect) >= Self.sameFieldIoU }) {
            all.append(FieldCandidate(field: f, fromShippedPass: false))
        }
        for f in page.outsideReservedRegions(page.geometryProposals()) where !all.contains(where: { $0.field.rect.iou(f.rect) >= Self.sameFieldIoU }) {
            all.append(FieldCandidate(field: f, fromShippedPass: false, fromGeometry: true))
        }
        let features = FieldFeatures(page, candidates: all)
        return all.enumerated().map { i, c in
            var c = c
            c.features = features.vector(of: i)
            return c
        }
    }
}
