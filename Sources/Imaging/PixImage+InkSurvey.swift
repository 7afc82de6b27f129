import CLeptonica

extension PixImage {
    /// Whether the image holds nothing that could be text: after reducing it to about
    /// 100 dpi and thresholding, no mark is the size of a character. Scanner speckle is too
    /// small to count and a page with a single short word is not blank; photographs and
    /// black borders larger than any glyph do not count as text either.
    /// - Parameter dpi: the image's resolution.
    public func looksBlank(dpi: Int) throws -> Bool {
        let target = 100.0
        let factor = dpi > Int(target) ? target / Double(dpi) : 1
        let reduced: PixImage
        if factor < 1 {
            reduced = try withPix { pix in
                depth == 1 ? try PixImage(pixScaleToGray(pix, Float(factor)), or: "reduction failed")
                    : try PixImage(pixScaleAreaMap(pix, Float(factor), Float(factor)), or: "reduction failed")
            }
        } else {
            reduced = self
        }
        let gray = try reduced.gray8()
        let binary = try gray.withPix { try PixImage(pixThresholdToBinary($0, 128), or: "thresholding failed") }
        let effective = Double(dpi) * factor
        let minimumHeight = Int32((0.035 * effective).rounded(.up))    // ~2.5 pt: tiny text still counts
        let maximumHeight = Int32(1.5 * effective)                     // taller than any body glyph
        return binary.withPix { pix in
            var owned: UnsafeMutablePointer<BOXA>? = pixConnCompBB(pix, 8)
            defer { boxaDestroy(&owned) }
            guard let boxes = owned else { return false }
            for index in 0..<boxaGetCount(boxes) {
                var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
                boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h)
                if h >= minimumHeight && h <= maximumHeight && w >= 2 && w <= maximumHeight * 4 { return false }
            }
            return true
        }
    }
}
