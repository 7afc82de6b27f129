import Imaging
import OCR

/// How heavy each recognized line's letters are drawn, so `--outline` can tell bold headings
/// set at the body size from the text around them (Tesseract reports no weight).
public enum LineStrokes {
    /// The gray level below which a pixel is ink (the usual mid-gray cut for scans of text).
    public static let inkThreshold = 128

    /// Each line's mean horizontal run of ink (a stroke's width, crossbars averaged in) over
    /// the height of its tall letters, in the raster the lines were read from; nil when the
    /// raster cannot be thresholded.
    public static func measure(_ ocr: OCRPage, in raster: PageRaster) -> [Double]? {
        guard let mask = try? raster.image.inkMask(threshold: inkThreshold) else { return nil }
        return ocr.lines.map { line in
            let region = PixelRegion(x: Int(line.box.left), y: Int(line.box.top),
                                     width: max(1, Int(line.box.width)), height: max(1, Int(line.box.height)))
            guard let (area, bits) = mask.bits(in: region) else { return 0 }
            var ink = 0, runs = 0
            for row in 0..<area.height {
                var inRun = false
                for column in 0..<area.width {
                    let set = bits[row * area.width + column]
                    if set { ink += 1; if !inRun { runs += 1 } }
                    inRun = set
                }
            }
            let height = OutlineFromHeadings.letterHeight(of: line)
            return runs == 0 || height <= 0 ? 0 : Double(ink) / Double(runs) / height
        }
    }
}
