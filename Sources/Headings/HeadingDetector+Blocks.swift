extension HeadingDetector {
    /// How close (in body sizes, between one line's letters and the next's) the lines of one
    /// block follow one another: set at the block's leading, their letters are well under a
    /// body size apart; a blank line between them leaves more than one.
    static let blockGap = 1.0

    /// Whether a line set apart only by its weight is one line of a block set in that weight: a
    /// line of the same size (within `levelSizeStep`) and weight follows or precedes it within
    /// `blockGap`. A heading is set apart by its weight from the text under it; a block of
    /// heavy lines is code (recognized text reads a typewriter face's even strokes as bold, and
    /// its face is not known there: "<!ELEMENT result EMPTY>" over "<!ATTLIST result status",
    /// "Source: hello" over "Section: devel"), a bold paragraph or a form's bold rows.
    func isInBoldBlock(_ index: Int, in lines: [HeadingLine], body: Double) -> Bool {
        let line = lines[index]
        guard line.isBold == true else { return false }
        let reach = Self.blockGap * body
        func sameSet(_ other: HeadingLine) -> Bool {
            other.isBold == true && abs(other.size - line.size) <= levelSizeStep * max(other.size, line.size)
        }
        let above = lines[..<index].last { overlapsHorizontally($0, line) && $0.bottom >= line.top - 0.1 * line.size }
        let below = lines[(index + 1)...].first { overlapsHorizontally($0, line) && $0.top <= line.bottom + 0.1 * line.size }
        if let above, above.bottom - line.top < reach, sameSet(above) { return true }
        if let below, line.bottom - below.top < reach, sameSet(below) { return true }
        return false
    }
}
