import CLeptonica

/// Which way up a page's lines of Latin-script text look, judged from the outlines of their
/// marks alone (`PixImage.lineProfileVote`), before any recognition.
///
/// In upright Latin text the letters share a baseline; marks taller than the x-height mostly
/// rise above their neighbours (ascenders, capitals, digits: b d f h k l t A–Z 0–9) and few hang
/// below them (descenders: g j p q y). Turned upside down, the counts swap. Sideways text,
/// scripts without that asymmetry and pages of a few marks give a vote too small or too even
/// to mean anything.
public struct LineProfileVote: Sendable, Equatable {
    /// Marks taller than the x-height whose bottom lines up with their short neighbours'.
    public var rising: Int
    /// Marks taller than the x-height whose top lines up with their short neighbours'.
    public var falling: Int

    /// Creates a vote.
    public init(rising: Int, falling: Int) {
        self.rising = rising
        self.falling = falling
    }

    /// Whether the page's text is most likely upside down: enough tall marks were counted and
    /// the falling ones clearly outnumber the rising ones.
    public var looksUpsideDown: Bool {
        rising + falling >= Self.marksToJudge && Double(falling) >= Self.upsideDownRatio * Double(rising)
    }

    /// Fewer tall marks than about two lines of text hold are too few to judge by.
    static let marksToJudge = 60

    /// Falling marks must outnumber rising ones by this much. On ../shared/bench/ocr's 300 dpi
    /// pages at their own resolution, upright pages vote at most 0.90 falling marks per rising
    /// one (most 0.15-0.35) and the upside-down page 3.9; of the 40 upright pages with enough
    /// marks, turned over, all but 3 reach 1.5 (those 3: 1.13-1.41, which the engine's
    /// low-confidence second reading still catches).
    static let upsideDownRatio = 1.5
}

extension PixImage {
    /// Counts the page's tall marks that rise above, or hang below, the x-height marks beside
    /// them (see `LineProfileVote`). Reads the image at its own resolution, which should show
    /// the x-height as ten pixels or more: at 100 dpi an ascender is a pixel or two taller than
    /// its neighbours and the vote is noise. Costs one thresholding and one connected-component
    /// pass.
    /// - Parameter dpi: the image's resolution.
    public func lineProfileVote(dpi: Int) throws -> LineProfileVote {
        let binary = depth == 1 ? self : try gray8().withPix { try PixImage(pixThresholdToBinary($0, 128), or: "thresholding failed") }
        let marks = binary.characterSizedMarks(dpi: Double(dpi))
        guard marks.count >= Self.marksForXHeight else { return LineProfileVote(rising: 0, falling: 0) }
        let xHeight = Double(marks.map(\.height).sorted()[marks.count / 2])
        // Marks line up within a fifth of the x-height (a pixel at least): stroke ends, serifs
        // and overshoot of round letters differ by about that much.
        let tolerance = max(1, 0.2 * xHeight)
        let shortMarks = marks.filter { abs(Double($0.height) - xHeight) <= tolerance }.sorted { $0.x < $1.x }
        let shortLefts = shortMarks.map(\.x)
        // Ascenders and descenders reach about 0.4–0.6 x-height past the x-height band; taller
        // marks are brackets, rules or pictures.
        let tallMarks = marks.filter {
            Double($0.height) >= xHeight + max(2, 0.3 * xHeight) && Double($0.height) <= 2.5 * xHeight
        }
        // Neighbours are looked for within two x-heights, about a letter and a space, either side.
        let reach = Int32(2 * xHeight)
        var vote = LineProfileVote(rising: 0, falling: 0)
        for tall in tallMarks {
            var sharedBottoms = 0, sharedTops = 0
            var index = lowerBound(shortLefts, tall.x - reach)
            while index < shortMarks.count, shortMarks[index].x <= tall.x + tall.width + reach {
                let short = shortMarks[index]
                index += 1
                let top = Double(short.y), bottom = Double(short.y + short.height)
                let tallTop = Double(tall.y), tallBottom = Double(tall.y + tall.height)
                guard top >= tallTop - tolerance, bottom <= tallBottom + tolerance else { continue }
                if abs(bottom - tallBottom) <= tolerance { sharedBottoms += 1 }
                if abs(top - tallTop) <= tolerance { sharedTops += 1 }
            }
            if sharedBottoms > sharedTops { vote.rising += 1 } else if sharedTops > sharedBottoms { vote.falling += 1 }
        }
        return vote
    }

    /// The bounding boxes of a bilevel image's marks the size of a character (the size limits
    /// `surveyInk` uses, in this image's pixels).
    func characterSizedMarks(dpi: Double) -> [(x: Int32, y: Int32, width: Int32, height: Int32)] {
        Self.characterSized(markBoxes(), dpi: dpi)
    }

    /// Those of `marks` (bounding boxes from `markBoxes()`) the size of a character at `dpi`.
    static func characterSized(_ marks: [(x: Int32, y: Int32, width: Int32, height: Int32)],
                               dpi: Double) -> [(x: Int32, y: Int32, width: Int32, height: Int32)] {
        let minimumHeight = Int32((0.035 * dpi).rounded(.up))   // ~2.5 pt: tiny text still counts
        let maximumHeight = Int32(1.5 * dpi)                     // taller than any body glyph
        return marks.filter { h in
            h.height >= minimumHeight && h.height <= maximumHeight && h.width >= 2 && h.width <= maximumHeight * 4
        }
    }

    /// The bounding boxes of a bilevel image's marks (8-connected components).
    func markBoxes() -> [(x: Int32, y: Int32, width: Int32, height: Int32)] {
        var marks: [(x: Int32, y: Int32, width: Int32, height: Int32)] = []
        withPix { pix in
            var owned: UnsafeMutablePointer<BOXA>? = pixConnCompBB(pix, 8)
            defer { boxaDestroy(&owned) }
            guard let boxes = owned else { return }
            for index in 0..<boxaGetCount(boxes) {
                var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
                boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h)
                marks.append((x, y, w, h))
            }
        }
        return marks
    }

    /// The first index of `sorted` whose value is at least `value`.
    private func lowerBound(_ sorted: [Int32], _ value: Int32) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
