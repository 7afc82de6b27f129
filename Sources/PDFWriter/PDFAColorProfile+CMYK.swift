import Foundation

/// A CMYK output profile (version 2.1, output class, Lab connection space) built here for the
/// PDF/A output intent of pages painted in DeviceCMYK. It describes the conversion viewers
/// already apply to DeviceCMYK when no profile is given (ISO 32000-1 10.3.5: red = (1 − C)(1 − K)
/// and so on, read as sRGB), so naming it as the intent keeps the pages' look: the file now
/// says what it was showing.
extension PDFAColorProfile {
    /// Grid points per ink in the CMYK → Lab table (9⁴ = 6,561 nodes; the conversion is smooth,
    /// so a CMM's interpolation between nodes stays within a unit of ΔE).
    static let cmykGridPoints = 9
    /// Grid points per axis in the Lab → CMYK table (17³ nodes, the ICC's customary size).
    static let labGridPoints = 17

    /// The profile's bytes.
    public static func cmyk() -> [UInt8] {
        cmykProfile(description: "CMYK as DeviceCMYK (Legible)") { ink in labOf(cmyk: ink) }
    }

    /// A CMYK output profile whose ink → Lab table is `lab` (the Lab → ink table inverts the
    /// ISO 32000-1 rule, which only a conversion into this CMYK uses).
    static func cmykProfile(description: String, lab: ([Double]) -> (l: Double, a: Double, b: Double)) -> [UInt8] {
        let toLab = lut16(inputs: 4, outputs: 3, grid: cmykGridPoints) { ink in lab16(lab(ink)) }
        let toCMYK = lut16(inputs: 3, outputs: 4, grid: labGridPoints) { node in
            cmykOf(lab: (node[0] * 65535 / 652.8, node[1] * 65535 / 256 - 128, node[2] * 65535 / 256 - 128)).map { Int(($0 * 65535).rounded()) }
        }
        // Every colour is called in gamut: the table maps all of Lab to some ink.
        let gamut = lut16(inputs: 3, outputs: 1, grid: 2) { _ in [0] }
        let blocks: [(tags: [String], data: [UInt8])] = [
            (["desc"], textDescription(description)), (["cprt"], text("No copyright, use freely")),
            (["wtpt"], d50), (["A2B0", "A2B1", "A2B2"], toLab), (["B2A0", "B2A1", "B2A2"], toCMYK), (["gamt"], gamut),
        ]
        return assemble(blocks, header: "prtrCMYKLab ")
    }

    /// lut16Type (ICC.1:2001-04 6.5.8) with identity matrix and one-segment identity curves;
    /// `node` gets each grid node's inputs in 0…1, first input varying slowest, and returns
    /// the outputs as 16-bit values.
    static func lut16(inputs: Int, outputs: Int, grid: Int, _ node: ([Double]) -> [Int]) -> [UInt8] {
        var out = Array("mft2".utf8) + [0, 0, 0, 0] + [UInt8(inputs), UInt8(outputs), UInt8(grid), 0]
        for row in 0..<3 { for column in 0..<3 { out += s15Fixed16(row == column ? 1 : 0) } }
        out += be16(2) + be16(2)
        for _ in 0..<inputs { out += be16(0) + be16(65535) }
        var count = 1
        for _ in 0..<inputs { count *= grid }
        for index in 0..<count {
            var rest = index, values = [Double](repeating: 0, count: inputs)
            for i in stride(from: inputs - 1, through: 0, by: -1) {
                values[i] = Double(rest % grid) / Double(grid - 1)
                rest /= grid
            }
            for v in node(values) { out += be16(min(max(v, 0), 65535)) }
        }
        for _ in 0..<outputs { out += be16(0) + be16(65535) }
        return out
    }

    /// sRGB (D50-adapted) primaries: linear RGB → XYZ, the matrix of the sRGB profile's colorants.
    static let rgbToXYZ: [[Double]] = [[0.4361, 0.3851, 0.1431], [0.2225, 0.7169, 0.0606], [0.0139, 0.0971, 0.7141]]
    static let whiteD50 = (x: 0.9642, y: 1.0, z: 0.8249)

    static func labOf(cmyk ink: [Double]) -> (l: Double, a: Double, b: Double) {
        labOf(sRGB: (0..<3).map { (1 - ink[$0]) * (1 - ink[3]) })
    }

    /// Lab (D50) of an sRGB colour with components 0…1.
    static func labOf(sRGB: [Double]) -> (l: Double, a: Double, b: Double) {
        let rgb = sRGB.map(linear)
        let xyz = rgbToXYZ.map { row in zip(row, rgb).reduce(0) { $0 + $1.0 * $1.1 } }
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(xyz[0] / whiteD50.x), fy = f(xyz[1] / whiteD50.y), fz = f(xyz[2] / whiteD50.z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// Ink for a Lab colour: through sRGB, then the inverse of the DeviceCMYK rule with as much
    /// black as possible.
    static func cmykOf(lab: (l: Double, a: Double, b: Double)) -> [Double] {
        let fy = (lab.l + 16) / 116, fx = fy + lab.a / 500, fz = fy - lab.b / 200
        func inverse(_ t: Double) -> Double { t > 6.0 / 29 ? t * t * t : (116 * t - 16) * 27 / 24389 }
        let xyz = [inverse(fx) * whiteD50.x, inverse(fy) * whiteD50.y, inverse(fz) * whiteD50.z]
        let rgb = xyzToRGB.map { row in zip(row, xyz).reduce(0) { $0 + $1.0 * $1.1 } }.map { encoded(min(max($0, 0), 1)) }
        let k = 1 - (rgb.max() ?? 0)
        guard k < 1 else { return [0, 0, 0, 1] }
        return rgb.map { (1 - $0 - k) / (1 - k) } + [k]
    }

    /// The inverse of `rgbToXYZ`.
    static let xyzToRGB: [[Double]] = {
        let m = rgbToXYZ
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        return [
            [(m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det, (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det],
            [(m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det, (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det],
            [(m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det, (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det],
        ]
    }()

    /// Lab in the version 2 16-bit encoding: L 0…100 → 0…0xFF00, a and b −128…127.996 → 0…0xFFFF.
    static func lab16(_ lab: (l: Double, a: Double, b: Double)) -> [Int] {
        [Int((lab.l * 652.8).rounded()), Int(((lab.a + 128) * 256).rounded()), Int(((lab.b + 128) * 256).rounded())]
    }

    static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func encoded(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
}
