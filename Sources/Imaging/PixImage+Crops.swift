import CLeptonica

/// Cutting parts out of a page raster and reading its pixels, for the label crops a second OCR
/// pass reads and for the forms finder's pixel walks.
extension PixImage {
    /// The part of the image inside `box`.
    /// - Throws: `ImagingError(.decodeFailed)` when the box lies outside the image.
    public func clipped(to box: PixelRegion) throws -> PixImage {
        try withPix { pix in
            var b = boxCreate(Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
            defer { boxDestroy(&b) }
            return try PixImage(pixClipRectangle(pix, b, nil), or: "cutting failed")
        }
    }

    /// A 1-bit image as 8-bit gray: set pixels black, others white.
    public func bilevelAsGray() throws -> PixImage {
        try withPix { try PixImage(pixConvert1To8(nil, $0, 255, 0), or: "gray conversion failed") }
    }

    /// A 1-bit image in a white border of `border` pixels on every side, made 8-bit, as
    /// Tesseract reads a crop best (print near an image's edge is read poorly).
    public func framedForReading(border: Int) throws -> PixImage {
        try withPix { bits in
            let w = pixGetWidth(bits), h = pixGetHeight(bits)
            var frame = pixCreate(w + Int32(2 * border), h + Int32(2 * border), 1)
            defer { pixDestroy(&frame) }
            guard let frame else { throw ImagingError(.decodeFailed, "framing failed") }
            _ = pixRasterop(frame, Int32(border), Int32(border), w, h, PIX_SRC, bits, 0, 0)
            return try PixImage(pixConvert1To8(nil, frame, 255, 0), or: "framing failed")
        }
    }

    /// The value of the pixel at (`x`, `y`); 0 outside the image.
    public func pixel(x: Int, y: Int) -> UInt32 {
        withPix { pix in
            guard x >= 0, y >= 0, x < Int(pixGetWidth(pix)), y < Int(pixGetHeight(pix)) else { return 0 }
            var value: UInt32 = 0
            pixGetPixel(pix, Int32(x), Int32(y), &value)
            return value
        }
    }

    /// The bits of a 1-bit image inside `area` (clipped to the image), row by row, with the
    /// area they cover; nil for other depths or an area outside the image.
    public func bits(in area: PixelRegion) -> (area: PixelRegion, bits: [Bool])? {
        withPix { pix in
            guard pixGetDepth(pix) == 1, let data = pixGetData(pix) else { return nil }
            let w = Int(pixGetWidth(pix)), h = Int(pixGetHeight(pix)), wpl = Int(pixGetWpl(pix))
            let x0 = max(0, area.x), y0 = max(0, area.y), x1 = min(w, area.right), y1 = min(h, area.bottom)
            guard x1 > x0, y1 > y0 else { return nil }
            var bits = [Bool](repeating: false, count: (x1 - x0) * (y1 - y0))
            for y in y0..<y1 {
                let row = data + y * wpl
                // Leptonica packs 1-bit rows in 32-bit words, the leftmost pixel in the top bit.
                for x in x0..<x1 where row[x >> 5] & (UInt32(0x8000_0000) >> UInt32(x & 31)) != 0 {
                    bits[(y - y0) * (x1 - x0) + (x - x0)] = true
                }
            }
            return (PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0), bits)
        }
    }
}

extension PixImage {
    /// A copy with `box` painted blank: white on gray and colour images, unset on bilevel ones
    /// (where a set pixel is ink).
    public func blanked(_ box: PixelRegion) throws -> PixImage {
        let blanked = try withPix { try PixImage(pixCopy(nil, $0), or: "copying failed") }
        blanked.withPix { target in
            _ = pixRasterop(target, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height),
                            depth == 1 ? PIX_CLR : PIX_SET, nil, 0, 0)
        }
        return blanked
    }
}
