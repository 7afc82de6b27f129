/// Brings a subsampled JPEG component to the image's full size. Factors of two use the
/// triangle ("fancy") filter decoders apply by default: each output sample weighs its
/// nearest input sample 3/4 and the next nearest 1/4, per direction, with edges repeated.
/// Other integral factors repeat samples.
enum JPEGUpsampler {
    /// A component's samples as the inverse DCT left them.
    struct Plane {
        var samples: [UInt8]
        /// Bytes per row in `samples` (whole blocks).
        var stride: Int
        /// The component's own size (samples that belong to the image).
        var width: Int
        var height: Int
    }

    /// `plane` at `width × height`, each input sample covering `xFactor × yFactor` outputs.
    static func fullSize(_ plane: Plane, xFactor: Int, yFactor: Int, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        guard plane.width > 0, plane.height > 0, plane.samples.count >= plane.stride * plane.height else { return out }
        let lastX = plane.width - 1, lastY = plane.height - 1
        plane.samples.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                switch (xFactor, yFactor) {
                case (2, 2), (2, 1):
                    // Vertical triangle sums scaled by 4 (×1 when there is no vertical step).
                    var sums = [Int](repeating: 0, count: plane.width)
                    for y in 0..<height {
                        let j = min(y / yFactor, lastY)
                        let near = j * plane.stride
                        if yFactor == 2 {
                            let far = (y % 2 == 0 ? max(j - 1, 0) : min(j + 1, lastY)) * plane.stride
                            for i in 0...lastX { sums[i] = 3 * Int(src[near + i]) + Int(src[far + i]) }
                        } else {
                            for i in 0...lastX { sums[i] = 4 * Int(src[near + i]) }
                        }
                        // Rounding alternates so that errors do not add up one way: +8 then +7
                        // in 2×2 (libjpeg's), +1 then +2 (scaled by 4 here) in 2×1.
                        let (evenBias, oddBias) = yFactor == 2 ? (8, 7) : (4, 8)
                        let row = y * width
                        for i in 0...lastX {
                            let left = sums[max(i - 1, 0)], right = sums[min(i + 1, lastX)], centre = 3 * sums[i]
                            let x = 2 * i
                            if x < width { dst[row + x] = UInt8(clamping: (centre + left + evenBias) >> 4) }
                            if x + 1 < width { dst[row + x + 1] = UInt8(clamping: (centre + right + oddBias) >> 4) }
                        }
                    }
                case (1, 2):
                    for y in 0..<height {
                        let j = min(y / 2, lastY)
                        let near = j * plane.stride
                        let far = (y % 2 == 0 ? max(j - 1, 0) : min(j + 1, lastY)) * plane.stride
                        let bias = y % 2 == 0 ? 1 : 2
                        let row = y * width
                        for x in 0..<width {
                            let i = min(x, lastX)
                            dst[row + x] = UInt8(clamping: (3 * Int(src[near + i]) + Int(src[far + i]) + bias) >> 2)
                        }
                    }
                default:
                    for y in 0..<height {
                        let from = min(y / yFactor, lastY) * plane.stride
                        let row = y * width
                        for x in 0..<width { dst[row + x] = src[from + min(x / xFactor, lastX)] }
                    }
                }
            }
        }
        return out
    }
}
