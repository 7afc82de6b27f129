/// Text fields from closed boxes and table cells: an empty box is a field; a box holding its
/// label at the top (or on the left) gives the rest of the box as the field; a box full of
/// print (a header cell, a decorated frame) is not a field, nor is a frame around other boxes.
extension PageLayout {
    /// Text, multi-line and signature fields from boxes.
    mutating func boxFields() -> [FormField] {
        let p = parameters
        var fields: [FormField] = []
        let pageArea = width * height
        for box in boxes.sorted(by: { $0.area < $1.area }) {
            guard box.width >= p.minTextFieldWidth, box.height >= 7, box.area <= 0.25 * pageArea, !isTaken(box) else { continue }
            let inner = box.insetBy(1.5)
            if boxes.contains(where: { $0 != box && $0.area < box.area && inner.contains($0.center) }) { continue }
            if (squares + circles).contains(where: { inner.contains($0.center) }) { continue }
            if hasInnerRules(box) { continue }
            let printed = printedWords(inside: box).map(\.rect) + printedMarks(inside: box)
            var rect = box
            var label: String
            var confidence = 0.9
            if printed.isEmpty {
                label = tableLabel(for: box) ?? self.label(for: box)
                if label.isEmpty { confidence = 0.6 }
                rect = writingLine(byLabelOf: box) ?? writingLine(byRowOf: box) ?? box
            } else {
                let text = printed.dropFirst().reduce(printed[0]) { $0.union($1) }
                // Print standing taller than it is wide is set sideways (a rotated column header,
                // a vertical group title): the cell is a header, not a label with room to write.
                if text.height > 1.5 * text.width && text.height > p.maxSingleLineHeight / 2 { continue }
                let inside = TextLine.phrases(of: printedWords(inside: box))
                // A cell holding an option (its check box read as "O" before the option's words).
                if let first = inside.min(by: { ($0.rect.top, $0.rect.left) < ($1.rect.top, $1.rect.left) }),
                   FieldKindHints.startsWithBoxGlyph(first.text) { continue }
                label = clean(inside.sorted { ($0.rect.top, $0.rect.left) < ($1.rect.top, $1.rect.left) }.map(\.text).joined(separator: " "))
                // A unit or a row number in the box ("$", "1") says nothing: its row and column do.
                if label.filter(\.isLetter).count < 2 {
                    label = tableLabel(for: box) ?? self.label(for: box)
                }
                if let line = writingLine(in: box, print: printed) ?? writingLine(afterUnitIn: box, print: printed)
                    ?? writingSpace(besideUnitIn: box, print: printed) {
                    rect = line
                } else if box.bottom - text.bottom >= p.minFreeHeightBelowLabel {
                    rect = LayoutRect(left: box.left, top: text.bottom + 0.5, right: box.right, bottom: box.bottom)
                } else if p.fieldRightOfLabelInBox > 0 && (!isTableCell(box) || text.width <= 12)
                            && !isCentred(text, in: box) && box.right - text.right >= max(p.minTextFieldWidth, 0.35 * box.width) && text.height <= p.maxSingleLineHeight {
                    rect = LayoutRect(left: text.right + 2, top: box.top, right: box.right, bottom: box.bottom)
                } else {
                    continue
                }
                confidence = 0.75
            }
            guard rect.height >= p.minTextFieldHeight else { continue }
            let kind: FieldKind = FieldKindHints.isSignature(label) ? .signature
                : rect.height > p.maxSingleLineHeight ? .multiline : .text
            for column in columns(of: rect) {
                let caption = column == rect ? label : phraseBelow(column).map { clean($0.text) } ?? label
                fields.append(field(column, kind, label: caption, confidence: confidence))
            }
            taken.append(rect)
        }
        return Self.lastLinesOfTallColumnCells(fields)
    }

    /// Whether print stands in the middle of a box, as much room left of it as right: a caption
    /// (a header row's title, a rate printed in a column), not a label with room after it.
    private func isCentred(_ text: LayoutRect, in box: LayoutRect) -> Bool {
        let before = text.left - box.left, after = box.right - text.right
        return before > 0.1 * box.width && abs(before - after) <= 0.15 * box.width
    }

    /// Whether rules run across the box's inside (rows or columns drawn not quite to its edges):
    /// a frame around fields, not one.
    private func hasInnerRules(_ box: LayoutRect) -> Bool {
        horizontals.contains { r in
            r.position > box.top + 3 && r.position < box.bottom - 3 && min(r.end, box.right) - max(r.start, box.left) >= 0.5 * box.width
        } || verticals.contains { r in
            r.position > box.left + 3 && r.position < box.right - 3 && min(r.end, box.bottom) - max(r.start, box.top) >= 0.5 * box.height
        }
    }

    /// Whether the box is a cell of a grid: another cell continues its row on the right or its
    /// column below (a printed cell there is a header, not a label with room to write).
    private func isTableCell(_ box: LayoutRect) -> Bool {
        boxes.contains { b in
            b != box && ((abs(b.top - box.top) <= 2.5 && abs(b.bottom - box.bottom) <= 2.5 && abs(b.left - box.right) <= 3)
                || (abs(b.left - box.left) <= 4 && abs(b.right - box.right) <= 4 && abs(b.top - box.bottom) <= 3))
        }
    }
}

extension LayoutRect {
    /// The rectangle shrunk by `d` on every side (never inverted).
    func insetBy(_ d: Double) -> LayoutRect {
        let dx = min(d, width / 2), dy = min(d, height / 2)
        return LayoutRect(left: left + dx, top: top + dy, right: right - dx, bottom: bottom - dy)
    }

    /// Whether the point lies inside.
    func contains(_ point: (x: Double, y: Double)) -> Bool {
        point.x >= left && point.x <= right && point.y >= top && point.y <= bottom
    }
}
