import PDF

/// Writes a recognized page as hOCR 1.2 (an XHTML page whose elements carry `bbox` titles
/// in raster pixels), the format Tesseract, OCRmyPDF and many viewers exchange.
public enum HOCRWriter {
    /// A complete hOCR document for one page.
    /// - Parameters:
    ///   - pageNumber: 1-based page number, used in element ids.
    ///   - imageName: what the `image` property names (e.g. the source file).
    public static func document(_ page: OCRPage, pageNumber: Int, imageName: String = "") -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
        <head>
        <title>\(XMLEscaping.attribute(imageName))</title>
        <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
        <meta name="ocr-system" content="legible"/>
        <meta name="ocr-capabilities" content="ocr_page ocr_carea ocr_line ocrx_word ocrp_wconf"/>
        </head>
        <body>

        """
        let p = pageNumber
        out += "<div class=\"ocr_page\" id=\"page_\(p)\" title=\"image &quot;\(XMLEscaping.attribute(imageName))&quot;; bbox 0 0 \(page.width) \(page.height); ppageno \(p - 1); scan_res \(page.dpi) \(page.dpi)\">\n"
        var lineNumber = 0, wordNumber = 0
        for (b, block) in page.blocks.enumerated() {
            let blockBox = union(block.lines.map(\.box))
            out += " <div class=\"ocr_carea\" id=\"block_\(p)_\(b + 1)\" title=\"\(bbox(blockBox))\">\n"
            for line in block.lines {
                lineNumber += 1
                let (x0, y0, x1, y1) = line.baseline
                let slope = x1 != x0 ? (y1 - y0) / (x1 - x0) : 0
                let offset = y0 + slope * (line.box.left - x0) - line.box.bottom
                out += "  <span class=\"ocr_line\" id=\"line_\(p)_\(lineNumber)\" title=\"\(bbox(line.box)); baseline \(format(slope)) \(format(offset)); x_size \(format(line.ascender + line.descender)); x_descenders \(format(line.descender))\">"
                for word in line.words {
                    wordNumber += 1
                    out += "<span class=\"ocrx_word\" id=\"word_\(p)_\(wordNumber)\" title=\"\(bbox(word.box)); x_wconf \(Int(word.confidence.rounded()))\">\(XMLEscaping.attribute(word.text))</span> "
                }
                out += "</span>\n"
            }
            out += " </div>\n"
        }
        out += "</div>\n</body>\n</html>\n"
        return out
    }

    private static func bbox(_ box: PixelBox) -> String {
        "bbox \(Int(box.left.rounded())) \(Int(box.top.rounded())) \(Int(box.right.rounded())) \(Int(box.bottom.rounded()))"
    }

    static func union(_ boxes: [PixelBox]) -> PixelBox {
        guard let first = boxes.first else { return PixelBox(left: 0, top: 0, right: 0, bottom: 0) }
        return boxes.dropFirst().reduce(first) {
            PixelBox(left: min($0.left, $1.left), top: min($0.top, $1.top), right: max($0.right, $1.right), bottom: max($0.bottom, $1.bottom))
        }
    }

    /// A number to at most three decimals (`PDFNumber.rounded`).
    static func format(_ value: Double) -> String { PDFNumber.rounded(value, decimals: 3) }
}
