import CTesseract
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
            if TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0 { finishBlock() }
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
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
            words.append(OCRWord(text: trimmed, box: box, confidence: Double(TessResultIteratorConfidence(iterator, RIL_WORD))))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        finishBlock()
        return blocks
    }

    private func boundingBox(_ page: OpaquePointer?, _ level: TessPageIteratorLevel) -> PixelBox? {
        var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &l, &t, &r, &b) != 0 else { return nil }
        return PixelBox(left: Double(l), top: Double(t), right: Double(r), bottom: Double(b))
    }

    /// A line with ascender and descender measured from its baseline to its box.
    private func makeLine(words: [OCRWord], box: PixelBox, baseline: (Double, Double, Double, Double)) -> OCRLine {
        let (x0, y0, x1, y1) = baseline
        let slope = x1 != x0 ? (y1 - y0) / (x1 - x0) : 0
        let midX = (box.left + box.right) / 2
        let baselineAtMid = y0 + slope * (midX - x0)
        // The box of a sloped line includes the slope's rise; take it out of the heights.
        let rise = abs(slope) * box.width / 2
        let ascender = max(1, baselineAtMid - box.top - rise)
        let descender = max(0, box.bottom - baselineAtMid - rise)
        return OCRLine(words: words, box: box, baseline: baseline, ascender: ascender, descender: descender)
    }
}
