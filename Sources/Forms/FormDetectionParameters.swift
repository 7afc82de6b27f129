import Foundation

/// Every tuned threshold of the form-field detector, in points unless named otherwise.
///
/// The values shipped in `Models/forms/parameters.json` were tuned on the forms benchmark
/// (`../shared/bench/forms`); `Models/forms/README.md` says how. Keys missing from a file keep
/// their defaults, so a file may override only what it cares about.
public struct FormDetectionParameters: Codable, Sendable, Equatable {
    // MARK: Raster primitives

    /// Gray level (0...255) below which a pixel counts as ink.
    public var inkThreshold: Double = 170
    /// Gray level (0...255, after a 3 × 3 average) below which a pixel is tint or ink: what
    /// closes in white fields on coloured bands.
    public var tintThreshold: Double = 232
    /// Shortest horizontal rule (underline, box edge).
    public var minHorizontalRule: Double = 14
    /// Shortest vertical rule (box edge, comb tick).
    public var minVerticalRule: Double = 7
    /// Thickest line still taken as a rule; thicker bands are filled areas.
    public var maxRuleThickness: Double = 3.2
    /// Gap bridged inside a broken or dashed rule.
    public var ruleGapBridge: Double = 1.0
    /// Thickest dot or dash of a dotted or dashed fill-in line, and its longest dash: 6 points,
    /// an underscore typed at 10 to 12 points (half an em less the glyph's side bearings: 4.5
    /// points on the Italian municipal forms of the large corpus, 1.2 points apart).
    public var maxLeaderDot: Double = 1.8
    public var maxLeaderDash: Double = 6
    /// Gap bridged between the dots of a dotted fill-in line: the gap of periods typed in
    /// text up to 14 points or of an ellipsis ("……", 2.2–2.5 points at 12 points), well under
    /// the 10 points between the dots of the spaced leaders that lead to an answer box.
    public var leaderGapBridge: Double = 3.5
    /// Smallest and largest side of a check box or radio button.
    public var minButtonSide: Double = 5, maxButtonSide: Double = 20
    /// Most a button's width and height may differ, as a fraction of the larger.
    public var maxButtonAspectDeviation: Double = 0.25
    /// Most of an oval's width and height may differ (radio ovals are wider than tall; a tax
    /// form's "fill in the oval" is about twice as wide as tall).
    public var maxOvalAspectDeviation: Double = 0.6
    /// Gray level (0...255) below which a pixel counts as a button's outline: lighter than
    /// `inkThreshold`, as thin anti-aliased circles are drawn in grays a rule's threshold breaks.
    public var buttonInkThreshold: Double = 200
    /// Gray level (0...255) below which a pixel counts as the outline of an inset (bevelled)
    /// check box: the border style form tools draw dark gray on the upper and left sides and
    /// light gray (75 %, 208 at 8 bits) on the lower and right ones, which `buttonInkThreshold`
    /// breaks. Only squares dark on their upper and left sides and pale on the others are taken
    /// at this level: a tint is pale all round. 16 levels over the pale sides' 208: a scan's
    /// noise lightens them (the mild noise of the large corpus lifts 12 % of their pixels above
    /// 216, 4 % above 224), while white paper stays lighter (0.04 % of its pixels at 224 or less).
    public var bevelInkThreshold: Double = 224
    /// Thickest outline of a check box or radio button; darker ink running on further out from
    /// most sides of a hole is a solid area (a logo) with a white square cut out, not a button.
    public var maxButtonStroke: Double = 3.5
    /// Least share of its bounding box a circle's inside fills (π/4 for a perfect circle).
    public var minCircleFill: Double = 0.6
    /// Most of the middle of a square's or circle's inside (three fifths of it each way) that
    /// may be inked: a button is printed empty.
    public var maxButtonFill: Double = 0.11
    /// Smallest box (either side) kept as a box or table cell.
    public var minBoxSide: Double = 5
    /// Largest skew (degrees) corrected before rules are measured.
    public var maxSkewDegrees: Double = 4

    // MARK: Field assembly

    /// Height of the writing space above an underline (a signature's field; the space searched
    /// for print that would lower it).
    public var underlineFieldHeight: Double = 19
    /// Height of a typed text field on an underline: one line of 10 to 12 point type. On
    /// forms-large the underlined text widgets are 10.8–14.5 points tall (quartiles, 1,344
    /// widgets, median 12.5); the 15 original forms' 18–20.
    public var underlineTypedFieldHeight: Double = 15
    /// Highest box height still a single-line text field; taller boxes are multi-line.
    public var maxSingleLineHeight: Double = 30
    /// Lowest text field worth writing in (lower slivers are gaps between rules or boxes).
    public var minTextFieldHeight: Double = 10
    /// Smallest width of a text field.
    public var minTextFieldWidth: Double = 24
    /// Lowest share of a box's height left free below a label inside it for the box to be a field.
    public var minFreeHeightBelowLabel: Double = 12
    /// How far (points) to the left of a field a label may be.
    public var labelSearchLeft: Double = 160
    /// How far (points) left of a field its row's description may be, across walls, leaders and
    /// a line-number cell: tax and financial forms print the description at the left margin and
    /// the amount column at the right (about 300 to 400 points apart on a Letter page).
    public var rowLabelSearchLeft: Double = 400
    /// How far above a field a label may be.
    public var labelSearchAbove: Double = 22
    /// Most a word may overlap an underline's field area and the underline still count as empty.
    public var maxWordOverlapInField: Double = 0.3
    /// Thickest rule still a writing line: fill-in lines are hairlines, thicker strokes are
    /// section dividers and decorative borders with nothing to write above them.
    public var maxUnderlineThickness: Double = 1.3
    /// Comb: least cells in a run of touching cells (shorter runs are separate boxes).
    public var minCombCellRun: Int = 4
    /// Comb: least cells between ticks on a baseline, and most spread of cell widths (fraction of the mean).
    public var minCombCells: Int = 4
    public var maxCombWidthSpread: Double = 0.2
    /// Comb: tallest cell, and widest cell as a multiple of its height.
    public var maxCombCellHeight: Double = 26
    public var maxCombCellAspect: Double = 1.15
    /// Comb: a cell at most this wide is a character cell whatever its height.
    public var maxCombCellWidth: Double = 16
    /// Comb: the widest gap, as a share of a cell's width, holding a separator printed between
    /// groups of digits of one comb ("□□/□□"): a slash or hyphen is narrower than a digit's
    /// cell; separate combs stand further apart.
    public var maxCombSeparatorGap: Double = 0.75
    /// Whether a box holding a label on its left gives the rest of its width as a field.
    public var fieldRightOfLabelInBox: Double = 1
    /// Two buttons closer than this (points) on one row with a shared question form a radio group.
    public var radioGroupGap: Double = 120
    /// A button's widget over its drawn square or circle, as a multiple of its size: authors
    /// draw widgets on the printed box or a little larger, seldom smaller.
    public var buttonWidgetScale: Double = 1.1
    /// A page prints its check boxes as text glyphs ("☐ Option") when its buttons are, by the
    /// median, smaller than this share of their labels' word height: a box drawn for a pen is
    /// at least as tall as its label's letters (large corpus: glyph pages 0.58–0.85, pages of
    /// drawn boxes 0.92 and up; the value sits in that gap, it is not fitted).
    public var glyphButtonMaxRatio: Double = 0.88
    /// The widget over a box glyph, as a multiple of the page's median word height: the glyph's
    /// line of text (a 1.2 em leading over a median word box of about 0.8 em).
    public var glyphButtonLineScale: Double = 1.5

    /// The built-in defaults.
    public init() {}

    /// Reads parameters from a JSON file; keys it leaves out keep their defaults.
    /// - Throws: `FormsError` (`.badReview`: like a review file, a person-edited JSON file) when
    ///   the file cannot be read or is not a JSON object of numbers.
    public static func load(from url: URL) throws -> FormDetectionParameters {
        guard let data = try? Data(contentsOf: url) else {
            throw FormsError(.badReview, "the form detector's parameters cannot be read from \(url.path)")
        }
        return try decode(data, source: url.path)
    }

    /// Parameters from JSON bytes, laid over the defaults (keys left out keep them).
    static func decode(_ data: Data, source: String) throws -> FormDetectionParameters {
        let invalid = FormsError(.badReview, "the form detector's parameters in \(source) are not a JSON object of numbers; fix or remove the file")
        guard let overrides = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let defaults = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(FormDetectionParameters())) as? [String: Any]
        else { throw invalid }
        var merged = defaults
        for (key, value) in overrides where defaults[key] != nil {
            guard value is NSNumber else { throw invalid }
            merged[key] = value
        }
        guard let bytes = try? JSONSerialization.data(withJSONObject: merged),
              let parameters = try? JSONDecoder().decode(FormDetectionParameters.self, from: bytes)
        else { throw invalid }
        return parameters
    }
}
