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

    /// `line`'s words with joined runs evened out. Lines running more up or down than across
    /// (vertical text) keep their boxes.
    static func words(of line: OCRLine) -> [Placed] {
        let words = line.words
        var placed = words.indices.map { index in
            Placed(word: words[index], joinedToNext: index + 1 < words.count && joins(words[index], words[index + 1]))
        }
        let across = abs(line.baseline.x1 - line.baseline.x0) >= abs(line.baseline.y1 - line.baseline.y0)
        guard across else { return placed }
        var start = 0
        while start < placed.count {
            var end = start
            while end < placed.count - 1 && placed[end].joinedToNext { end += 1 }
            if end > start { even(&placed[start...end]) }
            start = end + 1
        }
        return placed
    }

    private static func joins(_ word: OCRWord, _ next: OCRWord) -> Bool {
        guard let last = word.text.last, let first = next.text.first else { return false }
        return WritingSystem.joinsWithoutSpace(last, first)
    }

    /// Gives each word of the run a slice of the run's horizontal extent in proportion to its
    /// characters; tops and bottoms become the run's.
    private static func even(_ run: inout ArraySlice<Placed>) {
        let boxes = run.map(\.word.box)
        guard let left = boxes.map(\.left).min(), let right = boxes.map(\.right).max(),
              let top = boxes.map(\.top).min(), let bottom = boxes.map(\.bottom).max() else { return }
        let total = run.reduce(0) { $0 + $1.word.text.count }
        guard total > 0, right > left else { return }
        let cell = (right - left) / Double(total)
        var x = left
        for index in run.indices {
            let width = cell * Double(run[index].word.text.count)
            run[index].word.box = PixelBox(left: x, top: top, right: x + width, bottom: bottom)
            x += width
        }
    }
}
