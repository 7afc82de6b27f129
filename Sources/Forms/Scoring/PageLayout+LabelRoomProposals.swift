/// Geometry proposals for the convention "Label: ____" with nothing drawn after the colon: the
/// answer is written on the label's own line, in the blank room after it ("Name:", "DATE:",
/// "Fixe :" / "Portable :" stacked in one table cell, "Sachgebiet:"). No rule, box or leader marks
/// the place, so the assembler's rules never see it; on forms-large about 300 text widgets start
/// within a few points right of a phrase ending in a colon, a third of them with no ruling at all.
/// Most colon phrases are followed by print or by a field below, so these are proposals only:
/// the learned scorer keeps the few that look like fields.
extension PageLayout {
    /// The room starts this far right of the colon (points): the corpus's widgets start a median
    /// 3 pt after it.
    static let labelRoomGap = 1.5
    /// The room reaches down and up this far beyond the label's print (points): widgets after a
    /// colon are a median 14.7 pt tall around labels 6.5 pt tall, 4–5 pt over each side.
    static let labelRoomPad = 4.0
    /// The room ends this far before the next word on the line (points).
    static let labelRoomClearance = 2.0
    /// Without a word or wall to end it, the room ends at the page's half-inch margin.
    static let labelRoomPageMargin = 36.0

    /// One text proposal after each phrase ending in a colon: the blank part of its line band up
    /// to the next word, the next vertical rule, or the page margin.
    func labelRoomProposals() -> [FormField] {
        var out: [FormField] = []
        for phrase in phrases where phrase.text.hasSuffix(":") && !Self.isNoise(phrase) {
            let band = (top: phrase.rect.top - Self.labelRoomPad, bottom: phrase.rect.bottom + Self.labelRoomPad)
            let left = phrase.rect.right + Self.labelRoomGap
            let crossesBand = { (top: Double, bottom: Double) in min(bottom, band.bottom) - max(top, band.top) > 0.5 * (band.bottom - band.top) }
            let nextWord = words.filter { w in w.rect.left > left && w.rect.center.y > band.top && w.rect.center.y < band.bottom }
                .map { $0.rect.left - Self.labelRoomClearance }.min()
            let nextWall = verticals.filter { v in v.position > left + 1 && crossesBand(v.start, v.end) }.map(\.position).min()
            let right = [nextWord, nextWall, width - Self.labelRoomPageMargin].compactMap { $0 }.min() ?? left
            guard right - left >= Self.proposalMinWidth else { continue }
            let rect = LayoutRect(left: left, top: band.top, right: right, bottom: band.bottom)
            out.append(field(rect, .text, label: clean(phrase.text), confidence: 0.5))
        }
        return out
    }
}
