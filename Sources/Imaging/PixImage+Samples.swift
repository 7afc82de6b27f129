import CLeptonica
import PDF

extension PixImage {
    /// A copy in one of the layouts `packedSamples` writes: 1-bit, 8-bit gray or 32-bit RGB,
    /// without colour map or alpha (alpha is blended onto white).
    func normalizedForEmbedding() throws -> PixImage {
        var image = self
        if image.withPix({ pixGetColormap($0) }) != nil {
            image = try image.withPix { try PixImage(pixRemoveColormap($0, Int32(REMOVE_CMAP_BASED_ON_SRC)), or: "colour map removal failed") }
        }
        if image.depth == 32 && image.withPix({ pixGetSpp($0) }) == 4 {
            image = try image.withPix { try PixImage(pixAlphaBlendUniform($0, 0xFFFF_FF00), or: "alpha removal failed") }
        }
        switch image.depth {
        case 1, 8, 32: return image
        case 16: return try image.withPix { try PixImage(pixConvert16To8($0, Int32(L_MS_BYTE)), or: "16-bit conversion failed") }
        default: return try image.withPix { try PixImage(pixConvertTo8($0, 0), or: "gray conversion failed") }
        }
    }

    /// Rows of samples, MSB first, as a PDF image stores them (1-bit: 1 is black).
    func packedSamples() -> (data: [UInt8], bitsPerComponent: Int, components: Int) {
        withPix { pix in packedSamples(of: pix) }
    }

    private func packedSamples(of pix: UnsafeMutablePointer<PIX>) -> (data: [UInt8], bitsPerComponent: Int, components: Int) {
        let w = width, h = height, wpl = Int(pixGetWpl(pix))
        let words = pixGetData(pix)!
        switch depth {
        case 1, 8:
            let bits = depth
            let rowBytes = (w * bits + 7) / 8
            var out = [UInt8](repeating: 0, count: rowBytes * h)
            for y in 0..<h {
                let line = words + y * wpl
                for i in 0..<rowBytes {
                    let word = line[i >> 2]
                    out[y * rowBytes + i] = UInt8(truncatingIfNeeded: word >> UInt32(24 - (i & 3) * 8))
                }
            }
            return (out, bits, 1)
        default:
            var out = [UInt8](repeating: 0, count: w * h * 3)
            for y in 0..<h {
                let line = words + y * wpl
                for x in 0..<w {
                    let v = line[x]
                    let o = (y * w + x) * 3
                    out[o] = UInt8(v >> 24); out[o + 1] = UInt8(v >> 16 & 0xFF); out[o + 2] = UInt8(v >> 8 & 0xFF)
                }
            }
            return (out, 8, 3)
        }
    }
}
