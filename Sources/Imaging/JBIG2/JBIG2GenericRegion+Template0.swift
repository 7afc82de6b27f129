extension JBIG2GenericRegion {
    /// Template 0 with the nominal AT pixels and no skip bitmap, the form encoders write for
    /// whole pages: the same decisions as the general loop, read from copies of the two rows
    /// above padded with a zero byte (so no pixel needs a bounds check) and with the contexts'
    /// memory held for the whole region. A 2,550 × 3,300 page is 8.4 million decisions.
    func decodeNominalTemplate0(into bitmap: inout JBIG2Bitmap, decoder: inout JBIG2ArithmeticDecoder,
                                contexts: inout JBIG2ArithmeticDecoder.Contexts) {
        let width = bitmap.width, height = bitmap.height, stride = bitmap.stride
        guard width > 0, height > 0, contexts.values.count >= 1 << 16 else { return }
        let sltp = 0x9B25
        var ltp = 0
        // Rows y-1 and y-2, each `stride` bytes and one zero byte past the right edge.
        let above = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * (stride + 1))
        defer { above.deallocate() }
        above.initialize(repeating: 0, count: 2 * (stride + 1))
        var up1 = above, up2 = above + stride + 1
        @inline(__always) func bit(_ line: UnsafeMutablePointer<UInt8>, _ x: Int) -> Int {
            Int(line[x >> 3] >> UInt8(7 - x & 7)) & 1
        }
        contexts.values.withUnsafeMutableBufferPointer { cx in
            guard let cx = cx.baseAddress else { return }
            bitmap.bytes.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for y in 0..<height {
                    // Truncated data: the rest would be noise, so the rows decoded so far are the result.
                    if decoder.isExhausted { break }
                    // Row y-1 becomes the row two above; the row just decoded the row above.
                    swap(&up1, &up2)
                    if y > 0 { up1.update(from: base + (y - 1) * stride, count: stride) }
                    if typicalPrediction {
                        ltp ^= decoder.decode(context: cx + sltp)
                        if ltp == 1 {
                            if y > 0 { (base + y * stride).update(from: base + (y - 1) * stride, count: stride) }
                            continue
                        }
                    }
                    let row = base + y * stride
                    var r2 = bit(up2, 0) << 1 | bit(up2, 1)
                    var r1 = bit(up1, 0) << 2 | bit(up1, 1) << 1 | bit(up1, 2)
                    var r0 = 0
                    for x in 0..<width {
                        r2 = (r2 << 1 | bit(up2, x + 2)) & 0x1F
                        r1 = (r1 << 1 | bit(up1, x + 3)) & 0x7F
                        let context = (r2 & 0x10) << 11 | ((r2 >> 1) & 7) << 12 | (r2 & 1) << 11 | (r1 & 0x40) << 4
                            | ((r1 >> 1) & 0x1F) << 5 | (r1 & 1) << 4 | r0
                        let decided = decoder.decode(context: cx + context)
                        if decided != 0 { row[x >> 3] |= UInt8(0x80) >> UInt8(x & 7) }
                        r0 = (r0 << 1 | decided) & 0xF
                    }
                }
            }
        }
    }
}
