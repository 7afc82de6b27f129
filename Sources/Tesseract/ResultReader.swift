import CTesseract
import Foundation
import OCR

/// Walks Tesseract's result iterator into the engine-neutral model.
struct ResultReader {
    let handle: OpaquePointer

    func blocks() -> [OCRBlock] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var blocks: [OCRBlock] = []
        var lines: [OCRLine] = []
        var words: [OCRWord] = []
        var lineInfo: (box: PixelBox, baseline: (Double, Double, Double, Double))?

        func finishLine() {
            if let info = lineInfo, !words.isEmpty {
                lines.append(makeLine(words: words, box: info.box, baseline: info.baseline))
            }
            words = []
            lineInfo = nil
        }
        func finishBlock() {
            finishLine()
            if !lines.isEmpty { blocks.append(OCRBlock(lines: lines)) }
            lines = []
        }

        repeat {
            // Each question copies the iterator and walks back to the start of its line, so ask
            // as few as possible: a block starts only where a line does (Tesseract's own
            // definition), so the block is asked about at line starts alone.
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                if TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0 { finishBlock() }
                finishLine()
                let box = boundingBox(page, RIL_TEXTLINE) ?? PixelBox(left: 0, top: 0, right: 0, bottom: 0)
                var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
                if TessPageIteratorBaseline(page, RIL_TEXTLINE, &x1, &y1, &x2, &y2) != 0 {
                    lineInfo = (box, (Double(x1), Double(y1), Double(x2), Double(y2)))
                } else {
                    lineInfo = (box, (box.left, box.bottom, box.right, box.bottom))
                }
            }
            guard let box = boundingBox(page, RIL_WORD), let raw = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else {
                continue
            }
            let text = String(cString: raw)
            TessDeleteText(raw)
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            words.append(OCRWord(text: trimmed, box: box, confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD)),
                                 inDictionary: TessResultIteratorWordIsFromDictionary(iterator) != 0))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        finishBlock()
        return blocks
    }

    private func boundingBox(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> PixelBox? {
        var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &l, &t, &r, &b) != 0 else { return nil }
        return PixelBox(left: Double(l), top: Double(t), right: Double(r), bottom: Double(b))
    }

    /// A line with ascender and descender measured from its baseline. The box Tesseract
    /// reports is axis-aligned; for a sloped (or sideways) line the text's own height is
    /// recovered from the box and the baseline angle.
    private func makeLine(words: [OCRWord], box: PixelBox, baseline: (Double, Double, Double, Double)) -> OCRLine {
        let (x0, y0, x1, y1) = baseline
        let length = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
        guard length > 0 else {
            return OCRLine(words: words, box: box, baseline: baseline, ascender: max(1, box.height * 0.75),
                           descender: box.height * 0.25)
        }
        let u = ((x1 - x0) / length, (y1 - y0) / length)
        let up = (u.1, -u.0)
        // Angle to the nearest axis, and the box's extents along and across the text.
        let angle = atan2(u.1, u.0)
        let quarter = (angle / (Double.pi / 2)).rounded()
        let residual = abs(angle - quarter * Double.pi / 2)
        let sideways = Int(quarter).isMultiple(of: 2) == false
        let along = sideways ? box.height : box.width
        let across = sideways ? box.width : box.height
        let c = cos(residual), s = sin(residual)
        var height = across
        if c * c - s * s > 0.5 { height = (across * c - along * s) / (c * c - s * s) }
        height = max(height, across * 0.25)
        let center = ((box.left + box.right) / 2, (box.top + box.bottom) / 2)
        let offset = (center.0 - x0) * up.0 + (center.1 - y0) * up.1
        let ascender = max(1, height / 2 + offset)
        let descender = max(0, height / 2 - offset)
        return OCRLine(words: words, box: box, baseline: baseline, ascender: ascender, descender: descender)
    }
}
