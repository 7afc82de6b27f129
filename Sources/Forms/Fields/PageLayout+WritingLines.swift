import Foundation

/// The writing line of a box taller than one line, when the print says where it is: forms lay
/// out amount columns as tall cells with the line to write on at the bottom — a unit ("$") or
/// an arrow printed on it, or the line's number printed beside it, level with it.
extension PageLayout {
    /// The bottom writing line of `box` when everything printed inside it (`print`: words and
    /// marks) is a unit or marker — fewer than two letters — sitting in its lower half: from
    /// the print's top to the box's bottom, starting after a unit at the left end.
    func writingLine(in box: LayoutRect, print: [LayoutRect]) -> LayoutRect? {
        guard !print.isEmpty, box.height >= 2 * parameters.minTextFieldHeight else { return nil }
        let text = words(inside: box).map(\.text).joined()
        guard text.filter(\.isLetter).count < 2 else { return nil }
        let top = print.map(\.top).min() ?? box.top
        guard top >= box.top + 0.5 * box.height else { return nil }
        // A unit at the start of the line ("$"): the writing starts after it.
        let leading = print.filter { $0.left < box.left + Self.unitColumnShare * box.width }
        let left = leading.isEmpty ? box.left : (leading.map(\.right).max() ?? box.left) + 1
        let line = LayoutRect(left: left, top: max(box.top, top - 2), right: box.right, bottom: box.bottom)
        guard line.width >= parameters.minTextFieldWidth, line.height >= parameters.minTextFieldHeight else { return nil }
        return line
    }

    /// The writing line of a box whose caption stands at its top and whose unit ("$", "€") is
    /// printed at the start of its bottom line — information returns' amount boxes ("1 Rents"
    /// above, "$" below) and other forms' cells that print the currency where the amount goes:
    /// from the unit's right to the box's right, from under the caption (or just above the
    /// unit) to the box's bottom. Nil when the box has no such unit, or print other than the
    /// caption stands beside it.
    func writingLine(afterUnitIn box: LayoutRect, print: [LayoutRect]) -> LayoutRect? {
        let captionWords = words(inside: box).filter { $0.text.filter(\.isLetter).count >= 2 }
        guard let captionBottom = captionWords.map(\.rect.bottom).max() else { return nil }
        let low = print.filter { $0.top >= captionBottom - Self.captionOverlapTolerance }
        guard let unitTop = low.map(\.top).min(), let unitRight = low.map(\.right).max(),
              low.allSatisfy({ $0.left < box.left + Self.unitColumnShare * box.width
                  && $0.height <= parameters.maxSingleLineHeight / 2 }) else { return nil }
        let line = LayoutRect(left: unitRight + 1, top: max(captionBottom + 0.5, unitTop - 2), right: box.right, bottom: box.bottom)
        guard line.width >= parameters.minTextFieldWidth, line.height >= parameters.minTextFieldHeight else { return nil }
        return line
    }

    /// A unit ("$") stands in the first quarter of its line: further in, print on the writing
    /// line is a caption's continuation or a rate, not the unit of the amount written after it.
    static let unitColumnShare = 0.25
    /// OCR's boxes of one line overlap by a point or so: print whose top is this far above the
    /// caption's bottom still stands below the caption.
    static let captionOverlapTolerance = 1.0

    /// The bottom writing line of an empty `box` taller than one line whose line number ("2a",
    /// "14."), printed left of it, stands level with its bottom: from the number's top to the
    /// box's bottom. Nil when there is no such number, or it is not low.
    ///
    /// Two conventions: an amount column of tall cells (taller than a single line), the number
    /// in its lower part; and the amount cell two lines tall beside an item whose caption runs
    /// over two lines (tax forms' "1 Income from … / … see instructions . . . 1 [____]"), the
    /// number centred on the lower line — a number centred on the box is a one-line cell's.
    func writingLine(byLabelOf box: LayoutRect) -> LayoutRect? {
        guard let left = phraseLeft(of: box), Self.isLineNumber(left.text) else { return nil }
        let number = left.rect
        if box.height > parameters.maxSingleLineHeight {
            guard number.height <= parameters.maxSingleLineHeight / 2, number.top >= box.top + 0.6 * box.height else { return nil }
        } else {
            guard box.height >= Self.linesInTwoLineCell * number.height,
                  number.center.y >= box.top + Self.lowNumberShare * box.height else { return nil }
        }
        let line = LayoutRect(left: box.left, top: max(box.top, number.top - 2), right: box.right, bottom: box.bottom)
        return line.height >= parameters.minTextFieldHeight ? line : nil
    }

    /// The bottom writing line of an empty `box` whose row (cells of the same top and bottom)
    /// has a cell written on its bottom line by its line number: the row's other columns are
    /// written on the same line (a number is printed once, before the row's first cell).
    func writingLine(byRowOf box: LayoutRect) -> LayoutRect? {
        let line = boxes.lazy.filter { b in
            b != box && abs(b.top - box.top) <= 2.5 && abs(b.bottom - box.bottom) <= 2.5
        }.compactMap { self.writingLine(byLabelOf: $0) }.first
        return line.map { LayoutRect(left: box.left, top: $0.top, right: box.right, bottom: box.bottom) }
    }

    /// A cell two lines tall holds at least twice its line number's height.
    static let linesInTwoLineCell = 2.0
    /// Where a two-line cell's number stands when it marks the lower line: its centre below the
    /// box's middle by a tenth of the box (on the lower line it sits at three quarters).
    static let lowNumberShare = 0.6

    /// Whether a phrase is a form's line number: a short token with a digit ("7", "2a", "14.").
    static func isLineNumber(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        return t.count <= 4 && !t.contains(" ") && t.contains(where: \.isNumber)
    }

    /// The columns of a box's writing area: a wall standing on its bottom edge and rising
    /// through the writing height (short of the caption at the box's top, so not found as
    /// a cell wall) divides it into fields of their own, each captioned under it where the
    /// form prints captions below ("Geburtsort | Staatsangehörigkeit").
    func columns(of rect: LayoutRect) -> [LayoutRect] {
        let p = parameters
        let walls = verticals.filter { v in
            v.position > rect.left + p.minTextFieldWidth && v.position < rect.right - p.minTextFieldWidth
                && abs(v.end - rect.bottom) <= 2.5 && v.start <= rect.bottom - p.minTextFieldHeight
                && v.start >= rect.top - 2
        }.map(\.position).sorted()
        guard !walls.isEmpty else { return [rect] }
        let edges = [rect.left] + walls + [rect.right]
        return zip(edges, edges.dropFirst()).map { LayoutRect(left: $0, top: rect.top, right: $1, bottom: rect.bottom) }
    }
}
