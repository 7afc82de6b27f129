import CLeptonica

extension PixImage {
    /// Per-channel difference of two images of the same size compared as RGB: the mean
    /// absolute difference over all channels, the largest one (0…255) and how many pixels
    /// differ by more than `beyond` in some channel.
    package func channelDifference(from other: PixImage, beyond: Int = 0) throws -> (mean: Double, max: Int, beyond: Int) {
        guard width == other.width, height == other.height else {
            throw ImagingError(.decodeFailed, "images of different sizes cannot be compared")
        }
        if depth == 1 && other.depth == 1 {
            // Bilevel images (some of 35,000 × 35,000 pixels) are compared without expanding them.
            let differing = try withPix { pa in
                try other.withPix { pb in try PixImage(pixXor(nil, pa, pb), or: "comparison failed") }
            }
            var count: Int32 = 0
            differing.withPix { _ = pixCountPixels($0, &count, nil) }
            return (255 * Double(count) / Double(Swift.max(1, width * height)), count > 0 ? 255 : 0, Int(count))
        }
        let a = try rgb32(), b = try other.rgb32()
        var total = 0, largest = 0, far = 0
        a.withPix { pa in
            b.withPix { pb in
                let wa = Int(pixGetWpl(pa)), wb = Int(pixGetWpl(pb))
                let da = pixGetData(pa)!, db = pixGetData(pb)!
                for y in 0..<height {
                    let la = da + y * wa, lb = db + y * wb
                    for x in 0..<width {
                        let u = la[x], v = lb[x]
                        if u | 0xFF == v | 0xFF { continue }
                        var pixelLargest = 0
                        for shift in [UInt32(24), 16, 8] {
                            let d = abs(Int(u >> shift & 0xFF) - Int(v >> shift & 0xFF))
                            total += d
                            pixelLargest = Swift.max(pixelLargest, d)
                        }
                        largest = Swift.max(largest, pixelLargest)
                        if pixelLargest > beyond { far += 1 }
                    }
                }
            }
        }
        return (Double(total) / Double(Swift.max(1, width * height * 3)), largest, far)
    }

    /// A negative copy.
    package func inverted() throws -> PixImage {
        try withPix { try PixImage(pixInvert(nil, $0), or: "invert failed") }
    }

    /// A bilevel copy: black where the gray value is below 128.
    package func binarized() throws -> PixImage {
        try gray8().withPix { try PixImage(pixThresholdToBinary($0, 128), or: "threshold failed") }
    }

    /// The 32-bit value of pixel (x, y) of a 32-bit image.
    package func pixel(_ x: Int, _ y: Int) -> UInt32 {
        withPix { pix in
            var value: UInt32 = 0
            pixGetPixel(pix, Int32(x), Int32(y), &value)
            return value
        }
    }

    /// The top-left `width` × `height` pixels.
    package func cropped(width w: Int, height h: Int) throws -> PixImage {
        if w == width && h == height { return self }
        return try withPix { pix in
            let box = boxCreate(0, 0, Int32(w), Int32(h))
            defer { var b = box; boxDestroy(&b) }
            return try PixImage(pixClipRectangle(pix, box, nil), or: "cropping failed")
        }
    }

    /// A 32-bit RGB copy (colour maps, gray and bilevel expanded; alpha dropped).
    package func rgb32() throws -> PixImage {
        let converted = try withPix { pix -> PixImage in
            if depth == 32 && pixGetColormap(pix) == nil { return self }
            return try PixImage(pixConvertTo32(pix), or: "RGB conversion failed")
        }
        return converted
    }
}
