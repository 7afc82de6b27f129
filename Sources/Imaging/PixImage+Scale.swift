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
