import CLeptonica

/// Where a page can be cut in two so that reading the parts one after the other gives its
/// text in the order a reading of the whole page would: at a blank gutter between two
/// columns (left part first) or at a blank band across the page that no column crosses
/// (upper part first). Two OCR engines can then read the parts at once.
public struct ReadingCut: Sendable, Equatable {
    /// Which way the cut runs.
    public enum Direction: Sendable, Equatable {
        /// Top to bottom between two columns: the left part is read first.
        case betweenColumns
        /// Across the page: the upper part is read first.
        case acrossPage
    }

    /// Which way the cut runs.
    public var direction: Direction
    /// The first pixel column (`betweenColumns`) or row (`acrossPage`) of the second part.
    public var position: Int
    /// The first row of the columns a `betweenColumns` cut parts: 0 when they run the whole
    /// page; below a band across the page (a title), which is then read with the left column.
    public var columnsTop: Int

    /// Creates a cut.
    public init(direction: Direction, position: Int, columnsTop: Int = 0) {
        self.direction = direction
        self.position = position
        self.columnsTop = direction == .betweenColumns ? columnsTop : 0
    }

    /// The two parts of a `width` × `height` image, in reading order. Under a title
    /// (`columnsTop` > 0) the first part is the whole image, read with the second part's area
    /// left blank (`images(of:)`).
    public func parts(width: Int, height: Int) -> [PixelRegion] {
        switch direction {
        case .betweenColumns where columnsTop > 0:
            return [PixelRegion(x: 0, y: 0, width: width, height: height),
                    PixelRegion(x: position, y: columnsTop, width: width - position, height: height - columnsTop)]
        case .betweenColumns:
            return [PixelRegion(x: 0, y: 0, width: position, height: height),
                    PixelRegion(x: position, y: 0, width: width - position, height: height)]
        case .acrossPage:
            return [PixelRegion(x: 0, y: 0, width: width, height: position),
                    PixelRegion(x: 0, y: position, width: width, height: height - position)]
        }
    }

    /// The images of the two parts of `image`, in reading order (see `parts(width:height:)`).
    public func images(of image: PixImage) throws -> [PixImage] {
        let regions = parts(width: image.width, height: image.height)
        let first = columnsTop > 0 ? try image.blanked(regions[1]) : try image.clipped(to: regions[0])
        return [first, try image.clipped(to: regions[1])]
    }
}

extension PixImage {
    /// A cut of the image into two parts that read in order (see `ReadingCut`), or nil when
    /// the page holds too little text to be worth two readings or no cut is safe. Columns come
    /// first: a blank gutter running the whole height of the text near the middle, or all the
    /// way down from a band across the top of the page (under a title). Otherwise the widest
    /// blank band across the page near the middle whose text just above and just below is not
    /// split by a common gutter (a cut through two columns would interleave them).
    /// Marks are judged on the image reduced to about 100 dpi, as `surveyInk` does.
    /// - Parameter dpi: the image's resolution.
    public func readingCut(dpi: Int) throws -> ReadingCut? {
        let (gray, factor) = try grayReduced(toAtMost: Self.surveyResolution, from: dpi)
        let binary = try gray.withPix { try PixImage(pixThresholdToBinary($0, 128), or: "thresholding failed") }
        let effective = Double(dpi) * factor
        // One walk over the marks serves both tests.
        let boxes = binary.markBoxes()
        guard Self.characterSized(boxes, dpi: effective).count >= ReadingCutRules.marksWorthSplitting else { return nil }
        let marks = Self.largerThanSpeckle(boxes, dpi: effective)
        let rules = ReadingCutRules(dpi: effective)
        // A page turned a quarter would be cut between its lines, and its parts read in the wrong order.
        guard rules.linesRunAcross(marks) else { return nil }
        // Positions come back at the reduced scale; the cut lies mid-gutter, far from any ink,
        // so rounding it to the image's own pixels cannot touch a mark.
        func full(_ reduced: Double, limit: Int) -> Int { min(limit - 1, max(1, Int((reduced / factor).rounded()))) }
        if let x = rules.columnGutter(of: marks, width: binary.width) {
            return ReadingCut(direction: .betweenColumns, position: full(x, limit: width))
        }
        if let (top, x) = rules.columnsUnderBand(of: marks, width: binary.width, height: binary.height) {
            return ReadingCut(direction: .betweenColumns, position: full(x, limit: width), columnsTop: full(top, limit: height))
        }
        if let y = rules.blankBand(of: marks, height: binary.height) {
            return ReadingCut(direction: .acrossPage, position: full(y, limit: height))
        }
        return nil
    }

    /// The bounding boxes of `marks` (from `markBoxes()`), leaving out scanner speckle (marks smaller
    /// than a full stop of 6 pt text both ways); pictures and rules stay, so no cut runs
    /// through them.
    static func largerThanSpeckle(_ marks: [(x: Int32, y: Int32, width: Int32, height: Int32)], dpi: Double) -> [PixelRegion] {
        let speckle = Int32((ReadingCutRules.speckleInches * dpi).rounded(.down))
        return marks.filter { $0.width > speckle || $0.height > speckle }
            .map { PixelRegion(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height)) }
    }
}

/// The rules a `ReadingCut` must pass, in the pixels of the reduced image it is judged on.
struct ReadingCutRules {
    /// At least this many character-sized marks (about ten lines of body text): a page with
    /// less is read in under a second, and a second engine's model load (0.15-0.2 s of CPU)
    /// and the parts' own layout analysis would cost more than a second core saves.
    static let marksWorthSplitting = 600
    /// Marks no larger than this both ways are speckle (a 6 pt full stop is about 0.02 in).
    static let speckleInches = 0.015
    /// A gutter between columns is at least this wide: typeset columns are 0.17-0.5 in apart,
    /// while the space between words (and most table cells) is narrower.
    static let gutterInches = 0.17
    /// A blank band across the page is at least this tall (a third of the space between two
    /// lines of 10 pt text set solid): rows under it are ink a reduction blurred away.
    static let bandInches = 0.03
    /// Cuts are looked for in the middle of the page, so that each engine gets about half:
    /// from this share of the width or height to one minus it.
    static let middleShare = 0.3
    /// Each part holds at least this share of the marks: a cut that leaves one engine a few
    /// lines saves nothing.
    static let leastShareOfMarks = 0.25
    /// The text judged just above and just below a band across the page, for a gutter common
    /// to both: about five lines of body text.
    static let neighbourhoodInches = 0.75

    let dpi: Double

    /// Whether the marks' lines run across the page: more blank bands between them across the
    /// page than down it (text turned a quarter shows the opposite, its lines standing up).
    func linesRunAcross(_ marks: [PixelRegion]) -> Bool {
        let least = Int((Self.bandInches * dpi).rounded(.up))
        guard let top = marks.map(\.y).min(), let bottom = marks.map(\.bottom).max() else { return false }
        let across = gaps(of: marks.map { ($0.y, $0.bottom) }, within: top..<bottom, atLeast: least).count
        return across > innerGaps(of: marks, atLeast: least).count
    }

    /// The middle of the widest gutter near the middle that runs the whole height of the
    /// marks, with enough marks on either side; nil when there is none.
    func columnGutter(of marks: [PixelRegion], width: Int) -> Double? {
        guard let gap = widestGap(of: marks.map { ($0.x, $0.right) }, within: middle(of: width),
                                  atLeast: Int((Self.gutterInches * dpi).rounded(.up))) else { return nil }
        let cut = Double(gap.lowerBound + gap.upperBound) / 2
        return balanced(marks.map { Double($0.x) < cut }) ? cut : nil
    }

    /// Columns under a title: the middle of the first blank band across the top of the page
    /// (above `middleShare` of its height) under which a gutter near the middle runs all the
    /// way down, and that gutter's middle, when the right column below holds its share of
    /// the marks; nil when there is none.
    func columnsUnderBand(of marks: [PixelRegion], width: Int, height: Int) -> (top: Double, x: Double)? {
        let top = 0..<Int(Double(height) * Self.middleShare)
        let bands = gaps(of: marks.map { ($0.y, $0.bottom) }, within: top, atLeast: Int((Self.bandInches * dpi).rounded(.up)))
        for band in bands.sorted(by: { $0.lowerBound < $1.lowerBound }) where band.upperBound <= top.upperBound {
            let below = marks.filter { $0.y >= band.upperBound }
            guard let gap = widestGap(of: below.map { ($0.x, $0.right) }, within: middle(of: width),
                                      atLeast: Int((Self.gutterInches * dpi).rounded(.up))) else { continue }
            let x = Double(gap.lowerBound + gap.upperBound) / 2
            // The second part is the right column; the first the title and the left column.
            let second = below.filter { Double($0.x) >= x }.count
            guard balanced(first: marks.count - second, of: marks.count) else { continue }
            return (Double(band.lowerBound + band.upperBound) / 2, x)
        }
        return nil
    }

    /// The middle of the tallest blank band near the middle across the page that is not
    /// crossed by a column gutter, with enough marks on either side; nil when there is none.
    func blankBand(of marks: [PixelRegion], height: Int) -> Double? {
        let reach = Int((Self.neighbourhoodInches * dpi).rounded())
        let bands = gaps(of: marks.map { ($0.y, $0.bottom) }, within: middle(of: height),
                         atLeast: Int((Self.bandInches * dpi).rounded(.up)))
        // Tallest first: paragraph breaks before the gaps between the lines of a paragraph.
        for band in bands.sorted(by: { $0.count > $1.count }) {
            let above = marks.filter { $0.bottom <= band.lowerBound && $0.bottom > band.lowerBound - reach }
            let below = marks.filter { $0.y >= band.upperBound && $0.y < band.upperBound + reach }
            guard !sharesGutter(above, below) else { continue }
            let cut = Double(band.lowerBound + band.upperBound) / 2
            if balanced(marks.map { Double($0.y) < cut }) { return cut }
        }
        return nil
    }

    /// Whether the text of `above` and of `below` each has a gutter inside its own width and
    /// the two overlap: columns run through the band between them.
    private func sharesGutter(_ above: [PixelRegion], _ below: [PixelRegion]) -> Bool {
        let least = Int((Self.gutterInches * dpi).rounded(.up))
        let upper = innerGaps(of: above, atLeast: least), lower = innerGaps(of: below, atLeast: least)
        return upper.contains { gap in lower.contains { $0.overlaps(gap) } }
    }

    /// The blank column ranges at least `least` wide between the leftmost and rightmost ink of `marks`.
    private func innerGaps(of marks: [PixelRegion], atLeast least: Int) -> [Range<Int>] {
        guard let left = marks.map(\.x).min(), let right = marks.map(\.right).max() else { return [] }
        return gaps(of: marks.map { ($0.x, $0.right) }, within: left..<right, atLeast: least)
    }

    /// The middle part of `0..<length` a cut may fall in.
    private func middle(of length: Int) -> Range<Int> {
        Int(Double(length) * Self.middleShare)..<Int(Double(length) * (1 - Self.middleShare))
    }

    /// Whether the marks, split by `isFirst`, leave each part its share.
    private func balanced(_ isFirst: [Bool]) -> Bool {
        balanced(first: isFirst.filter { $0 }.count, of: isFirst.count)
    }

    /// Whether `first` of `all` marks in the first part leave each part its share.
    private func balanced(first: Int, of all: Int) -> Bool {
        let first = Double(first), all = Double(all)
        return first >= Self.leastShareOfMarks * all && all - first >= Self.leastShareOfMarks * all
    }

    /// The widest of `gaps`, nearest the middle of `range` among equals.
    private func widestGap(of spans: [(Int, Int)], within range: Range<Int>, atLeast least: Int) -> Range<Int>? {
        let centre = Double(range.lowerBound + range.upperBound) / 2
        return gaps(of: spans, within: range, atLeast: least).max { a, b in
            a.count != b.count ? a.count < b.count
                : abs(Double(a.lowerBound + a.upperBound) / 2 - centre) > abs(Double(b.lowerBound + b.upperBound) / 2 - centre)
        }
    }

    /// The runs of positions in `range`, at least `least` long, that no span `[start, end)` covers.
    /// A run may extend past `range` (its full extent is returned) but must start or end inside it.
    private func gaps(of spans: [(Int, Int)], within range: Range<Int>, atLeast least: Int) -> [Range<Int>] {
        guard !range.isEmpty, let limit = spans.map(\.1).max() else { return [] }
        var covered = [Bool](repeating: false, count: max(limit, range.upperBound) + 1)
        for (start, end) in spans where end > start { for index in max(0, start)..<end { covered[index] = true } }
        var found: [Range<Int>] = []
        var index = 0
        while index < covered.count {
            guard !covered[index] else { index += 1; continue }
            let start = index
            while index < covered.count, !covered[index] { index += 1 }
            let run = start..<index
            // Runs reaching the array's end lie past all ink: a margin, not a gap.
            if index < covered.count, run.count >= least, run.overlaps(range) { found.append(run) }
        }
        return found.filter { $0.lowerBound > 0 }
    }
}
