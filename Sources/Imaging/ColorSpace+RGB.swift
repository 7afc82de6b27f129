import Foundation

extension ImageColorSpace {
    /// RGB (each 0…1) of one colour given by its components in this space's own ranges
    /// (for Indexed: the palette index).
    func rgb(_ c: [Double]) -> (r: Double, g: Double, b: Double) {
        switch self {
        case .gray:
            let v = clip(c[0])
            return (v, v, v)
        case .rgb:
            return (clip(c[0]), clip(c[1]), clip(c[2]))
        case .cmyk:
            return Self.cmykToRGB(clip(c[0]), clip(c[1]), clip(c[2]), clip(c[3]))
        case .lab(let white, let range):
            return Self.labToRGB(c[0], min(max(c[1], range[0]), range[1]), min(max(c[2], range[2]), range[3]), white: white)
        case .indexed(let base, let hival, let lookup):
            let index = max(0, min(Int(c[0].rounded()), hival))
            let n = base.components
            let ranges = base.componentRanges
            let start = index * n
            var components = [Double](repeating: 0, count: n)
            for i in 0..<n {
                let byte = start + i < lookup.count ? Double(lookup[start + i]) : 0
                components[i] = ranges[2 * i] + byte * (ranges[2 * i + 1] - ranges[2 * i]) / 255
            }
            return base.rgb(components)
        case .icc(let transform):
            return transform.rgb(c)
        case .tinted(let inks, let alternate, let tint, let paints):
            guard paints else { return (1, 1, 1) }
            // Components pass through 16.16 fixed point in poppler; so do they here, so that
            // rounding to bytes agrees: the function's outputs always, and a DeviceN image's
            // inputs too (poppler keeps exact tints only for Separation; colorspace_sin.pdf
            // was 2 levels off at a few pixels).
            var out = tint.evaluate(inks > 1 ? c.map(Self.fixedPoint) : c).map(Self.fixedPoint)
            if out.count < alternate.components { out += [Double](repeating: 0, count: alternate.components - out.count) }
            return alternate.rgb(out)
        }
    }

    /// `v` truncated to a multiple of 1/65536.
    static func fixedPoint(_ v: Double) -> Double { (v * 65536).rounded(.towardZero) / 65536 }

    /// The range of each component (`[min0 max0 …]`), which palette bytes are spread over.
    var componentRanges: [Double] {
        switch self {
        case .lab(_, let range): return [0, 100] + range
        case .indexed(_, let hival, _): return [0, Double(hival)]
        default: return defaultDecode(bitsPerComponent: 8)
        }
    }

    /// DeviceCMYK to RGB as poppler renders it (so rasters compare with `pdftoppm` and
    /// `pdfimages`): multilinear interpolation between the colours of the sixteen corners of
    /// the CMYK cube. The corner colours were measured by rendering each corner with poppler.
    static func cmykToRGB(_ c: Double, _ m: Double, _ y: Double, _ k: Double) -> (r: Double, g: Double, b: Double) {
        var r = 0.0, g = 0.0, b = 0.0
        for corner in 0..<16 {
            let w = (corner & 8 != 0 ? c : 1 - c) * (corner & 4 != 0 ? m : 1 - m)
                * (corner & 2 != 0 ? y : 1 - y) * (corner & 1 != 0 ? k : 1 - k)
            guard w > 0 else { continue }
            let rgb = cmykCorners[corner]
            r += w * cornerLevel(rgb.0); g += w * cornerLevel(rgb.1); b += w * cornerLevel(rgb.2)
        }
        return (clip(r), clip(g), clip(b))
    }

    /// A corner's byte as a fraction kept to four decimals: bytes over 255 exactly left
    /// mixtures (bug1755507.pdf's gray ink) a level off poppler at a few pixels.
    private static func cornerLevel(_ byte: UInt8) -> Double { (Double(byte) / 255 * 10_000).rounded() / 10_000 }

    /// Corner colours, index bits C M Y K (8 4 2 1), as poppler shows pure inks and their overprints.
    private static let cmykCorners: [(UInt8, UInt8, UInt8)] = [
        (255, 255, 255), (35, 31, 32), (255, 242, 0), (28, 26, 0), (236, 0, 140), (36, 0, 0), (237, 28, 36), (34, 0, 0),
        (0, 173, 239), (0, 15, 36), (0, 166, 80), (0, 19, 0), (46, 49, 146), (0, 0, 2), (54, 54, 57), (0, 0, 0),
    ]

    /// CIE L*a*b* to sRGB: XYZ relative to the space's white point, adapted to sRGB's D65
    /// white (Bradford), then the sRGB primaries and transfer curve.
    static func labToRGB(_ l: Double, _ a: Double, _ bStar: Double, white: [Double]) -> (r: Double, g: Double, b: Double) {
        func inverse(_ t: Double) -> Double { t > 6.0 / 29 ? t * t * t : 108.0 / 841 * (t - 4.0 / 29) }
        let fy = (l + 16) / 116
        let x = white[0] * inverse(fy + a / 500), y = white[1] * inverse(fy), z = white[2] * inverse(fy - bStar / 200)
        let (ax, ay, az) = adaptedToD65(x, y, z, white: white)
        let r = 3.2406 * ax - 1.5372 * ay - 0.4986 * az
        let g = -0.9689 * ax + 1.8758 * ay + 0.0415 * az
        let b = 0.0557 * ax - 0.2040 * ay + 1.0570 * az
        func gamma(_ v: Double) -> Double {
            let c = clip(v)
            return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
        }
        return (gamma(r), gamma(g), gamma(b))
    }

    /// Bradford chromatic adaptation of XYZ from `white` to D65.
    private static func adaptedToD65(_ x: Double, _ y: Double, _ z: Double, white: [Double]) -> (Double, Double, Double) {
        let m = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
        let inverse = [[0.9869929, -0.1470543, 0.1599627], [0.4323053, 0.5183603, 0.0492912], [-0.0085287, 0.0400428, 0.9684867]]
        func cone(_ v: [Double]) -> [Double] { m.map { $0[0] * v[0] + $0[1] * v[1] + $0[2] * v[2] } }
        let source = cone(white), target = cone([0.95047, 1, 1.08883])
        let c = cone([x, y, z])
        let scaled = (0..<3).map { source[$0] == 0 ? c[$0] : c[$0] * target[$0] / source[$0] }
        let out = inverse.map { $0[0] * scaled[0] + $0[1] * scaled[1] + $0[2] * scaled[2] }
        return (out[0], out[1], out[2])
    }
}

/// `v` clipped to 0…1 (NaN to 0).
@inline(__always) func clip(_ v: Double) -> Double { v >= 1 ? 1 : (v > 0 ? v : 0) }
