import Imaging

/// Printed cells the page pass could not read: a header cell whose words Tesseract skipped
/// (a table's "Major" column title left as unrecognized marks) or read only as low-confidence
/// noise (a coloured title on a noisy scan). Such a cell is cut out on its own, black on white,
/// for the caller's OCR engine to read again — alone, its print is one short line Tesseract
/// reads well — and `replacing(_:in:with:)` puts the words found in place of the page pass's.
///
/// Blocking Leptonica calls: run on an OCR worker thread, like the finder.
public enum CellLabelCrops {
    /// Most cells read again on a page.
    static let maxCells = 16
    /// A word under this confidence is the page pass's guess, not a reading.
    static let minConfidence = 45.0

    /// The boxes of a page (layout space) worth reading again: a cell a line or two high holding
    /// letter-sized marks no word covers, or words that are all low-confidence guesses.
    public static func cells(toRead primitives: LayoutPrimitives) -> [LayoutRect] {
        let boxes = primitives.boxes
        var picked: [(cell: LayoutRect, weight: Int)] = []
        for box in boxes where box.width >= 18 && box.height >= 8 && box.height <= 40 {
            let inner = box.insetBy(1.5)
            if boxes.contains(where: { $0 != box && $0.area < box.area && inner.contains($0.center) }) { continue }
            let inside = { (r: LayoutRect) in inner.contains(r.center) }
            let words = primitives.words.filter { inside($0.rect) && $0.text.contains(where: { $0.isLetter || $0.isNumber }) }
            let letters = primitives.marks.filter { m in inside(m) && m.height >= 3 && m.height <= 20 && m.width <= 20 }
            if words.isEmpty {
                // Unread print: several letter-sized marks on one line or two.
                guard letters.count >= 3 else { continue }
                picked.append((box, letters.count))
            } else if words.allSatisfy({ ($0.confidence ?? 100) < minConfidence }) {
                picked.append((box, words.count + letters.count))
            }
        }
        return picked.sorted { $0.weight > $1.weight }.prefix(maxCells).map(\.cell)
    }

    /// The inside of a cell (`x`, `y`, `width`, `height` in the image's pixels, walls included)
    /// thresholded black on white, its walls left out, in a white border.
    /// - Throws: `FormsError(.unreadablePage)` when Leptonica fails.
    public static func crop(of image: PixImage, x: Int, y: Int, width: Int, height: Int, dpi: Int,
                            parameters: FormDetectionParameters = FormDetectionParameters()) throws -> (image: PixImage, x: Int, y: Int)? {
        let inset = max(2, Int((2.0 * Double(dpi) / 72).rounded())), border = max(4, Int((6.0 * Double(dpi) / 72).rounded()))
        let left = max(0, x + inset), top = max(0, y + inset)
        let right = min(image.width, x + width - inset), bottom = min(image.height, y + height - inset)
        guard right - left >= 8, bottom - top >= 6 else { return nil }
        let gray = try image.gray8()
        let cut = try FormsError.analysingRaster {
            try gray.clipped(to: PixelBox(x: left, y: top, width: right - left, height: bottom - top))
                .inkMask(threshold: Int(parameters.inkThreshold)).framedForReading(border: border)
        }
        return (cut, left - border, top - border)
    }

    /// The page's words with a cell's second reading put in: when it found a confident word
    /// with a letter, the page pass's words in the cell go and the confident ones found come in;
    /// otherwise the page's words stay as they were.
    public static func replacing(_ words: [LayoutWord], in cell: LayoutRect, with found: [LayoutWord]) -> [LayoutWord] {
        let read = found.filter { ($0.confidence ?? 100) >= minConfidence && $0.text.contains(where: { $0.isLetter || $0.isNumber }) }
        guard read.contains(where: { $0.text.contains(where: \.isLetter) }) else { return words }
        let inner = cell.insetBy(1)
        return words.filter { !inner.contains($0.rect.center) } + read
    }
}
