/// The resolution a page is recognized at, chosen from the page's own text: Tesseract's LSTM
/// scales every text line to a fixed height before reading it, so a scan finer than that
/// height needs only costs thresholding, layout analysis and connected components over pixels
/// the recognizer throws away. The page is reduced so that its body text's x-height lands at
/// `targetXHeight`; pages whose text is already that small or smaller keep their resolution,
/// and no page is ever enlarged.
public enum RecognitionResolution {
    /// The x-height in pixels at which Tesseract's `eng` LSTM model reads best for its cost
    /// (x-heights as `PixImage.surveyInk` measures them). Bare Tesseract on a 10 pt page at
    /// 300 dpi (x-height 21): CPU falls with the pixel count down to about 14 (0.79× at
    /// 200 dpi) and hardly below (0.77× at 165 and at 135 dpi), the LSTM's fixed cost per line,
    /// with the character error rate unchanged. Legible on ../shared/bench/ocr without multi30
    /// (19 pages, bench/ocr-resolution-sweep.sh): 0.74× the CPU of every page at its own
    /// resolution, CER best 0.00426 against 0.00412, word recall 0.9905 against 0.9912.
    public static let targetXHeight = 14.0

    /// Whether a bilevel page is reduced (to gray, by area) like any other. No: measured on
    /// the OCR benchmark's bilevel pages (bench/README.md, session 8), reducing them to gray
    /// cost accuracy (g4_300 CER best 0.00014 -> 0.00068, recall 0.9993 -> 0.9948 at target 14)
    /// while keeping their resolution reads exactly as the unreduced run does.
    public static let reducesBilevelPages = false

    /// Never below this: Tesseract's layout analysis finds rules, punctuation and small print
    /// by pixel sizes tuned near 300 dpi, and a page of large type may still carry a footnote.
    public static let lowestResolution = 150

    /// Reductions by less than this share of the resolution are not worth a resampled copy
    /// (and its slight blur): the cost they save is within the page-to-page noise.
    public static let smallestWorthwhileReduction = 0.9

    /// The resolution to recognize at: `dpi` reduced so that `xHeight` (in pixels at `dpi`)
    /// becomes `target`, never below `lowestResolution`, never above `dpi`. Without an x-height
    /// (too few marks to measure), or with `target` 0, the page keeps `dpi`.
    public static func resolution(forXHeight xHeight: Double?, at dpi: Int, target: Double = targetXHeight) -> Int {
        guard let xHeight, xHeight > 0, target > 0 else { return dpi }
        let wanted = Double(dpi) * target / xHeight
        guard wanted < Double(dpi) * smallestWorthwhileReduction else { return dpi }
        return min(dpi, max(lowestResolution, Int(wanted.rounded(.up))))
    }
}
