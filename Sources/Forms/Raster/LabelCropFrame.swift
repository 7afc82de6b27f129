import CLeptonica
import Imaging

/// The last step of the label crops read by a second OCR pass (sideways headers, unread cells).
enum LabelCropFrame {
    /// A one-bit crop put in a white border and made 8-bit, as Tesseract reads it best: print
    /// near the image's edge is read poorly. Nil when Leptonica fails; `bits` stays the caller's.
    static func framed(_ bits: UnsafeMutablePointer<PIX>?, border: Int) -> UnsafeMutablePointer<PIX>? {
        guard let bits else { return nil }
        let w = pixGetWidth(bits), h = pixGetHeight(bits)
        var frame = pixCreate(w + Int32(2 * border), h + Int32(2 * border), 1)
        defer { pixDestroy(&frame) }
        guard let frame else { return nil }
        _ = pixRasterop(frame, Int32(border), Int32(border), w, h, PIX_SRC, bits, 0, 0)
        return pixConvert1To8(nil, frame, 255, 0)
    }
}
