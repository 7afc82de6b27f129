import Foundation

/// A tone curve of an ICC profile (`curv` or `para` tag type, ICC.1 §10.6 and §10.18),
/// evaluated with the precision lcms2 gives it, since poppler converts ICCBased images through
/// lcms2 and `pdftoppm`/`pdfimages` are our oracles: values pass between stages as 32-bit
/// floats, gamma and parametric curves are computed in double precision, and sampled curves
/// are interpolated on 16-bit values.
enum ICCCurve: Sendable {
    /// `Y = X^gamma` (a `curv` with one entry; none means gamma 1).
    case gamma(Double)
    /// Samples spread evenly over 0…1 (a `curv` with two or more entries).
    case table([UInt16])
    /// A `para` curve: its ICC function type (0–4) and parameters `g a b c d e f`, missing ones 0.
    case parametric(type: Int, parameters: [Double])

    /// The most entries a sampled curve may have.
    static let maxEntries = 65_536

    /// Reads the curve tag `tag` of `bytes`; nil for another type or a malformed tag.
    init?(_ bytes: [UInt8], _ tag: ArraySlice<UInt8>) {
        let start = tag.startIndex
        guard tag.count >= 12 else { return nil }
        switch bytes.iccSignature(at: start) {
        case "curv":
            let count = Int(bytes.iccUInt32(at: start + 8))
            guard count <= Self.maxEntries, tag.count >= 12 + 2 * count else { return nil }
            switch count {
            case 0: self = .gamma(1)
            case 1: self = .gamma(Double(bytes.iccUInt16(at: start + 12)) / 256)
            default: self = .table((0..<count).map { bytes.iccUInt16(at: start + 12 + 2 * $0) })
            }
        case "para":
            let type = Int(bytes.iccUInt16(at: start + 8))
            let counts = [1, 3, 4, 5, 7]
            guard type < counts.count, tag.count >= 12 + 4 * counts[type] else { return nil }
            var parameters = (0..<counts[type]).map { bytes.iccS15Fixed16(at: start + 12 + 4 * $0) }
            parameters += [Double](repeating: 0, count: 7 - parameters.count)
            self = .parametric(type: type, parameters: parameters)
        default:
            return nil
        }
    }

    /// The curve at `x` (0…1).
    func callAsFunction(_ x: Float) -> Float {
        let v = Double(x)
        switch self {
        case .gamma(let g):
            return Float(v > 0 ? pow(v, g) : 0)
        case .table(let samples):
            let out = Self.interpolate(samples, at: Self.word(v))
            return Float(Double(out) / 65535)
        case .parametric(let type, let p):
            let (g, a, b, c, d, e, f) = (p[0], p[1], p[2], p[3], p[4], p[5], p[6])
            func power(_ base: Double) -> Double { base > 0 ? pow(base, g) : 0 }
            let y: Double
            switch type {
            case 0: y = power(v)
            case 1: y = abs(a) < 1e-5 || v < -b / a ? 0 : power(a * v + b)
            case 2: y = abs(a) < 1e-5 || v < -b / a ? c : power(a * v + b) + c
            case 3: y = v >= d ? power(a * v + b) : c * v
            default: y = v >= d ? power(a * v + b) + e : c * v + f
            }
            return Float(y)
        }
    }

    /// 0…1 as a 16-bit value, rounded and saturated.
    static func word(_ v: Double) -> Int {
        let d = v * 65535 + 0.5
        if !(d > 0) { return 0 }
        if d >= 65535 { return 65535 }
        return Int(d)
    }

    /// Linear interpolation in 16.16 fixed point over evenly spread samples (lcms2's 1-D
    /// interpolation, whose rounding a conversion must share to give poppler's bytes).
    static func interpolate(_ samples: [UInt16], at value: Int) -> UInt16 {
        let domain = samples.count - 1
        if value == 0xFFFF || domain == 0 { return samples[domain] }
        let scaled = domain * value
        let fixed = scaled + (scaled + 0x7FFF) / 0xFFFF
        let cell = fixed >> 16, rest = UInt32(fixed & 0xFFFF)
        let low = UInt32(samples[cell]), high = UInt32(samples[Swift.min(cell + 1, domain)])
        // Unsigned arithmetic, wrapping, as the original does for falling curves too.
        let difference = (high &- low) &* rest &+ 0x8000
        return UInt16(truncatingIfNeeded: (difference >> 16) &+ low)
    }
}
