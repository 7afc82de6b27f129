import Foundation
import PDF

/// The conversion of one ICC profile's colours to sRGB, as poppler makes it through lcms2
/// (relative colorimetric, matrix/TRC on both sides): each component through the profile's
/// curve, the profile's colorants into D50 XYZ, the inverse of sRGB's colorants adapted to D50
/// (Bradford) back to linear sRGB, then sRGB's transfer curve; the result rounded to 16 bits
/// and then to a byte. Built once per profile (see `forProfile`); the per-component curves of
/// 8-bit samples are tables, and the last curve is a search among 255 thresholds.
final class ICCTransform: Sendable {
    let profile: ICCProfile
    /// Profile colorants followed by sRGB's inverse (row-major).
    private let matrix: [Double]
    /// Each component's curve at the 256 values of an 8-bit sample.
    private let tables: [[Float]]
    /// Whether the conversion leaves every colour within a level of itself (an sRGB profile,
    /// written by one tool or another): such images keep their samples, as DeviceRGB.
    let isNearIdentity: Bool

    var components: Int { profile.components }

    init(_ profile: ICCProfile) {
        self.profile = profile
        let toSRGB = Self.inverse(Self.srgbColorantsD50)
        let m: [Double], t: [[Float]]
        switch profile.shaper {
        case .rgb(let colorants, let curves):
            m = Self.multiply(toSRGB, colorants)
            t = curves.map { curve in (0..<256).map { curve(Float($0) / 255) } }
        case .gray(let curve):
            // Gray Y spread over the D50 white's X and Z: the first column.
            let column = Self.apply(toSRGB, Self.d50)
            m = [column[0], 0, 0, column[1], 0, 0, column[2], 0, 0]
            t = [(0..<256).map { curve(Float($0) / 255) }]
        }
        matrix = m
        tables = t
        var nearIdentity = profile.components == 3
        for row in 0..<3 where nearIdentity {
            for column in 0..<3 where abs(m[row * 3 + column] - (row == column ? 1 : 0)) > 2e-3 { nearIdentity = false }
        }
        // Along the gray axis and each primary, no value moves by more than a level.
        for level in 0..<256 where nearIdentity {
            for probe in [[level, level, level], [level, 0, 0], [0, level, 0], [0, 0, level]] {
                let out = Self.convert((0..<3).map { t[$0][probe[$0]] }, matrix: m)
                if (0..<3).contains(where: { abs(Int(out[$0]) - probe[$0]) > 1 }) { nearIdentity = false }
            }
        }
        isNearIdentity = nearIdentity
    }

    /// sRGB (0…1 each) of a colour given by its components (0…1).
    func rgb(_ c: [Double]) -> (r: Double, g: Double, b: Double) {
        let n = profile.components
        let x = linear(c, 0), y = n > 1 ? linear(c, 1) : 0, z = n > 2 ? linear(c, 2) : 0
        let m = matrix
        let r = Self.encodedByte(Float(Double(x) * m[0] + Double(y) * m[1] + Double(z) * m[2]))
        let g = Self.encodedByte(Float(Double(x) * m[3] + Double(y) * m[4] + Double(z) * m[5]))
        let b = Self.encodedByte(Float(Double(x) * m[6] + Double(y) * m[7] + Double(z) * m[8]))
        return (Double(r) / 255, Double(g) / 255, Double(b) / 255)
    }

    /// Component `i` of `c` through its curve: from the table when it is an 8-bit level.
    private func linear(_ c: [Double], _ i: Int) -> Float {
        let v = clip(i < c.count ? c[i] : 0)
        let scaled = v * 255
        let level = Int(scaled.rounded())
        if abs(scaled - Double(level)) < 1e-9 { return tables[i][level] }
        return curve(i)(Float(v))
    }

    private func curve(_ i: Int) -> ICCCurve {
        switch profile.shaper {
        case .rgb(_, let curves): return curves[i]
        case .gray(let curve): return curve
        }
    }

    /// Linear values through the matrix and sRGB's transfer curve, to bytes.
    private static func convert(_ linear: [Float], matrix: [Double]) -> [UInt8] {
        (0..<3).map { row in
            var sum = 0.0
            for column in 0..<3 { sum += Double(linear[column]) * matrix[row * 3 + column] }
            return encodedByte(Float(sum))
        }
    }

    /// The byte a linear sRGB value becomes: sRGB's curve in double precision, kept as a
    /// float, rounded to 16 bits, then to 8.
    static func directByte(_ linear: Float) -> UInt8 {
        let encoded = Float(srgbEncoded(Double(linear)))
        let word = ICCCurve.word(Double(encoded))
        return UInt8((word * 65281 + 8_388_608) >> 24)
    }

    /// `directByte` by a search among the least floats reaching each byte (the conversion
    /// never decreases, and positive floats order as their bit patterns): the same bytes
    /// without two `pow` calls per component of every pixel.
    static func encodedByte(_ linear: Float) -> UInt8 {
        guard linear > 0 else { return 0 }
        let bits = linear.bitPattern
        var low = 0, high = byteThresholds.count
        while low < high {
            let middle = (low + high) / 2
            if byteThresholds[middle] <= bits { low = middle + 1 } else { high = middle }
        }
        return UInt8(low)
    }

    /// For each byte 1…255, the bit pattern of the least positive float `directByte` takes to
    /// that byte or above.
    static let byteThresholds: [UInt32] = (1...255).map { byte in
        var low = Float(0).bitPattern, high = Float(2).bitPattern
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if directByte(Float(bitPattern: middle)) >= UInt8(byte) { high = middle } else { low = middle }
        }
        return high
    }

    /// sRGB's transfer curve (IEC 61966-2-1) from linear light, as its parametric inverse.
    static func srgbEncoded(_ v: Double) -> Double {
        let a = 1 / 1.055, b = 0.055 / 1.055, c = 1 / 12.92, d = 0.04045, g = 2.4
        let threshold = pow(a * d + b, g)
        return v >= threshold ? (pow(v, 1 / g) - b) / a : v / c
    }

    /// The D50 white of the connection space.
    static let d50 = [0.9642, 1.0, 0.8249]

    /// sRGB's colorants (ITU-R BT.709 primaries, D65 white) adapted to D50 by Bradford, as
    /// colour engines build the sRGB profile they convert to (columns: red, green, blue).
    static let srgbColorantsD50: [Double] = {
        let white: (x: Double, y: Double) = (0.3127, 0.3290)
        let xs: [Double] = [0.64, 0.30, 0.15], ys: [Double] = [0.33, 0.60, 0.06]
        let zs: [Double] = (0..<3).map { 1 - xs[$0] - ys[$0] }
        let chromaticities: [Double] = xs + ys + zs
        let whiteXYZ: [Double] = [white.x / white.y, 1, (1 - white.x - white.y) / white.y]
        let scale = apply(inverse(chromaticities), whiteXYZ)
        let colorants: [Double] = (0..<9).map { chromaticities[$0] * scale[$0 % 3] }
        let bradford: [Double] = [0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296]
        let source = apply(bradford, whiteXYZ), target = apply(bradford, d50)
        var cone = [Double](repeating: 0, count: 9)
        for i in 0..<3 { cone[i * 4] = target[i] / source[i] }
        let adaptation = multiply(inverse(bradford), multiply(cone, bradford))
        return multiply(adaptation, colorants)
    }()

    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var product = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += a[row * 3 + k] * b[k * 3 + column] }
                product[row * 3 + column] = sum
            }
        }
        return product
    }

    static func apply(_ m: [Double], _ v: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: 3)
        for row in 0..<3 {
            for k in 0..<3 { out[row] += m[row * 3 + k] * v[k] }
        }
        return out
    }

    /// The inverse of a 3×3 matrix (the identity for a singular one, which no real profile has).
    static func inverse(_ m: [Double]) -> [Double] {
        var cofactors = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                // Entry (row, column) of the adjugate: the cofactor of (column, row).
                let r0 = (column + 1) % 3, r1 = (column + 2) % 3, c0 = (row + 1) % 3, c1 = (row + 2) % 3
                cofactors[row * 3 + column] = m[r0 * 3 + c0] * m[r1 * 3 + c1] - m[r0 * 3 + c1] * m[r1 * 3 + c0]
            }
        }
        let determinant = m[0] * cofactors[0] + m[1] * cofactors[3] + m[2] * cofactors[6]
        guard abs(determinant) > 1e-12 else { return [1, 0, 0, 0, 1, 0, 0, 0, 1] }
        return cofactors.map { $0 / determinant }
    }
}

extension ICCTransform {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [[UInt8]: ICCTransform?] = [:]
    /// Profiles remembered; past this the cache starts over.
    private static let cacheLimit = 64

    /// The transform for the profile stream `stream` (an ICCBased space's second entry), built
    /// once per distinct profile; nil when the profile is not of a kind handled here. The cache
    /// is keyed by the stream's encoded bytes and filters, so a content stream setting the
    /// space thousands of times (`/CS0 cs`) inflates the profile once.
    static func forProfile(_ stream: PDFStream, document: PDFDocument) -> ICCTransform? {
        let filters = String(describing: document.resolve(stream.dictionary["Filter"] ?? .null))
            + String(describing: document.resolve(stream.dictionary["DecodeParms"] ?? .null))
        let key = stream.data + Array(filters.utf8)
        lock.lock()
        if let cached = cache[key] { lock.unlock(); return cached }
        lock.unlock()
        let transform = (try? document.decodedData(of: stream)).flatMap(ICCProfile.init).map(ICCTransform.init)
        lock.lock()
        if cache.count >= cacheLimit { cache.removeAll() }
        cache[key] = transform
        lock.unlock()
        return transform
    }
}
