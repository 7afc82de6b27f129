import Foundation

/// The features the learned scorer reads for each candidate, computed from the page's
/// primitives and the other candidates: size and shape, the rules along its edges, print inside
/// it, its label, and how it lines up with its neighbours. The training script
/// (`bench/forms/train.py`) reads these same numbers from the forms-detect harness's dump, so
/// training and inference share this one definition.
///
/// Lengths are in points; counts enter as `log(1 + n)` and lengths as logs, so one weight serves
/// small and large forms alike.
struct FieldFeatures {
    /// The features' names, in vector order (the model file lists them too; a test keeps both equal).
    static let names = [
        "bias_one", "shipped_pass", "geometry_proposal", "confidence",
        "kind_text", "kind_multiline", "kind_comb", "kind_checkbox", "kind_radio", "kind_signature",
        "log_width", "log_height", "log_aspect", "page_area_share",
        "rule_bottom", "rule_top", "rule_left", "rule_right", "bottom_rule_thickness", "box_iou",
        "words_inside", "word_cover_inside", "marks_inside",
        "label_empty", "label_words", "label_letter_share", "label_is_number", "label_is_date", "label_gap_left", "label_gap_above",
        "row_mates", "same_height_row", "column_mates", "same_size_mates", "overlap_other", "page_candidates",
        "comb_cells", "has_export_value",
        "height_vs_page", "label_shared",
    ]

    /// A rule lies along an edge when its centre line is within this distance (points): a widget
    /// is drawn on or just inside the printed line.
    static let edgeTolerance = 3.0
    /// Neighbours share a row (a column) when their centres (left edges) are this close.
    static let alignmentTolerance = 3.0
    /// Label gaps are capped here (points): beyond it, no label is as good as a far one.
    static let maxLabelGap = 100.0

    let page: PageLayout
    let candidates: [FieldCandidate]

    /// The median height of the shipped pass's text-like fields on the page (a writing line's
    /// height on this form), or a common line height when it made none.
    let typicalHeight: Double

    init(_ page: PageLayout, candidates: [FieldCandidate]) {
        self.page = page
        self.candidates = candidates
        let heights = candidates.filter { $0.fromShippedPass && [.text, .comb, .signature].contains($0.field.kind) }
            .map(\.field.rect.height).sorted()
        typicalHeight = heights.isEmpty ? Self.commonLineHeight : max(1, heights[heights.count / 2])
    }

    /// A writing line's height on forms in general (the large corpus's median text widget is 12–14 pt).
    static let commonLineHeight = 13.0

    /// The feature vector of candidate `index`.
    func vector(of index: Int) -> [Double] {
        let c = candidates[index]
        let f = c.field, r = f.rect
        let w = max(r.width, 0.5), h = max(r.height, 0.5)
        let kinds: [FieldKind] = [.text, .multiline, .comb, .checkbox, .radio, .signature]
        let inside = page.words(inside: r)
        let wordArea = inside.reduce(0.0) { $0 + ($1.rect.intersection(r)?.area ?? 0) }
        let label = f.label
        let letters = label.filter(\.isLetter).count
        let others = candidates.indices.filter { $0 != index }.map { candidates[$0].field.rect }
        let rowMates = others.filter { abs($0.center.y - r.center.y) <= Self.alignmentTolerance }
        let bottomRules = page.horizontals.filter { abs($0.position - r.bottom) <= Self.edgeTolerance }
        var v: [Double] = [1, c.fromShippedPass ? 1 : 0, c.fromGeometry ? 1 : 0, f.confidence]
        v += kinds.map { f.kind == $0 ? 1 : 0 }
        v += [log(w), log(h), log(w / h), (r.area / max(page.width * page.height, 1)).squareRoot()]
        v += [coverage(bottomRules, along: r.left, r.right),
              coverage(page.horizontals.filter { abs($0.position - r.top) <= Self.edgeTolerance }, along: r.left, r.right),
              coverage(page.verticals.filter { abs($0.position - r.left) <= Self.edgeTolerance }, along: r.top, r.bottom),
              coverage(page.verticals.filter { abs($0.position - r.right) <= Self.edgeTolerance }, along: r.top, r.bottom),
              bottomRules.map(\.thickness).max() ?? 0,
              page.boxes.map { $0.iou(r) }.max() ?? 0]
        v += [log1p(Double(inside.count)), min(1, wordArea / (w * h)), log1p(Double(page.marks(inside: r).count))]
        v += [label.isEmpty ? 1 : 0, log1p(Double(label.split(separator: " ").count)),
              label.isEmpty ? 0 : Double(letters) / Double(label.count),
              !label.isEmpty && letters == 0 ? 1 : 0, f.isDate ? 1 : 0,
              labelGapLeft(r) / Self.maxLabelGap, labelGapAbove(r) / Self.maxLabelGap]
        v += [log1p(Double(rowMates.count)),
              log1p(Double(rowMates.filter { abs($0.height - r.height) <= 1 }.count)),
              log1p(Double(others.filter { abs($0.left - r.left) <= Self.alignmentTolerance }.count)),
              log1p(Double(others.filter { abs($0.width - r.width) <= 2 && abs($0.height - r.height) <= 1 }.count)),
              others.map { $0.iou(r) }.max() ?? 0,
              log1p(Double(candidates.count))]
        v += [log1p(Double(f.maxLength ?? 0)), f.exportValue == nil ? 0 : 1]
        v += [log(h / typicalHeight),
              label.isEmpty ? 0 : log1p(Double(candidates.indices.filter { $0 != index && candidates[$0].field.label == label }.count))]
        return v
    }

    /// The share of `start...end` the rules cover (overlaps counted once).
    private func coverage(_ rules: [Rule], along start: Double, _ end: Double) -> Double {
        guard end > start else { return 0 }
        var covered = 0.0, cursor = start
        for rule in rules.sorted(by: { $0.start < $1.start }) where rule.end > cursor {
            covered += max(0, min(rule.end, end) - max(rule.start, cursor))
            cursor = max(cursor, rule.end)
            if cursor >= end { break }
        }
        return covered / (end - start)
    }

    /// The gap from the nearest word on the candidate's line, left of it, to its left edge (capped).
    private func labelGapLeft(_ r: LayoutRect) -> Double {
        let gaps = page.words.filter { $0.rect.center.y >= r.top - 2 && $0.rect.center.y <= r.bottom + 2 && $0.rect.right <= r.left + 2 }
            .map { r.left - $0.rect.right }
        return min(Self.maxLabelGap, max(0, gaps.min() ?? Self.maxLabelGap))
    }

    /// The gap from the nearest word above the candidate, overlapping its extent, to its top (capped).
    private func labelGapAbove(_ r: LayoutRect) -> Double {
        let gaps = page.words.filter { $0.rect.bottom <= r.top + 2 && $0.rect.right > r.left && $0.rect.left < r.right }
            .map { r.top - $0.rect.bottom }
        return min(Self.maxLabelGap, max(0, gaps.min() ?? Self.maxLabelGap))
    }
}
