import CLeptonica

extension PixImage {
    /// A copy reduced to `width` × `height` by area averaging (each new pixel the mean of
    /// the pixels it covers; linear interpolation for reductions by less than 0.7), so text
    /// and halftones do not alias as they would with sampling. Gray and colour images only; the size must not grow.
    /// - Throws: `ImagingError` for a bilevel or colour-mapped image, or a larger size.
    public func downsampled(width newWidth: Int, height newHeight: Int) throws -> PixImage {
        guard newWidth >= 1, newHeight >= 1, newWidth <= width, newHeight <= height else {
            throw ImagingError(.unsupported, "downsampling \(width)×\(height) to \(newWidth)×\(newHeight)")
        }
        if newWidth == width && newHeight == height { return self }
        let source = try normalizedForEmbedding()
        guard source.depth == 8 || source.depth == 32 else {
            throw ImagingError(.unsupported, "downsampling \(source.depth)-bit images")
        }
        let sx = Float(newWidth) / Float(width), sy = Float(newHeight) / Float(height)
        // Area mapping only pays below 0.7, where Leptonica itself turns to interpolation
        // (with a warning on standard error); interpolate directly there.
        let scaled = try source.withPix { pix in
            try PixImage(sx >= 0.7 && sy >= 0.7 ? pixScaleLI(pix, sx, sy) : pixScaleAreaMap(pix, sx, sy), or: "downsampling failed")
        }
        // Area mapping rounds the size; the image dictionary must state it exactly.
        return try scaled.scaled(width: newWidth, height: newHeight)
    }

    /// The pixels as a PDF image stores its samples: 8-bit gray (one component) or 8-bit
    /// RGB (three); bilevel images as 1-bit samples with 1 white. Colour maps and alpha are
    /// removed first.
    public func pdfSamples() throws -> (data: [UInt8], bitsPerComponent: Int, components: Int) {
        let source = try normalizedForEmbedding()
        var samples = source.packedSamples()
        if samples.bitsPerComponent == 1 {
            // Leptonica's 1 is black, PDF gray's 1 is white.
            for i in samples.data.indices { samples.data[i] = ~samples.data[i] }
        }
        return samples
    }
}

extension PixImage {
    /// A 1-bit image reduced to 8-bit gray of exactly `width` × `height` (both no larger):
    /// each new pixel is the share of white in the block of whole source pixels it covers
    /// (blocks of ⌊n/m⌋ or ⌈n/m⌉ pixels, as renderers box-filter a shrinking image). Black is
    /// counted a machine word at a time and blank rows are skipped, so a 35,000-pixel-square
    /// scan reduces without an intermediate full-size gray or enlarged bilevel copy.
    /// - Throws: `ImagingError` for a depth other than 1, a larger size, or no memory.
    func bilevelReduced(width w: Int, height h: Int) throws -> PixImage {
        let sw = width, sh = height
        guard depth == 1, w >= 1, h >= 1, w <= sw, h <= sh else {
            throw ImagingError(.unsupported, "reducing a \(depth)-bit \(sw)×\(sh) image to \(w)×\(h) gray")
        }
        // Every byte of every row, padding included, is written below.
        guard let out = pixCreateNoInit(Int32(w), Int32(h), 8) else { throw ImagingError(.tooLarge, "out of memory") }
        let result = PixImage(owning: out)
        let dwpl = Int(pixGetWpl(out))
        let dst = UnsafeMutableRawPointer(pixGetData(out)!).assumingMemoryBound(to: UInt8.self)
        withPix { pix in
            let swpl = Int(pixGetWpl(pix))
            let src = UnsafePointer(pixGetData(pix)!)
            // Source columns [bounds[j], bounds[j + 1]) make new column j.
            let bounds = UnsafeMutableBufferPointer<Int>.allocate(capacity: w + 1)
            let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: w)
            defer { bounds.deallocate(); counts.deallocate() }
            for j in 0...w { bounds[j] = j * sw / w }
            counts.initialize(repeating: 0)
            var row = 0, rowStart = 0, rowEnd = sh / h, inked = false
            for y in 0..<sh {
                let line = src + y * swpl
                var blank = true
                for k in 0..<swpl where line[k] != 0 { blank = false; break }
                if !blank {
                    inked = true
                    // Black before each column bound, from whole words plus the bound's own word.
                    var word = 0, before = 0, previous = 0
                    for j in 0..<w {
                        let bound = bounds[j + 1], index = bound >> 5, bit = bound & 31
                        while word < index { before += line[word].nonzeroBitCount; word += 1 }
                        let upTo = bit == 0 ? before : before + (line[index] >> (32 - UInt32(bit))).nonzeroBitCount
                        counts[j] += upTo - previous
                        previous = upTo
                    }
                }
                guard y + 1 == rowEnd else { continue }
                let outLine = dst + row * dwpl * 4
                if inked {
                    let rows = rowEnd - rowStart
                    for j in 0..<w {
                        let area = (bounds[j + 1] - bounds[j]) * rows
                        outLine[j ^ 3] = UInt8(255 - (counts[j] * 255 + area / 2) / area)
                        counts[j] = 0
                    }
                    for j in w..<(dwpl * 4) { outLine[j ^ 3] = 255 }
                } else {
                    outLine.initialize(repeating: 255, count: dwpl * 4)
                }
                row += 1
                rowStart = rowEnd
                rowEnd = (row + 1) * sh / h
                inked = false
            }
        }
        return result
    }
}
