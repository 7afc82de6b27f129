import OCR

/// The words of one line as the layer writes them: each with whether the next follows it without
/// a space, and runs of such words spread evenly over the run's extent.
///
/// Tesseract's word boxes for Chinese and Japanese overlap and wander (a one-character word's box
/// can span the next three words), and poppler starts a new line where glyphs run back over each
/// other. Characters of these scripts are set on a square body, so a run of segments written
/// without spaces is laid out as one row of equal cells from the run's first ink to its last,
/// each segment taking as many cells as it has characters.
enum JoinedRuns {
    /// A word to write and whether the next word follows it with no space between them.
    struct Placed {
        var word: OCRWord
        var joinedToNext: Bool
    }

    /// `line`'s words with joined runs evened out: along the line's direction, so a column of
    /// vertical Japanese (its baseline running down the page, or up on a turned page) is laid out
    /// as a column of equal cells like a row is.
    static func words(of line: OCRLine) -> [Placed] {
        let words = line.words
        var placed = words.indices.map { index in
            Placed(word: words[index], joinedToNext: index + 1 < words.count && joins(words[index], words[index + 1]))
        }
        let dx = line.baseline.x1 - line.baseline.x0, dy = line.baseline.y1 - line.baseline.y0
        let direction: Direction = abs(dx) >= abs(dy) ? (dx >= 0 ? .rightwards : .leftwards) : (dy >= 0 ? .downwards : .upwards)
        var start = 0
        while start < placed.count {
            var end = start
            while end < placed.count - 1 && placed[end].joinedToNext { end += 1 }
            if end > start { even(&placed[start...end], direction) }
            start = end + 1
        }
        if direction == .rightwards || direction == .leftwards {
            // Words of a right-to-left line follow one another leftwards, whatever the baseline says.
            let rightToLeft = placed.filter { WritingSystem.isRightToLeft($0.word.text) }.count * 2 > placed.count
            untangle(&placed, leftwards: rightToLeft != (direction == .leftwards))
        }
        return placed
    }

    /// A word's box may keep no less than this share of its width when it is cut back (Tesseract's
    /// box for a short Persian word was seen three times too wide: 0.3 of it is the word).
    static let minimumKeptWidth = 0.25
    /// The space left between a cut word and the word before it, as a share of the line's height:
    /// about a word space (0.25 em), so that viewers still see two words.
    static let cutWordSpace = 0.2

    /// Cuts each word's box back where it runs over the word before it in reading order, so that
    /// the words of a line follow one another. Tesseract's boxes for Persian and Arabic words can
    /// span their neighbours (a word's box over the next two words), and poppler then breaks the
    /// line and mixes the words' letters. A cut that would leave less than `minimumKeptWidth` of
    /// the box is not made.
    private static func untangle(_ placed: inout [Placed], leftwards: Bool) {
        guard placed.count > 1 else { return }
        for index in 1..<placed.count {
            let previous = placed[index - 1].word.box
            var box = placed[index].word.box
            let space = placed[index - 1].joinedToNext ? 0 : cutWordSpace * max(box.height, previous.height)
            // With a word space if the box keeps enough, else without.
            for gap in [space, 0] {
                if leftwards, box.right > previous.left {
                    let cut = PixelBox(left: box.left, top: box.top, right: previous.left - gap, bottom: box.bottom)
                    if cut.width >= minimumKeptWidth * box.width { box = cut }
                } else if !leftwards, box.left < previous.right {
                    let cut = PixelBox(left: previous.right + gap, top: box.top, right: box.right, bottom: box.bottom)
                    if cut.width >= minimumKeptWidth * box.width { box = cut }
                }
            }
            placed[index].word.box = box
        }
    }

    /// Which way a line's text advances in the raster.
    enum Direction { case rightwards, leftwards, downwards, upwards }

    private static func joins(_ word: OCRWord, _ next: OCRWord) -> Bool {
        guard let last = word.text.last, let first = next.text.first else { return false }
        return WritingSystem.joinsWithoutSpace(last, first)
    }

    /// Gives each word of the run a slice of the run's extent along `direction` in proportion to
    /// its characters, in reading order; the extent across the line becomes the run's.
    private static func even(_ run: inout ArraySlice<Placed>, _ direction: Direction) {
        let boxes = run.map(\.word.box)
        guard let left = boxes.map(\.left).min(), let right = boxes.map(\.right).max(),
              let top = boxes.map(\.top).min(), let bottom = boxes.map(\.bottom).max() else { return }
        let total = run.reduce(0) { $0 + $1.word.text.count }
        let horizontal = direction == .rightwards || direction == .leftwards
        let (start, end) = horizontal ? (left, right) : (top, bottom)
        guard total > 0, end > start else { return }
        let cell = (end - start) / Double(total)
        let forwards = direction == .rightwards || direction == .downwards
        var position = forwards ? start : end
        for index in run.indices {
            let length = cell * Double(run[index].word.text.count)
            let (from, to) = forwards ? (position, position + length) : (position - length, position)
            run[index].word.box = horizontal
                ? PixelBox(left: from, top: top, right: to, bottom: bottom)
                : PixelBox(left: left, top: from, right: right, bottom: to)
            position = forwards ? to : from
        }
    }
}
