/// The arithmetic-coded generic region decoding procedure (T.88 §6.2.5): templates 0–3,
/// adaptive-template (AT) pixels, typical prediction (TPGDON) and a skip bitmap.
struct JBIG2GenericRegion {
    var template: Int
    /// AT pixel offsets (A1…A4 for template 0, A1 alone otherwise).
    var adaptive: [(x: Int, y: Int)]
    var typicalPrediction = false

    /// The nominal AT pixels of each template (§6.2.5.3).
    static func nominalAdaptive(template: Int) -> [(x: Int, y: Int)] {
        switch template {
        case 0: return [(3, -1), (-3, -1), (2, -2), (-2, -2)]
        case 1: return [(3, -1)]
        default: return [(2, -1)]
        }
    }

    /// How many contexts the template addresses.
    static func contextCount(template: Int) -> Int {
        switch template {
        case 0: return 1 << 16
        case 1: return 1 << 13
        default: return 1 << 10
        }
    }

    /// Decodes a `width` × `height` bitmap. `skip`, when given, marks pixels that are not coded and stay 0.
    func decode(width: Int, height: Int, decoder: inout JBIG2ArithmeticDecoder,
                contexts: inout JBIG2ArithmeticDecoder.Contexts, skip: JBIG2Bitmap? = nil) throws -> JBIG2Bitmap {
        var bitmap = try JBIG2Bitmap(width: width, height: height)
        guard contexts.values.count >= Self.contextCount(template: template) else {
            throw ImagingError(.decodeFailed, "JBIG2 generic region contexts do not fit the template")
        }
        let at = adaptive
        guard at.count >= (template == 0 ? 4 : 1) else {
            throw ImagingError(.decodeFailed, "JBIG2 generic region lacks adaptive pixels")
        }
        let sltp: Int = [0x9B25, 0x0795, 0x00E5, 0x0195][template & 3]
        var ltp = 0
        for y in 0..<height {
            // Truncated data: the rest would be noise, so the rows decoded so far are the result.
            if decoder.isExhausted { break }
            if typicalPrediction {
                ltp ^= decoder.decode(&contexts, sltp)
                if ltp == 1 {
                    if y > 0 { bitmap.copyRow(y - 1, to: y) }
                    continue
                }
            }
            // Sliding windows over the two rows above: r2 holds x-2…x+2 of row y-2, r1 holds
            // x-3…x+3 of row y-1, r0 the four decoded pixels left of x.
            var r2 = bitmap.pixel(0, y - 2) << 1 | bitmap.pixel(1, y - 2)
            var r1 = bitmap.pixel(0, y - 1) << 2 | bitmap.pixel(1, y - 1) << 1 | bitmap.pixel(2, y - 1)
            var r0 = 0
            for x in 0..<width {
                r2 = (r2 << 1 | bitmap.pixel(x + 2, y - 2)) & 0x1F
                r1 = (r1 << 1 | bitmap.pixel(x + 3, y - 1)) & 0x7F
                if let skip, skip.pixel(x, y) != 0 {
                    r0 = (r0 << 1) & 0xF
                    continue
                }
                let context: Int
                switch template {
                case 0:
                    context = ((r2 >> 1) & 7) << 12 | ((r1 >> 1) & 0x1F) << 5 | r0
                        | bitmap.pixel(x + at[0].x, y + at[0].y) << 4
                        | bitmap.pixel(x + at[1].x, y + at[1].y) << 10
                        | bitmap.pixel(x + at[2].x, y + at[2].y) << 11
                        | bitmap.pixel(x + at[3].x, y + at[3].y) << 15
                case 1:
                    context = (r2 & 0xF) << 9 | ((r1 >> 1) & 0x1F) << 4 | (r0 & 7)
                        | bitmap.pixel(x + at[0].x, y + at[0].y) << 3
                case 2:
                    context = ((r2 >> 1) & 7) << 7 | ((r1 >> 2) & 0xF) << 3 | (r0 & 3)
                        | bitmap.pixel(x + at[0].x, y + at[0].y) << 2
                default:
                    context = ((r1 >> 2) & 0x1F) << 5 | r0
                        | bitmap.pixel(x + at[0].x, y + at[0].y) << 4
                }
                let bit = decoder.decode(&contexts, context)
                if bit != 0 { bitmap.setPixel(x, y, 1) }
                r0 = (r0 << 1 | bit) & 0xF
            }
        }
        return bitmap
    }
}
