import CLeptonica

extension PixImage {
    /// The side of the square windows `structuralSimilarity` compares, in pixels: JPEG's
    /// own block size, so a window sees one block's loss.
    static let ssimWindow = 8

    /// The structural similarity (SSIM, Wang et al. 2004) of this image's luminance and
    /// `other`'s, averaged over 8×8 windows: 1 for identical images, above 0.99 for copies a
    /// reader cannot tell apart. The images must have the same size.
    /// - Throws: `ImagingError(.encodeFailed)` when the sizes differ.
    public func structuralSimilarity(to other: PixImage) throws -> Double {
        guard width == other.width, height == other.height else {
            throw ImagingError(.encodeFailed, "images of different sizes cannot be compared")
        }
        let a = try gray8().packedSamples().data, b = try other.gray8().packedSamples().data
        let n = Self.ssimWindow
        // The constants of the SSIM paper for 8-bit samples: (0.01·255)² and (0.03·255)².
        let c1 = 6.5025, c2 = 58.5225
        var total = 0.0
        var windows = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var y = 0
                while y + n <= height {
                    var x = 0
                    while x + n <= width {
                        var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                        for row in y..<(y + n) {
                            let base = row * width
                            for column in x..<(x + n) {
                                let p = Double(a[base + column]), q = Double(b[base + column])
                                sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q
                            }
                        }
                        let count = Double(n * n)
                        let ma = sa / count, mb = sb / count
                        let va = saa / count - ma * ma, vb = sbb / count - mb * mb, cov = sab / count - ma * mb
                        total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                        windows += 1
                        x += n
                    }
                    y += n
                }
            }
        }
        return windows == 0 ? 1 : total / Double(windows)
    }
}
