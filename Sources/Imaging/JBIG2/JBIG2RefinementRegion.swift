/// The generic refinement region decoding procedure (T.88 §6.3.5): a bitmap coded relative to a
/// reference bitmap, templates 0 and 1, with typical prediction (TPGRON).
struct JBIG2RefinementRegion {
    var template: Int
    /// GRAT1 and GRAT2 (template 0 only).
    var adaptive: [(x: Int, y: Int)] = [(-1, -1), (-1, -1)]
    var typicalPrediction = false

    static func contextCount(template: Int) -> Int { template == 0 ? 1 << 13 : 1 << 10 }

    /// Decodes a `width` × `height` bitmap refining `reference`, offset by (dx, dy).
    func decode(width: Int, height: Int, reference: JBIG2Bitmap, dx: Int, dy: Int,
                decoder: inout JBIG2ArithmeticDecoder,
                contexts: inout JBIG2ArithmeticDecoder.Contexts) throws -> JBIG2Bitmap {
        var bitmap = try JBIG2Bitmap(width: width, height: height)
        guard contexts.values.count >= Self.contextCount(template: template), adaptive.count >= 2 else {
            throw ImagingError(.decodeFailed, "JBIG2 refinement contexts do not fit the template")
        }
        let sltp = template == 0 ? 0x0010 : 0x0008
        var ltp = 0
        let a1 = adaptive[0], a2 = adaptive[1]
        for y in 0..<height {
            if decoder.isExhausted { break }
            if typicalPrediction { ltp ^= decoder.decode(&contexts, sltp) }
            let ry = y - dy
            for x in 0..<width {
                let rx = x - dx
                if ltp == 1 {
                    // Inside a uniform 3 × 3 reference neighbourhood the pixel is predicted.
                    let v = reference.pixel(rx, ry)
                    var uniform = true
                    check: for j in -1...1 {
                        for i in -1...1 where reference.pixel(rx + i, ry + j) != v {
                            uniform = false
                            break check
                        }
                    }
                    if uniform {
                        if v != 0 { bitmap.setPixel(x, y, 1) }
                        continue
                    }
                }
                // Bits from high to low: the coded pixels above and left, then the reference's
                // 3 × 3 neighbourhood row by row; TPGRON's context is the centre reference bit alone.
                let context: Int
                if template == 0 {
                    context = bitmap.pixel(x + a1.x, y + a1.y) << 12 | bitmap.pixel(x, y - 1) << 11
                        | bitmap.pixel(x + 1, y - 1) << 10 | bitmap.pixel(x - 1, y) << 9
                        | reference.pixel(rx + a2.x, ry + a2.y) << 8 | reference.pixel(rx, ry - 1) << 7
                        | reference.pixel(rx + 1, ry - 1) << 6 | reference.pixel(rx - 1, ry) << 5
                        | reference.pixel(rx, ry) << 4 | reference.pixel(rx + 1, ry) << 3
                        | reference.pixel(rx - 1, ry + 1) << 2 | reference.pixel(rx, ry + 1) << 1
                        | reference.pixel(rx + 1, ry + 1)
                } else {
                    context = bitmap.pixel(x - 1, y - 1) << 9 | bitmap.pixel(x, y - 1) << 8
                        | bitmap.pixel(x + 1, y - 1) << 7 | bitmap.pixel(x - 1, y) << 6
                        | reference.pixel(rx, ry - 1) << 5 | reference.pixel(rx - 1, ry) << 4
                        | reference.pixel(rx, ry) << 3 | reference.pixel(rx + 1, ry) << 2
                        | reference.pixel(rx, ry + 1) << 1 | reference.pixel(rx + 1, ry + 1)
                }
                if decoder.decode(&contexts, context) != 0 { bitmap.setPixel(x, y, 1) }
            }
        }
        return bitmap
    }
}
