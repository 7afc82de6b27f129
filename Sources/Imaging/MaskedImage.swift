import CLeptonica
import PDF

/// An image as it paints: its colours and where they show (ISO 32000-1 §8.9.6, §11.6.5.3).
struct MaskedImage {
    /// Where the colours show.
    enum Coverage {
        /// Everywhere.
        case opaque
        /// Through an 8-bit alpha image of the colour image's size (255 shows fully).
        case alpha(PixImage)
        /// A stencil (`/ImageMask`): the 1-bit image paints the fill colour where it is 1.
        case stencil(UInt32)
    }

    /// The colours (1, 8 or 32 bits; for a stencil, the 1-bit mask itself).
    var color: PixImage
    var coverage: Coverage

    /// Decodes `placement`'s image with its mask: a stencil, a soft mask (`/SMask`, its
    /// `/Matte` colour taken out of the colours), a stencil `/Mask` or a colour-key `/Mask`.
    static func decode(_ placement: ImagePlacement, document: PDFDocument) throws -> MaskedImage {
        let dict = placement.stream.dictionary
        let image = try ImageDecoder.decode(placement.stream, document: document, resources: placement.resources)
        if placement.isStencil { return MaskedImage(color: image, coverage: .stencil(placement.fillColor)) }
        if case .stream(let smask) = document.resolve(dict["SMask"] ?? .null) {
            var alpha = try ImageDecoder.decode(smask, document: document).gray8()
            alpha = try alpha.scaled(width: image.width, height: image.height)
            let matte = document.resolve(smask.dictionary["Matte"] ?? .null).arrayValue?.compactMap(\.numberValue)
            var color = image
            if let matte, let space = try? ImageColorSpace.from(dict["ColorSpace"], document: document, resources: placement.resources),
               matte.count == space.components {
                color = try unpremultiplied(image, alpha: alpha, matte: SampleMapper.pack(space.rgb(matte)))
            }
            return MaskedImage(color: color, coverage: .alpha(alpha))
        }
        if let alpha = try ImageDecoder.jpxSoftMask(placement.stream, document: document) {
            return MaskedImage(color: image, coverage: .alpha(try alpha.scaled(width: image.width, height: image.height)))
        }
        switch document.resolve(dict["Mask"] ?? .null) {
        case .stream(let mask) where document.resolve(mask.dictionary["ImageMask"] ?? .null) != .bool(true)
                                      && mask.dictionary["ColorSpace"] != nil:
            // A /Mask that is an ordinary gray image rather than an image mask (issue6621.pdf's
            // seal): poppler and MuPDF both read it as a soft mask, white showing the image.
            let alpha = try ImageDecoder.decode(mask, document: document).gray8()
            return MaskedImage(color: image, coverage: .alpha(try alpha.scaled(width: image.width, height: image.height)))
        case .stream(var mask):
            // Mask samples of 1 hide the image, as a stencil's do where it does not paint.
            mask.dictionary["ImageMask"] = .bool(true)
            let bits = try ImageDecoder.decode(mask, document: document)
            let shown = try bits.withPix { try PixImage(pixConvert1To8(nil, $0, 0, 255), or: "mask conversion failed") }
            return MaskedImage(color: image, coverage: .alpha(try shown.scaled(width: image.width, height: image.height)))
        case .array(let items):
            let ranges = items.compactMap { document.resolve($0).intValue }
            guard let alpha = try colorKeyAlpha(placement, ranges: ranges, document: document) else { break }
            return MaskedImage(color: image, coverage: .alpha(alpha))
        default: break
        }
        return MaskedImage(color: image, coverage: .opaque)
    }

    /// Alpha hiding pixels whose every raw sample lies in its `[min max]` pair (colour-key
    /// masking); nil when the image is not stored as raw samples.
    private static func colorKeyAlpha(_ placement: ImagePlacement, ranges: [Int], document: PDFDocument) throws -> PixImage? {
        let dict = placement.stream.dictionary
        let (data, codec, _) = try document.imageData(of: placement.stream)
        guard codec == nil else { return nil }
        let width = document.resolve(dict["Width"] ?? .null).intValue ?? 0
        let height = document.resolve(dict["Height"] ?? .null).intValue ?? 0
        let bpc = document.resolve(dict["BitsPerComponent"] ?? .null).intValue ?? 8
        let space = try ImageColorSpace.from(dict["ColorSpace"], document: document, resources: placement.resources)
        let n = space.components
        guard ranges.count >= 2 * n, [1, 2, 4, 8, 16].contains(bpc) else { return nil }
        try RawSamples.checkSize(width: width, height: height)
        let rowBytes = (width * n * bpc + 7) / 8
        guard let pix = pixCreate(Int32(width), Int32(height), 8) else { throw ImagingError(.tooLarge, "out of memory for a mask") }
        let alpha = PixImage(owning: pix)
        let wpl = Int(pixGetWpl(pix))
        let base = UnsafeMutableRawPointer(pixGetData(pix)!).assumingMemoryBound(to: UInt8.self)
        var samples = data
        if samples.count < rowBytes * height { samples += [UInt8](repeating: 0xFF, count: rowBytes * height - samples.count) }
        samples.withUnsafeBufferPointer { src in
            var reader = SampleReader(bytes: src, bitsPerComponent: bpc)
            for y in 0..<height {
                reader.seek(row: y, rowBytes: rowBytes)
                let line = base + y * wpl * 4
                for x in 0..<width {
                    var hidden = true
                    for c in 0..<n {
                        let v = reader.next()
                        if v < ranges[2 * c] || v > ranges[2 * c + 1] { hidden = false }
                    }
                    line[x ^ 3] = hidden ? 0 : 255
                }
            }
        }
        return alpha
    }

    /// Colours of an image premultiplied with `matte`, divided back: c = m + (c′ − m) / α.
    private static func unpremultiplied(_ image: PixImage, alpha: PixImage, matte: UInt32) throws -> PixImage {
        let color = try image.rgb32()
        guard let copy = color.withPix({ pixCopy(nil, $0) }) else { throw ImagingError(.tooLarge, "out of memory") }
        let out = PixImage(owning: copy)
        let w = out.width, h = out.height
        out.withPix { pix in
            alpha.withPix { apix in
                let wpl = Int(pixGetWpl(pix)), awpl = Int(pixGetWpl(apix))
                let data = pixGetData(pix)!
                let adata = UnsafeMutableRawPointer(pixGetData(apix)!).assumingMemoryBound(to: UInt8.self)
                for y in 0..<h {
                    let line = data + y * wpl, aline = adata + y * awpl * 4
                    for x in 0..<w {
                        let a = Int(aline[x ^ 3])
                        guard a > 0 && a < 255 else { continue }
                        var v: UInt32 = 0xFF
                        for shift in [UInt32(24), 16, 8] {
                            let m = Int(matte >> shift & 0xFF), c = Int(line[x] >> shift & 0xFF)
                            v |= UInt32(max(0, min(255, m + (c - m) * 255 / a))) << shift
                        }
                        line[x] = v
                    }
                }
            }
        }
        return image.depth == 8 ? try out.gray8() : out
    }
}
