extension JPXDecoder.Image {
    /// The components the JP2 header marks as opacity; without channel definitions, the last
    /// of two or four (gray or RGB with alpha).
    var alphaChannels: Set<Int> {
        if !opacityChannels.isEmpty { return opacityChannels }
        return planes.count == 2 || planes.count == 4 ? [planes.count - 1] : []
    }

    /// The colour components (opacity channels left out): gray from the first, RGB from the
    /// first three, CMYK from four; deeper samples rounded to 8 bits, as poppler does.
    func pixImage() throws -> PixImage {
        let colour = planes.indices.filter { !opacityChannels.contains($0) }
        let count = colour.count >= 4 && opacityChannels.isEmpty ? 4 : colour.count >= 3 ? 3 : 1
        let used = Array(colour.prefix(count))
        guard !used.isEmpty else { throw JPXFailure.unsupported("an image of opacity channels only") }
        return try image(of: used, space: count == 4 ? .cmyk : count == 3 ? .rgb : .gray)
    }

    /// The opacity channel as an 8-bit gray image (255 opaque), or nil when there is none.
    func alphaImage() throws -> PixImage? {
        guard let channel = alphaChannels.min() else { return nil }
        return try image(of: [channel], space: .gray)
    }

    private func image(of used: [Int], space: ImageColorSpace) throws -> PixImage {
        var bytes = [UInt8](repeating: 0, count: width * height * used.count)
        for (slot, c) in used.enumerated() {
            let precision = precisions[c]
            let plane = planes[c]
            for i in 0..<(width * height) {
                let value = Int(plane[i])
                let byte = precision > 8 ? min(255, (value + 1 << (precision - 9)) >> (precision - 8))
                    : value * 255 / ((1 << precision) - 1)
                bytes[i * used.count + slot] = UInt8(truncatingIfNeeded: byte)
            }
        }
        return try RawSamples.image(bytes, width: width, height: height, bitsPerComponent: 8,
                                    colorSpace: space, decode: nil, isMask: false)
    }
}
