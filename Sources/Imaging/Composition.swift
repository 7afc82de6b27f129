import CLeptonica
import PDF

/// A white page canvas images are painted onto, in device pixels (x right, y down).
struct Canvas {
    private let pix: PixImage
    let isColor: Bool
    /// The canvas's pixels, whitened or not, for painting into.
    var pixImage: PixImage { pix }
    /// Whether the canvas has been made white: it is not until something shows through, so a
    /// first image covering the whole page is painted without whitening the page before it.
    private var whitened = false
    var width: Int { pix.width }
    var height: Int { pix.height }

    init(width: Int, height: Int, color: Bool) throws {
        // A colour canvas has no row padding, and every pixel is painted or whitened before use.
        guard let pix = color ? pixCreateNoInit(Int32(width), Int32(height), 32) : pixCreate(Int32(width), Int32(height), 8) else {
            throw ImagingError(.tooLarge, "out of memory for a \(width)×\(height) page raster")
        }
        self.pix = PixImage(owning: pix)
        isColor = color
    }

    /// The page as painted so far.
    var image: PixImage {
        mutating get {
            whiten()
            return pix
        }
    }

    private mutating func whiten() {
        guard !whitened else { return }
        pix.withPix { _ = pixSetAllArbitrary($0, isColor ? 0xFFFF_FFFF : 255) }
        whitened = true
    }

    /// Paints `masked` (already oriented and scaled to `rect`'s size) at `rect`, only inside `clip`.
    mutating func paint(_ masked: MaskedImage, at rect: PixelRect, clip: PixelRect) throws {
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let visible = rect.intersection(clip)?.intersection(whole) else { return }
        if case .opaque = masked.coverage, visible == whole { whitened = true }
        whiten()
        switch masked.coverage {
        case .opaque:
            if paintDirectly(masked.color, at: rect, visible: visible) { break }
            let source = try converted(masked.color)
            pix.withPix { canvas in
                source.withPix { src in
                    _ = pixRasterop(canvas, Int32(visible.x), Int32(visible.y), Int32(visible.width), Int32(visible.height),
                                    PIX_SRC, src, Int32(visible.x - rect.x), Int32(visible.y - rect.y))
                }
            }
        case .alpha(let alpha):
            try blend(try converted(masked.color), alpha: alpha.gray8(), color: nil, rect: rect, visible: visible)
        case .stencil(let fill):
            try blend(nil, alpha: masked.color.gray8Coverage(), color: fill, rect: rect, visible: visible)
        }
    }

    /// The image in the canvas's depth.
    private func converted(_ source: PixImage) throws -> PixImage {
        if isColor { return try source.rgb32() }
        return try source.gray8()
    }

    /// canvas = source × α + canvas × (1 − α) over `visible`; a nil source paints `color`.
    private func blend(_ source: PixImage?, alpha: PixImage, color: UInt32?, rect: PixelRect, visible: PixelRect) throws {
        let fill = color ?? 0
        let red = Int(fill >> 24), green = Int(fill >> 16 & 0xFF), blue = Int(fill >> 8 & 0xFF)
        let fillGray = (red * 299 + green * 587 + blue * 114 + 500) / 1000
        pix.withPix { canvas in
            alpha.withPix { apix in
                let cwpl = Int(pixGetWpl(canvas)), awpl = Int(pixGetWpl(apix))
                let cdata = pixGetData(canvas)!
                let adata = UnsafeMutableRawPointer(pixGetData(apix)!).assumingMemoryBound(to: UInt8.self)
                let sdata = source?.withPix { pixGetData($0) }
                let swpl = source?.withPix { Int(pixGetWpl($0)) } ?? 0
                for y in visible.y..<(visible.y + visible.height) {
                    let sy = y - rect.y
                    let cline = cdata + y * cwpl
                    let aline = adata + sy * awpl * 4
                    for x in visible.x..<(visible.x + visible.width) {
                        let sx = x - rect.x
                        let a = Int(aline[sx ^ 3])
                        guard a > 0 else { continue }
                        if isColor {
                            let s = sdata.map { $0[sy * swpl + sx] } ?? fill
                            if a == 255 { cline[x] = s | 0xFF; continue }
                            let d = cline[x]
                            var v: UInt32 = 0xFF
                            for shift in [UInt32(24), 16, 8] {
                                let mixed = (Int(s >> shift & 0xFF) * a + Int(d >> shift & 0xFF) * (255 - a) + 127) / 255
                                v |= UInt32(mixed) << shift
                            }
                            cline[x] = v
                        } else {
                            let bytes = UnsafeMutableRawPointer(cline).assumingMemoryBound(to: UInt8.self)
                            let s: Int
                            if let sdata {
                                let sline = UnsafeMutableRawPointer(sdata + sy * swpl).assumingMemoryBound(to: UInt8.self)
                                s = Int(sline[sx ^ 3])
                            } else {
                                s = fillGray
                            }
                            bytes[x ^ 3] = UInt8((s * a + Int(bytes[x ^ 3]) * (255 - a) + 127) / 255)
                        }
                    }
                }
            }
        }
        withExtendedLifetime(source) {}
    }
}

/// A rectangle of whole pixels.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension PixImage {
    /// 8-bit coverage of a 1-bit stencil (1 bits → 255), or an 8-bit coverage as it is.
    func gray8Coverage() throws -> PixImage {
        if depth == 1 { return try withPix { try PixImage(pixConvert1To8(nil, $0, 0, 255), or: "mask conversion failed") } }
        return try gray8()
    }

    /// A copy resampled to exactly `width` × `height` as renderers draw images: averaging the
    /// pixels each new one covers when shrinking (bilevel images become gray), interpolating
    /// linearly when enlarging less than fourfold, repeating pixels beyond.
    func resampled(width w: Int, height h: Int) throws -> PixImage {
        if w == width && h == height { return self }
        let sx = Float(w) / Float(width), sy = Float(h) / Float(height)
        var out: PixImage = self
        if withPix({ pixGetColormap($0) }) != nil { out = try depth == 1 ? self : gray8() }
        if sx < 1 && sy < 1 {
            if out.depth == 1 {
                if withPix({ pixGetColormap($0) }) == nil { return try bilevelReduced(width: w, height: h) }
                out = try withPix { try PixImage(pixRemoveColormap($0, Int32(REMOVE_CMAP_TO_GRAYSCALE)), or: "colour map removal failed") }
            }
            out = try out.withPix { try PixImage(pixScaleAreaMap($0, sx, sy), or: "scaling failed") }
        } else if sx >= 1 && sy >= 1 && sx < 4 && sy < 4 && out.depth >= 8 {
            out = try out.scaledLinearly(sx, sy)
        }
        if out.width == w && out.height == h { return out }
        if out.depth == 8 || out.depth == 32 { return try out.sampledAtCentres(width: w, height: h) }
        let source = out
        return try source.withPix { pix in
            try PixImage(pixScaleBySampling(pix, Float(w) / Float(source.width), Float(h) / Float(source.height)), or: "scaling failed")
        }.exactly(width: w, height: h)
    }

    /// Nearest-neighbour resampling of an 8- or 32-bit image, each new pixel taking the source
    /// pixel under its centre (as renderers place enlarged pixels).
    private func sampledAtCentres(width w: Int, height h: Int) throws -> PixImage {
        try withPix { pix in
            let d = pixGetDepth(pix)
            guard let out = pixCreate(Int32(w), Int32(h), d) else { throw ImagingError(.tooLarge, "out of memory") }
            let swpl = Int(pixGetWpl(pix)), dwpl = Int(pixGetWpl(out))
            let src = pixGetData(pix)!, dst = pixGetData(out)!
            let columns = (0..<w).map { min(width - 1, Int((Double($0) + 0.5) * Double(width) / Double(w))) }
            for y in 0..<h {
                let sy = min(height - 1, Int((Double(y) + 0.5) * Double(height) / Double(h)))
                let sline = src + sy * swpl, dline = dst + y * dwpl
                if d == 32 {
                    for x in 0..<w { dline[x] = sline[columns[x]] }
                } else {
                    let sb = UnsafeMutableRawPointer(sline).assumingMemoryBound(to: UInt8.self)
                    let db = UnsafeMutableRawPointer(dline).assumingMemoryBound(to: UInt8.self)
                    for x in 0..<w { db[x ^ 3] = sb[columns[x] ^ 3] }
                }
            }
            return PixImage(owning: out)
        }
    }

    /// The image cut or padded (white) to exactly `width` × `height` after a scaling whose
    /// rounding missed by a pixel.
    private func exactly(width w: Int, height h: Int) throws -> PixImage {
        if w == width && h == height { return self }
        return try withPix { pix in
            guard let out = pixCreate(Int32(w), Int32(h), pixGetDepth(pix)) else { throw ImagingError(.tooLarge, "out of memory") }
            if pixGetDepth(pix) > 1 { pixSetAllArbitrary(out, pixGetDepth(pix) == 32 ? 0xFFFF_FFFF : 255) }
            _ = pixRasterop(out, 0, 0, Int32(min(w, width)), Int32(min(h, height)), PIX_SRC, pix, 0, 0)
            return PixImage(owning: out)
        }
    }
}
