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
        // Template 0 with the nominal AT pixels (what encoders use) takes all 16 bits from the windows.
        let nominal = template == 0 && at[0] == (3, -1) && at[1] == (-3, -1) && at[2] == (2, -2) && at[3] == (-2, -2)
        if nominal && skip == nil {
            decodeNominalTemplate0(into: &bitmap, decoder: &decoder, contexts: &contexts)
            return bitmap
        }
        let stride = bitmap.stride
        var ltp = 0
        bitmap.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Pixels of rows already decoded; outside the bitmap they read as 0.
            @inline(__always) func pixel(_ x: Int, _ y: Int) -> Int {
                guard x >= 0, x < width, y >= 0, y < height else { return 0 }
                return Int(base[y * stride + x >> 3] >> UInt8(7 - x & 7)) & 1
            }
            for y in 0..<height {
                // Truncated data: the rest would be noise, so the rows decoded so far are the result.
                if decoder.isExhausted { break }
                if typicalPrediction {
                    ltp ^= decoder.decode(&contexts, sltp)
                    if ltp == 1 {
                        if y > 0 { (base + y * stride).update(from: base + (y - 1) * stride, count: stride) }
                        continue
                    }
                }
                // Sliding windows over the rows above: r2 holds x-2…x+2 of row y-2, r1 holds
                // x-3…x+3 of row y-1, r0 the four decoded pixels left of x.
                var r2 = pixel(0, y - 2) << 1 | pixel(1, y - 2)
                var r1 = pixel(0, y - 1) << 2 | pixel(1, y - 1) << 1 | pixel(2, y - 1)
                var r0 = 0
                let row = y * stride
                for x in 0..<width {
                    r2 = (r2 << 1 | pixel(x + 2, y - 2)) & 0x1F
                    r1 = (r1 << 1 | pixel(x + 3, y - 1)) & 0x7F
                    if let skip, skip.pixel(x, y) != 0 {
                        r0 = (r0 << 1) & 0xF
                        continue
                    }
                    let context: Int
                    switch template {
                    case 0 where nominal:
                        context = (r2 & 0x10) << 11 | ((r2 >> 1) & 7) << 12 | (r2 & 1) << 11 | (r1 & 0x40) << 4
                            | ((r1 >> 1) & 0x1F) << 5 | (r1 & 1) << 4 | r0
                    case 0:
                        context = ((r2 >> 1) & 7) << 12 | ((r1 >> 1) & 0x1F) << 5 | r0
                            | pixel(x + at[0].x, y + at[0].y) << 4
                            | pixel(x + at[1].x, y + at[1].y) << 10
                            | pixel(x + at[2].x, y + at[2].y) << 11
                            | pixel(x + at[3].x, y + at[3].y) << 15
                    case 1:
                        context = (r2 & 0xF) << 9 | ((r1 >> 1) & 0x1F) << 4 | (r0 & 7)
                            | pixel(x + at[0].x, y + at[0].y) << 3
                    case 2:
                        context = ((r2 >> 1) & 7) << 7 | ((r1 >> 2) & 0xF) << 3 | (r0 & 3)
                            | pixel(x + at[0].x, y + at[0].y) << 2
                    default:
                        context = ((r1 >> 2) & 0x1F) << 5 | r0
                            | pixel(x + at[0].x, y + at[0].y) << 4
                    }
                    let bit = decoder.decode(&contexts, context)
                    if bit != 0 { base[row + x >> 3] |= UInt8(0x80) >> UInt8(x & 7) }
                    r0 = (r0 << 1 | bit) & 0xF
                }
            }
        }
        return bitmap
    }
}
