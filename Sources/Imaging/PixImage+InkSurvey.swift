import CLeptonica

/// What one cheap look at a page's ink found: the marks the size of characters, measured on
/// the page reduced to about 100 dpi (`PixImage.surveyInk`).
public struct InkSurvey: Sendable, Equatable {
    /// No mark is the size of a character: scanner speckle is too small to count and
    /// photographs or black borders are larger than any glyph.
    public var isBlank: Bool
    /// The page's x-height in the image's own pixels: the median height of its character-sized
    /// marks (lower-case letters without ascenders are the commonest marks of any text in a
    /// Latin script), nil when there are too few marks for the median to mean anything.
    public var xHeight: Double?

    /// Creates a survey.
    public init(isBlank: Bool, xHeight: Double?) {
        self.isBlank = isBlank
        self.xHeight = xHeight
    }
}

extension PixImage {
    /// Surveys the image's ink: it is reduced to about 100 dpi and thresholded, and the
    /// connected components the size of a character are kept (see `InkSurvey`).
    /// - Parameter dpi: the image's resolution.
    public func surveyInk(dpi: Int) throws -> InkSurvey {
        let (gray, factor) = try grayReduced(toAtMost: Self.surveyResolution, from: dpi)
        let binary = try gray.withPix { try PixImage(pixThresholdToBinary($0, 128), or: "thresholding failed") }
        let effective = Double(dpi) * factor
        let heights = binary.characterSizedMarks(dpi: effective).map(\.height)
        guard heights.count >= Self.marksForXHeight else { return InkSurvey(isBlank: heights.isEmpty, xHeight: nil) }
        // Reduced pixels back to the image's own (the reduction scaled both axes alike).
        return InkSurvey(isBlank: false, xHeight: Self.groupedMedian(heights) / factor)
    }

    /// An 8-bit gray copy at `resolution` when the image (at `dpi`) is finer, with the factor
    /// it was reduced by (1 when it was not): averaged by area, a bilevel image through
    /// Leptonica's scale-to-gray, so thin strokes stay visible as gray. What the page checks
    /// that look at marks the size of a letter (`surveyInk`, `looksLikeBlankBack`) read.
    func grayReduced(toAtMost resolution: Double, from dpi: Int) throws -> (image: PixImage, factor: Double) {
        let factor = Double(dpi) > resolution ? resolution / Double(dpi) : 1
        guard factor < 1 else { return (try gray8(), 1) }
        let reduced = try withPix { pix in
            depth == 1 ? try PixImage(pixScaleToGray(pix, Float(factor)), or: "reduction failed")
                : try PixImage(pixScaleAreaMap(pix, Float(factor), Float(factor)), or: "reduction failed")
        }
        return (try reduced.gray8(), factor)
    }

    /// Whether the image holds nothing that could be text (see `InkSurvey.isBlank`).
    /// - Parameter dpi: the image's resolution.
    public func looksBlank(dpi: Int) throws -> Bool {
        try surveyInk(dpi: dpi).isBlank
    }

    /// The resolution the survey looks at: marks of 6 pt text are still several pixels tall,
    /// and a letter page is under a million pixels, so the components cost little.
    static let surveyResolution = 100.0

    /// Fewer character-sized marks than about one line of text give no x-height: the median
    /// of a few marks is as likely a capital, a digit or a bit of a picture.
    static let marksForXHeight = 40

    /// The median of whole-pixel heights read as a continuous measure: within the median's
    /// pixel (taken to span ±0.5) the marks are spread evenly, so a page whose marks are
    /// mostly 7 but many 8 tall reads about 7.3, not 7. At 100 dpi one pixel is a tenth of
    /// a 10 pt letter's x-height, too coarse to choose a scale from.
    static func groupedMedian(_ values: [Int32]) -> Double {
        let sorted = values.sorted()
        let median = sorted[sorted.count / 2]
        let below = Double(sorted.prefix(while: { $0 < median }).count)
        let within = Double(sorted.filter { $0 == median }.count)
        let half = Double(sorted.count) / 2
        return Double(median) - 0.5 + (half - below) / within
    }
}
