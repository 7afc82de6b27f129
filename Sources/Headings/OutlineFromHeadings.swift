import OCR
import PDF
import PDFText
import PDFWriter

/// What `--outline` builds from: each page's lines measured for the heading detector, from
/// the recognized text of scanned pages and from the text of born-digital pages, and the
/// outline entries made of the headings found.
public enum OutlineFromHeadings {
    /// A recognized line's ascender (baseline to the top of its tall letters) as a share of
    /// the font size: about 0.7 em in common text faces (cap height 0.66-0.72 em), so
    /// recognized sizes compare with born-digital ones in the same document.
    public static let ascenderPerEm = 0.7

    /// Font-name parts that mark a bold face (`Helvetica-Bold`, `Arial,Bold`, `…-Semibold`,
    /// `…Black`, `…Heavy`).
    public static let boldMarkers = ["bold", "black", "heavy", "semibold", "demi"]

    /// Font-name parts that mark a typewriter face (`Courier`, `CMTT10`, `SFTT1000`,
    /// `LMMono10`, `DejaVuSansMono`, `Inconsolata`, `Consolas`).
    public static let monospaceMarkers = ["courier", "mono", "cmtt", "sftt", "lmtt", "typewriter", "consol"]

    /// The lines of a recognized page, in the page's user space.
    /// `strokes`: each line's stroke weight (`LineStrokes`), in the order of `ocr.lines`.
    public static func lines(of ocr: OCRPage, page: PDFPage, pixelToPage: Matrix, strokes: [Double]? = nil) -> [HeadingLine] {
        ocr.lines.enumerated().compactMap { index, line in
            let text = line.words.map(\.text).joined(separator: " ")
            let box = pixelToPage.transform(PDFRect(line.box.left, line.box.top, line.box.right, line.box.bottom))
            guard !text.isEmpty, line.box.height > 0 else { return nil }
            let pointsPerPixel = box.height / line.box.height
            let gaps = zip(line.words, line.words.dropFirst()).map { max(0, $1.box.left - $0.box.right) * pointsPerPixel }
            return HeadingLine(text: text, page: page.index, left: box.x0, right: box.x1, top: box.y1, bottom: box.y0,
                               size: letterHeight(of: line) * pointsPerPixel / ascenderPerEm, isBold: nil,
                               stroke: strokes.flatMap { $0.indices.contains(index) ? $0[index] : nil },
                               wordGaps: gaps,
                               pageBottom: page.cropBox.y0, pageHeight: page.cropBox.height)
        }
    }

    /// Where among a line's words' heights (baseline to top) its letter height is read: the
    /// upper quartile is the height of its tall letters (most lines have a capital or an
    /// ascender in most words), and one box standing above the rest — a check box read as
    /// a letter, a logo — does not move it as it moves the line's own box.
    public static let letterHeightQuantile = 0.75

    /// The height of a recognized line's tall letters above its baseline, in pixels.
    public static func letterHeight(of line: OCRLine) -> Double {
        let (x0, y0, x1, y1) = line.baseline
        let heights = line.words.filter { $0.text.contains(where: \.isLetter) }.map { word -> Double in
            let middle = (word.box.left + word.box.right) / 2
            let baseline = x1 == x0 ? y0 : y0 + (y1 - y0) * (middle - x0) / (x1 - x0)
            return baseline - word.box.top
        }.filter { $0 > 0 }.sorted()
        guard !heights.isEmpty else { return line.ascender }
        return heights[Int(letterHeightQuantile * Double(heights.count - 1))]
    }

    /// The lines of a page's text (visible text; a page with only invisible text, an OCR
    /// layer, gives that).
    public static func lines(of text: PageText, page: PDFPage) -> [HeadingLine] {
        let hasVisible = text.lines.contains { $0.words.contains(where: \.isVisible) }
        return text.lines.compactMap { line in
            let words = line.words.filter { $0.isVisible || !hasVisible }
            guard !words.isEmpty else { return nil }
            // The size most of the line's characters are set in.
            let sizes = words.flatMap { word in Array(repeating: word.fontSize, count: max(1, word.text.count)) }.sorted()
            func allIn(_ markers: [String]) -> Bool {
                words.allSatisfy { word in
                    let name = word.fontName.lowercased()
                    return markers.contains { name.contains($0) }
                }
            }
            let box = words.dropFirst().reduce(words[0].box) { PDFRect(min($0.x0, $1.box.x0), min($0.y0, $1.box.y0), max($0.x1, $1.box.x1), max($0.y1, $1.box.y1)) }
            let gaps = zip(words, words.dropFirst()).map { max(0, $1.box.x0 - $0.box.x1) }
            return HeadingLine(text: words.map(\.text).joined(separator: " "), page: page.index, left: box.x0, right: box.x1,
                               top: box.y1, bottom: box.y0, size: sizes[sizes.count / 2], isBold: allIn(boldMarkers),
                               isMonospace: allIn(monospaceMarkers), wordGaps: gaps,
                               pageBottom: page.cropBox.y0, pageHeight: page.cropBox.height)
        }
    }

    /// The outline entries for `headings` (in reading order, with levels), nested by level.
    public static func entries(_ headings: [Heading], pages: [PDFPage]) -> [OutlineEntry] {
        var root: [OutlineEntry] = []
        for heading in headings where pages.indices.contains(heading.page) {
            let entry = OutlineEntry(title: heading.title, page: pages[heading.page].ref, left: heading.left,
                                     top: heading.top, isOpen: true)
            insert(entry, level: heading.level, into: &root)
        }
        return root
    }

    /// Appends `entry` as the last child of the last entry `level` levels down (or at the
    /// deepest level there is).
    private static func insert(_ entry: OutlineEntry, level: Int, into siblings: inout [OutlineEntry]) {
        if level <= 0 || siblings.isEmpty {
            siblings.append(entry)
        } else {
            insert(entry, level: level - 1, into: &siblings[siblings.count - 1].children)
        }
    }
}
