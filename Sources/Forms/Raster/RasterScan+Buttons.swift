import Imaging

/// Check boxes and radio buttons found on a page, and the pixel boxes of their outlines (whose
/// ink is not a mark).
struct ButtonScan {
    var squares: [LayoutRect] = []
    /// Circles and ovals (a tax form's "fill in the oval"), as drawn.
    var circles: [LayoutRect] = []
    var outlines: [PixelBox] = []
}

extension RasterScan {
    /// Small hollow shapes: the holes that `outline` (ink at a lighter threshold than rules, so a
    /// thin anti-aliased circle stays closed) or the shaded mask (white squares on a tinted band)
    /// close in. A hole's corners say square (they are inside) or round (they are not); the
    /// outline around it is measured side by side, so a thick oval or a hairline square gets its
    /// drawn size. Not buttons: letters' counters, holes with print inside, holes cut out of a
    /// solid area (a logo), grid cells (see `PageLayout`).
    func buttons(outline: PixImage, bevel: PixImage) throws -> ButtonScan {
        let closedOutline = try outline.closed(width: 2, height: 2)
        let outlineHoles = try closedOutline.holes()
        let closedShade = try shaded.closed(width: 2, height: 2)
        let shadeHoles = try closedShade.holes()
        let closedBevel = try bevel.closed(width: 2, height: 2)
        let bevelHoles = try closedBevel.holes()
        var scan = ButtonScan()
        // White squares on tinted bands first, while their outline is the band (the outline mask
        // takes part of a tint in, and would measure it as a thick stroke). Round shapes only
        // from the outline: a pale watermark's round letters are not radio buttons. Inset squares
        // last, from the lightest mask, only where the lighter ones found nothing.
        for (mask, holes, roundAllowed, inset) in [(closedShade, shadeHoles, false, false), (closedOutline, outlineHoles, true, false),
                                                   (closedBevel, bevelHoles, false, true)] {
            for (box, pixels) in holes.components(connectivity: 4) {
                guard let found = button(hole: box, pixels: pixels, mask: mask, holes: holes, roundAllowed: roundAllowed, inset: inset)
                else { continue }
                if scan.outlines.contains(where: { overlapShare($0, found.outer) > 0.5 }) { continue }
                scan.outlines.append(found.outer)
                if found.round { scan.circles.append(frame.rect(found.outer)) } else { scan.squares.append(frame.rect(found.outer)) }
            }
        }
        return scan
    }

    /// The button a hole is the inside of, if it is one: its outer box and whether it is round.
    private func button(hole box: PixelBox, pixels: Int, mask: PixImage, holes: PixImage,
                        roundAllowed: Bool, inset: Bool) -> (outer: PixelBox, round: Bool)? {
        let p = parameters
        let maxSide = frame.pixelsX(p.maxButtonSide)
        guard min(box.width, box.height) >= 3, max(box.width, box.height) <= maxSide else { return nil }
        // Cheap shape tests first: most holes are letters' counters.
        let fill = Double(pixels) / Double(box.width * box.height)
        guard fill >= p.minCircleFill else { return nil }
        let roundness = cornerRoundness(box, holes: holes)
        // Half round (a D's counter) is neither.
        let round = roundness >= 0.7
        guard round || roundness <= 0.35 else { return nil }
        if round && !roundAllowed { return nil }
        // The outline's thickness on each side, in dark ink (a tint is no outline); a side
        // without one (a white square on a tinted band) or running on past the cap (a solid
        // area) keeps a nominal stroke.
        let cap = frame.pixelsX(p.maxButtonStroke)
        let nominal = frame.pixelsX(0.7)
        let strokes = sideRuns(box, in: ink, cap: cap)
        // An inset square: dark ink on its upper and left sides, none on the pale others.
        if inset && !(strokes[0] > 0 && strokes[1] > 0 && strokes[2] == 0 && strokes[3] == 0) { return nil }
        let grow = strokes.map { $0 >= cap || $0 == 0 ? nominal : $0 }
        let outer = PixelBox(x: box.x - grow[0], y: box.y - grow[1],
                             width: box.width + grow[0] + grow[2], height: box.height + grow[1] + grow[3])
        let minSide = frame.pixelsX(p.minButtonSide)
        guard min(outer.width, outer.height) >= minSide, max(outer.width, outer.height) <= maxSide else { return nil }
        let deviation = Double(abs(outer.width - outer.height)) / Double(max(outer.width, outer.height))
        if round {
            guard deviation <= p.maxOvalAspectDeviation else { return nil }
        } else {
            guard deviation <= p.maxButtonAspectDeviation, fill >= 0.85 else { return nil }
        }
        // An outline is a thin line around a hole; a bold letter's bowl is thick.
        if deviation < 0.3 && Double(strokes.filter { $0 < cap }.max() ?? 0) > 0.25 * Double(min(outer.width, outer.height)) { return nil }
        // A letter inside a word has its neighbours' ink close on both sides (no letter is a
        // wide oval; a fill-in oval in a table may sit close to its column's rules).
        if deviation < 0.3 && isBetweenLetters(outer) { return nil }
        if round && deviation < 0.3 && isRoundLetter(hole: box, outer: outer, strokes: strokes, cap: cap) { return nil }
        if isCounter(box, outer: outer, round: round, sharp: fill >= 0.95 && roundness < 0.2) { return nil }
        // A letter's bowl (d, a, e, p, R) is joined to a stem or a tail above or below it; a
        // button's outline is a shape of its own. A wide oval may have its caption touching it;
        // a white square on a tinted band is joined to the whole band.
        if deviation < 0.3, !strokes.contains(where: { $0 >= cap || $0 == 0 }), let reach = verticalReach(of: box, outer: outer, in: mask),
           Double(reach) > 0.25 * Double(outer.height) { return nil }
        // Empty inside (judged on the ink, so pale speckle does not count), away from the outline.
        let inner = PixelBox(x: box.x + box.width / 5, y: box.y + box.height / 5,
                             width: max(1, box.width - 2 * (box.width / 5)), height: max(1, box.height - 2 * (box.height / 5)))
        guard Double(ink.inkCount(in: inner)) <= p.maxButtonFill * Double(inner.width * inner.height) else { return nil }
        // A white square cut out of a dark area (a logo, a reversed heading) has no outline:
        // the dark ink runs on from most of its sides.
        let solid = strokes.filter { $0 >= cap }.count
        guard solid < 3 else { return nil }
        return (outer, round)
    }

    /// Whether a hole is a letter's counter: it lies in a recognized word. A square as tall as
    /// the word, or with sharp corners at its start, is a check box OCR read into its label;
    /// a round button drawn just before its label is
    /// often read as the word's first letter ("OMale", "OI have…"), and is kept when it stands
    /// apart from the next letter (a letter O is set tight against the rest of its word).
    private func isCounter(_ hole: PixelBox, outer: PixelBox, round: Bool, sharp: Bool) -> Bool {
        // No letter has a counter twice as wide as tall: that is an oval OCR read with its caption.
        if round && hole.width >= 2 * hole.height { return false }
        for (index, (word, text)) in zip(textBoxes, textWords).enumerated() where textHasCounters[index] {
            guard hole.x >= word.x - 1, hole.y >= word.y - 1, hole.right <= word.right + 1, hole.bottom <= word.bottom + 1 else { continue }
            if !round && Double(hole.height) >= 0.75 * Double(word.height) { continue }
            // A sharp-cornered empty square at the word's start is a check box OCR read as
            // "[", "L" or "O" glued to its label; letters' counters are rounded.
            if sharp && Double(outer.x - word.x) <= 0.25 * Double(word.height) { continue }
            if isGlued(text) && Double(outer.x - word.x) <= 0.25 * Double(word.height) && standsApart(outer) { continue }
            return true
        }
        return false
    }

    /// Whether a word reads like a button glued to a capitalized label ("OMale", "OAM"; not
    /// "Office" or "ORGANISATION", whose O is a letter), or like the button alone.
    private func isGlued(_ text: String) -> Bool {
        let letters = Array(text)
        // The shape alone, read as letters ("oO", "0").
        if letters.count <= 3 && letters.allSatisfy({ "Oo0Q".contains($0) }) { return true }
        guard letters.count >= 2, "O0Q".contains(letters[0]), letters[1].isUppercase else { return false }
        let rest = letters.dropFirst()
        if rest.contains(where: \.isLowercase) { return true }
        // A short capital label (AM, PM, NO), unless the whole is a word whose O is a letter.
        return rest.count <= 2 && !["OF", "OR", "ON", "OK", "OH", "OX", "ONE", "OUR", "OUT", "OWN", "OFF", "OIL"].contains(text)
    }

    /// Whether a round hole is a capital O, Q or a zero that OCR left out of its words (a
    /// heading it could not read, "MB" read for "OMB"): drawn buttons are circles of even
    /// stroke, larger or smaller than the capitals of their label; those letters are taller
    /// than wide, or thicker at the sides than at the top and bottom (a serif face's stress),
    /// or followed at a letter's spacing by a letter exactly as tall.
    private func isRoundLetter(hole: PixelBox, outer: PixelBox, strokes: [Int], cap: Int) -> Bool {
        if Double(hole.height) >= 1.15 * Double(hole.width) { return true }
        let sides = min(strokes[0], strokes[2]), ends = max(strokes[1], strokes[3])
        if ends > 0 && sides < cap && sides > ends { return true }
        let h = outer.height, spacing = max(2, Int(0.35 * Double(h)))
        guard let window = BitWindow(ink, PixelBox(x: outer.right, y: outer.y - h / 2, width: spacing + h, height: 2 * h)) else { return false }
        // The next ink right of the shape, through its middle rows.
        let middle = (outer.y + h / 5)..<(outer.bottom - h / 5)
        guard let start = (outer.right..<(outer.right + spacing)).first(where: { x in middle.contains { window[x, $0] } }) else { return false }
        let columns = start..<(start + max(2, 2 * h / 5))
        let rows = (outer.y - h / 2)..<(outer.bottom + h / 2)
        guard let top = rows.first(where: { y in columns.contains { window[$0, y] } }),
              let bottom = rows.reversed().first(where: { y in columns.contains { window[$0, y] } }) else { return false }
        let tolerance = max(1, h / 15)
        return abs(top - outer.y) <= tolerance && abs(bottom + 1 - outer.bottom) <= tolerance
    }

    /// Whether ink lies within a letter's spacing on both the left and the right of a shape.
    private func isBetweenLetters(_ outer: PixelBox) -> Bool {
        let gap = max(2, Int((0.12 * Double(outer.height)).rounded()))
        let y = outer.y + outer.height / 5, h = max(1, outer.height * 3 / 5)
        return ink.inkCount(in: PixelBox(x: outer.x - gap, y: y, width: gap, height: h)) > 0
            && ink.inkCount(in: PixelBox(x: outer.right, y: y, width: gap, height: h)) > 0
    }

    /// Whether no ink touches the right of a shape within a narrow gap, through its middle rows.
    private func standsApart(_ outer: PixelBox) -> Bool {
        let gap = max(2, Int((0.08 * Double(outer.height)).rounded()))
        let strip = PixelBox(x: outer.right + 1, y: outer.y + outer.height / 5, width: gap, height: max(1, outer.height * 3 / 5))
        return ink.inkCount(in: strip) == 0
    }

    /// How far the ink joined to a hole's outline reaches above or below the outline's box
    /// (within a window around it), or nil when it cannot be measured.
    private func verticalReach(of hole: PixelBox, outer: PixelBox, in mask: PixImage) -> Int? {
        let margin = max(outer.width, outer.height)
        guard let window = BitWindow(mask, PixelBox(x: outer.x - margin, y: outer.y - margin,
                                                    width: outer.width + 2 * margin, height: outer.height + 2 * margin)) else { return nil }
        // Seed the outline just left of the hole's middle row, and follow its ink (8-connected).
        let cy = hole.y + hole.height / 2
        guard let sx = stride(from: hole.x - 1, through: outer.x - 1, by: -1).first(where: { window[$0, cy] }) else { return nil }
        var seen = Set<Int>(), stack = [(sx, cy)]
        var top = cy, bottom = cy
        while let (x, y) = stack.popLast() {
            guard window[x, y], seen.insert(window.index(x, y)).inserted else { continue }
            top = min(top, y); bottom = max(bottom, y)
            for dy in -1...1 { for dx in -1...1 where dx != 0 || dy != 0 { stack.append((x + dx, y + dy)) } }
        }
        return max(0, outer.y - top, bottom + 1 - outer.bottom)
    }

    /// How much of the hole's bounding box corners lie outside the hole: about 0 for a
    /// rectangle, 1 for a circle, an ellipse or a rounded-end oval.
    private func cornerRoundness(_ box: PixelBox, holes: PixImage) -> Double {
        let k = max(1, min(box.width, box.height) / 5)
        let corners = [PixelBox(x: box.x, y: box.y, width: k, height: k),
                       PixelBox(x: box.right - k, y: box.y, width: k, height: k),
                       PixelBox(x: box.x, y: box.bottom - k, width: k, height: k),
                       PixelBox(x: box.right - k, y: box.bottom - k, width: k, height: k)]
        let inside = corners.reduce(0) { $0 + holes.inkCount(in: $1) }
        return 1 - Double(inside) / Double(4 * k * k)
    }

    /// How many set pixels run outward from each side of the box (left, top, right, bottom),
    /// through its middle, up to `cap`: the median of three neighbouring lines, so one gap or
    /// one touching letter does not decide.
    private func sideRuns(_ box: PixelBox, in mask: PixImage, cap: Int) -> [Int] {
        let cx = box.x + box.width / 2, cy = box.y + box.height / 2
        func isSet(_ x: Int, _ y: Int) -> Bool { mask.pixel(x: x, y: y) != 0 }
        func run(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int) -> Int {
            var n = 0
            // The hole's box may stop a pixel short of the outline.
            var x = x, y = y
            if !isSet(x, y) { x += dx; y += dy }
            while n < cap && isSet(x, y) { n += 1; x += dx; y += dy }
            return n
        }
        func median(_ a: Int, _ b: Int, _ c: Int) -> Int { max(min(a, b), min(max(a, b), c)) }
        let spread = [-1, 0, 1]
        let left = spread.map { run(box.x - 1, cy + $0, -1, 0) }
        let top = spread.map { run(cx + $0, box.y - 1, 0, -1) }
        let right = spread.map { run(box.right, cy + $0, 1, 0) }
        let bottom = spread.map { run(cx + $0, box.bottom, 0, 1) }
        return [left, top, right, bottom].map { median($0[0], $0[1], $0[2]) }
    }

    /// The share of the smaller box that the two boxes overlap.
    private func overlapShare(_ a: PixelBox, _ b: PixelBox) -> Double {
        let w = min(a.right, b.right) - max(a.x, b.x), h = min(a.bottom, b.bottom) - max(a.y, b.y)
        guard w > 0, h > 0 else { return 0 }
        return Double(w * h) / Double(max(1, min(a.width * a.height, b.width * b.height)))
    }
}

/// A copy of part of a 1-bit image, read pixel by pixel in page coordinates (false outside).
private struct BitWindow {
    let box: PixelBox
    private var bits: [Bool]

    init?(_ image: PixImage, _ area: PixelBox) {
        let result = image.bits(in: area)
        guard let (box, bits) = result else { return nil }
        self.box = box
        self.bits = bits
    }

    /// A pixel's place in the window (for pixels inside it).
    func index(_ x: Int, _ y: Int) -> Int { (y - box.y) * box.width + (x - box.x) }

    subscript(x: Int, y: Int) -> Bool {
        guard x >= box.x, y >= box.y, x < box.right, y < box.bottom else { return false }
        return bits[(y - box.y) * box.width + (x - box.x)]
    }
}
