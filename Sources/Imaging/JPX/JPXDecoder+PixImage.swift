extension JPXDecoder.Image {
    /// The colour components (opacity channels left out): gray from the first, RGB from the
    /// first three; deeper samples rounded to 8 bits, as poppler does.
    func pixImage() throws -> PixImage {
        let colour = planes.indices.filter { !opacityChannels.contains($0) }
        let used = colour.count >= 3 ? Array(colour.prefix(3)) : Array(colour.prefix(1))
        guard !used.isEmpty else { throw JPXFailure.unsupported("an image of opacity channels only") }
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
                                    colorSpace: used.count == 3 ? .rgb : .gray, decode: nil, isMask: false)
    }
}
