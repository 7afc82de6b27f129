/// A CMYK profile describing DeviceCMYK as screen viewers show it without a profile: poppler
/// and xpdf interpolate (multilinearly in the four inks) between the sRGB colours of the 16
/// corners of the ink cube, an approximation of how Acrobat shows uncalibrated CMYK through
/// a press profile. It is the `DefaultCMYK` of pages that paint in DeviceCMYK beside DeviceRGB
/// under the sRGB output intent: those pages keep the look they had (ISO 19005-2 6.2.4.3).
extension PDFAColorProfile {
    /// sRGB (0…1) of each corner of the ink cube, indexed by C·8 + M·4 + Y·2 + K: paper white,
    /// black ink alone, yellow, yellow + black, magenta… (the colours xpdf's and poppler's
    /// DeviceCMYK conversion interpolates between; measured against `pdftoppm` in the tests).
    static let viewerInkCorners: [[Double]] = [
        [1, 1, 1], [0.1373, 0.1216, 0.1255], [1, 0.9490, 0], [0.1098, 0.1020, 0],
        [0.9255, 0, 0.5490], [0.1412, 0, 0], [0.9294, 0.1098, 0.1412], [0.1333, 0, 0],
        [0, 0.6784, 0.9373], [0, 0.0588, 0.1412], [0, 0.6510, 0.3137], [0, 0.0745, 0],
        [0.1804, 0.1922, 0.5725], [0, 0, 0.0078], [0.2118, 0.2119, 0.2235], [0, 0, 0],
    ]

    /// The profile's bytes.
    public static func viewerCMYK() -> [UInt8] {
        cmykProfile(description: "DeviceCMYK as viewers show it (Legible)") { ink in labOf(sRGB: viewerRGB(ink)) }
    }

    /// sRGB of `ink` (C, M, Y, K in 0…1): the corners weighted by the multilinear weights.
    static func viewerRGB(_ ink: [Double]) -> [Double] {
        var rgb = [0.0, 0.0, 0.0]
        for (corner, color) in viewerInkCorners.enumerated() {
            var weight = 1.0
            for i in 0..<4 {
                let on = corner >> (3 - i) & 1 == 1
                weight *= on ? ink[i] : 1 - ink[i]
            }
            for j in 0..<3 { rgb[j] += weight * color[j] }
        }
        return rgb.map { min(max($0, 0), 1) }
    }
}
