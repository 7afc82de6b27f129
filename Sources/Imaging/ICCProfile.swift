/// The part of an ICC colour profile (ICC.1, versions 2 and 4) that turns an ICCBased image's
/// colours into sRGB: a matrix/TRC profile (`RGB ` data with `rXYZ`/`gXYZ`/`bXYZ` colorants
/// and `rTRC`/`gTRC`/`bTRC` curves) or a gray TRC profile (`GRAY` data with `kTRC`), both with
/// an XYZ connection space. Profiles of other kinds (LUT-based `A2B` tags, CMYK, Lab, device
/// links) are not read: their images keep the colour space's `/Alternate`.
struct ICCProfile: Sendable {
    /// How the profile's colours reach the connection space (D50 XYZ).
    enum Shaper: Sendable {
        /// Each component through its curve, then the colorant matrix (row-major, XYZ rows).
        case rgb(matrix: [Double], curves: [ICCCurve])
        /// The one component through its curve gives Y; X and Z follow the D50 white.
        case gray(ICCCurve)
    }

    let shaper: Shaper

    /// Components per colour (3 or 1).
    var components: Int {
        if case .gray = shaper { return 1 }
        return 3
    }

    /// Profiles larger than this are not read (real matrix/TRC profiles are a few KB; a
    /// curve of 65,535 entries is 128 KB).
    static let maxBytes = 4 << 20

    /// Reads `bytes`; nil when they are not a profile of a kind handled here.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 132, bytes.count <= Self.maxBytes, bytes.iccSignature(at: 36) == "acsp" else { return nil }
        // Device links, abstract and named-colour profiles do not describe a colour space.
        guard !["link", "abst", "nmcl"].contains(bytes.iccSignature(at: 12)), bytes.iccSignature(at: 20) == "XYZ " else { return nil }
        guard let tags = Self.tagTable(bytes) else { return nil }
        // A profile with LUT tags is converted through them by colour engines (lcms2 prefers
        // A2B1, then A2B0, over the matrix for the relative colorimetric intent).
        if ["A2B0", "A2B1", "A2B2", "D2B0", "D2B1"].contains(where: { tags[$0] != nil }) { return nil }
        switch bytes.iccSignature(at: 16) {
        case "RGB ":
            var matrix = [Double](repeating: 0, count: 9)
            var curves: [ICCCurve] = []
            for (column, channel) in ["r", "g", "b"].enumerated() {
                guard let xyz = tags[channel + "XYZ"].flatMap({ Self.xyz(bytes, $0) }),
                      let curve = tags[channel + "TRC"].flatMap({ ICCCurve(bytes, $0) }) else { return nil }
                for row in 0..<3 { matrix[row * 3 + column] = xyz[row] }
                curves.append(curve)
            }
            shaper = .rgb(matrix: matrix, curves: curves)
        case "GRAY":
            guard let curve = tags["kTRC"].flatMap({ ICCCurve(bytes, $0) }) else { return nil }
            shaper = .gray(curve)
        default:
            return nil
        }
    }

    /// The tag table: each signature's bytes (offset and size checked against the profile).
    private static func tagTable(_ bytes: [UInt8]) -> [String: ArraySlice<UInt8>]? {
        let count = Int(bytes.iccUInt32(at: 128))
        guard count <= 1024, 132 + 12 * count <= bytes.count else { return nil }
        var tags: [String: ArraySlice<UInt8>] = [:]
        for i in 0..<count {
            let entry = 132 + 12 * i
            let offset = Int(bytes.iccUInt32(at: entry + 4)), size = Int(bytes.iccUInt32(at: entry + 8))
            guard offset < bytes.count, size <= bytes.count - offset else { continue }
            tags[bytes.iccSignature(at: entry)] = bytes[offset..<(offset + size)]
        }
        return tags
    }

    /// An `XYZ ` tag's first XYZ number.
    private static func xyz(_ bytes: [UInt8], _ tag: ArraySlice<UInt8>) -> [Double]? {
        let start = tag.startIndex
        guard tag.count >= 20, bytes.iccSignature(at: start) == "XYZ " else { return nil }
        return (0..<3).map { bytes.iccS15Fixed16(at: start + 8 + 4 * $0) }
    }
}

extension [UInt8] {
    /// The four bytes at `offset` as a signature (the profile has been checked to hold them).
    func iccSignature(at offset: Int) -> String {
        guard offset >= 0, offset + 4 <= count else { return "" }
        return String(decoding: self[offset..<(offset + 4)], as: UTF8.self)
    }

    /// The big-endian 32-bit number at `offset` (0 past the end).
    func iccUInt32(at offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= count else { return 0 }
        return UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }

    /// The big-endian 16-bit number at `offset` (0 past the end).
    func iccUInt16(at offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= count else { return 0 }
        return UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    /// The signed 15.16 fixed-point number at `offset`.
    func iccS15Fixed16(at offset: Int) -> Double { Double(Int32(bitPattern: iccUInt32(at: offset))) / 65536 }
}
