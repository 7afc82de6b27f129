import PDF

extension ContentInterpreter {
    /// Shows a string (`Tj`, `'`, `"`): one glyph per code, each advancing the text matrix
    /// by its width, character spacing and — for single-byte code 32 — word spacing (§9.4.4).
    mutating func show(_ bytes: [UInt8]) {
        let font = state.font ?? .fallback
        decoded.removeAll(keepingCapacity: true)
        font.decode(bytes, into: &decoded)
        let size = state.fontSize
        let h = state.horizontalScale
        let renderMode = state.renderMode
        let ctm = state.ctm
        let clip = state.clip.flatMap { $0.intersection(pageBox) } ?? (state.clip == nil ? pageBox : nil)
        for glyph in decoded {
            if content.glyphs.count >= limits.glyphs { limitHit = true; return }
            let m = textMatrix.concatenating(ctm)
            let spacing = state.charSpacing + (glyph.isWordSpace ? state.wordSpacing : 0)
            if font.isVertical {
                // Vertical writing: glyphs hang below the current point, centred on it (§9.7.4.3).
                let w = glyph.width * size
                let box = m.transform(PDFRect(-w / 2, state.rise - 0.88 * size, w / 2, state.rise + 0.12 * size))
                let start = m.apply(0, state.rise), end = m.apply(0, state.rise - size)
                append(glyph, font: font, box: box, start: start, end: end, size: abs(size) * scaleY(m),
                       renderMode: renderMode, clip: clip)
                let ty = -(size + spacing)
                textMatrix.e += ty * textMatrix.c
                textMatrix.f += ty * textMatrix.d
                continue
            }
            let w = glyph.width * size * h
            let rect = PDFRect(0, state.rise + font.descent * size, w, state.rise + font.ascent * size)
            let box = m.transform(rect)
            // The advance's sign gives the writing direction (a negative size turns text round).
            let start = m.apply(0, state.rise), end = m.apply(w != 0 ? w : (size * h < 0 ? -1e-6 : 1e-6), state.rise)
            // Glyph space reaches user space through m scaled by size·h across and size up: a
            // negative determinant is a reflection (a negative size alone only turns text round).
            let mirrored = (m.a * m.d - m.b * m.c) * h < 0
            append(glyph, font: font, box: box, start: start, end: end, size: abs(size) * scaleY(m),
                   renderMode: renderMode, clip: clip, mirrored: mirrored)
            let tx = (glyph.width * size + spacing) * h
            textMatrix.e += tx * textMatrix.a
            textMatrix.f += tx * textMatrix.b
        }
    }

    /// Shows a `TJ` array: strings, and numbers that move the next glyph back by
    /// thousandths of the font size (kerning, or word gaps drawn as moves).
    mutating func showArray(_ items: [PDFObject]) {
        for item in items {
            switch item {
            case .string(let bytes):
                show(bytes)
            case .int, .real:
                guard let n = item.numberValue, n.isFinite, abs(n) < 1e7 else { continue }
                if state.font?.isVertical == true {
                    let ty = -n / 1000 * state.fontSize
                    textMatrix.e += ty * textMatrix.c
                    textMatrix.f += ty * textMatrix.d
                } else {
                    let tx = -n / 1000 * state.fontSize * state.horizontalScale
                    textMatrix.e += tx * textMatrix.a
                    textMatrix.f += tx * textMatrix.b
                }
            default:
                continue
            }
        }
    }

    /// The length of the text space's y unit in page space.
    private func scaleY(_ m: Matrix) -> Double {
        (m.c * m.c + m.d * m.d).squareRoot()
    }

    private mutating func append(_ glyph: DecodedGlyph, font: PDFFont, box: PDFRect, start: (x: Double, y: Double),
                                 end: (x: Double, y: Double), size: Double, renderMode: Int, clip: PDFRect?,
                                 mirrored: Bool = false) {
        guard box.x0.isFinite, box.y0.isFinite, box.x1.isFinite, box.y1.isFinite else { return }
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        let axis = length > 0 ? (dx / length, dy / length) : (1.0, 0.0)
        let onPage = overlaps(box, pageBox)
        let visibleArea = clip.map { overlaps(box, $0) } ?? false
        content.glyphs.append(TextGlyph(text: Ligatures.expand(glyph.text), box: box, fontSize: size, renderMode: renderMode,
                                        fontName: font.name, isClipped: !visibleArea, form: outerForm, origin: start, axis: axis,
                                        advance: length > 1e-6 ? length : 0, ascent: font.ascent, descent: font.descent,
                                        isOnPage: onPage, isMirrored: mirrored, isAnnotation: inAnnotation))
    }

    /// Whether two rectangles share any point (zero-width boxes count when inside).
    private func overlaps(_ a: PDFRect, _ b: PDFRect) -> Bool {
        a.x0 <= b.x1 && a.x1 >= b.x0 && a.y0 <= b.y1 && a.y1 >= b.y0
    }
}
