import Imaging

/// Finds a scanned page's layout primitives — rules, boxes and table cells, check-box squares,
/// radio circles and other marks — with Leptonica's morphology and connected components.
///
/// `primitives(of:…)` makes blocking Leptonica calls and takes tens of milliseconds a page:
/// run it on a thread of its own (the pipeline's detect-forms stage runs it on its dedicated
/// executor), never on Swift's cooperative pool.
public struct RasterPrimitiveFinder: Sendable {
    /// The thresholds in use.
    public var parameters: FormDetectionParameters

    /// Creates a finder with the given thresholds (the built-in defaults when left out).
    public init(parameters: FormDetectionParameters = FormDetectionParameters()) {
        self.parameters = parameters
    }

    /// The primitives of one page raster.
    /// - Parameters:
    ///   - image: the page as displayed (rotation applied), any depth; its resolution is taken
    ///     as its pixel size over the page size in points, times 72.
    ///   - page: the page's index, from 0.
    ///   - pageWidth, pageHeight: the displayed page's size in points.
    ///   - words: the page's OCR words, already in layout space (they are passed through, and
    ///     let the finder tell letters from rules and boxes).
    /// - Throws: `FormsError(.unreadablePage)` when the image is empty or Leptonica fails.
    public func primitives(of image: PixImage, page: Int, pageWidth: Double, pageHeight: Double,
                           words: [LayoutWord]) throws -> LayoutPrimitives {
        try FormsError.analysingRaster {
            try findPrimitives(of: image, page: page, pageWidth: pageWidth, pageHeight: pageHeight, words: words)
        }
    }

    private func findPrimitives(of image: PixImage, page: Int, pageWidth: Double, pageHeight: Double,
                                words: [LayoutWord]) throws -> LayoutPrimitives {
        guard image.width > 8, image.height > 8, pageWidth > 1, pageHeight > 1 else {
            throw FormsError(.unreadablePage, "the page image is too small to look for form fields", page: page)
        }
        guard image.width <= 20_000, image.height <= 20_000 else {
            throw FormsError(.unreadablePage, "the page image is too large to look for form fields", page: page)
        }
        let gray = try image.gray8()
        var ink = try gray.inkMask(threshold: Int(parameters.inkThreshold))
        // Ink and tint: fields printed as white boxes on a tinted band have no outline of ink.
        var shaded = try gray.smoothed().inkMask(threshold: Int(parameters.tintThreshold)).union(ink)
        // Buttons' outlines at a lighter threshold: thin anti-aliased circles break up at the rules' one.
        var outline = try gray.inkMask(threshold: Int(parameters.buttonInkThreshold))
        // Inset (bevelled) buttons' pale lower-right edges, lighter still.
        var bevel = try gray.inkMask(threshold: Int(parameters.bevelInkThreshold))
        let frame = PixelFrame(imageWidth: image.width, imageHeight: image.height,
                               pageWidth: pageWidth, pageHeight: pageHeight)
        var geometry = frame
        let skew = ink.skewDegrees()
        if abs(skew) >= 0.2 && abs(skew) <= parameters.maxSkewDegrees {
            ink = try ink.rotated(degrees: skew)
            shaded = try shaded.rotated(degrees: skew)
            outline = try outline.rotated(degrees: skew)
            bevel = try bevel.rotated(degrees: skew)
            geometry.skewDegrees = skew
        }
        let scan = RasterScan(ink: ink, shaded: shaded, frame: geometry, parameters: parameters, words: words)
        let rules = try scan.rules()
        let enclosures = try scan.enclosures(ruleMask: rules.mask)
        let buttons = try scan.buttons(outline: outline, bevel: bevel)
        let marks = try scan.marks(ruleMask: rules.mask, buttonOutlines: buttons.outlines + enclosures.buttonOutlines)
        // OCR's readings of dotted leaders and of comb ticks are no words of the page.
        let pageWords = scan.wordsOffTickedLines(scan.wordsOffLeaders(words, leaders: rules.leaders), lines: rules.tickedLines)
        return LayoutPrimitives(page: page, width: pageWidth, height: pageHeight, rules: rules.rules,
                                boxes: enclosures.boxes, squares: buttons.squares,
                                circles: buttons.circles, words: pageWords, marks: marks)
    }
}
