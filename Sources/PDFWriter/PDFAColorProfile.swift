import Foundation

/// An sRGB ICC profile (version 2.1, display class) built here, byte by byte, for the PDF/A
/// output intent: no profile file is read or fetched. Colorants are the sRGB primaries
/// adapted to the D50 profile connection space (IEC 61966-2-1 with the Bradford transform),
/// tone curves sampled from the sRGB transfer function.
public enum PDFAColorProfile {
    /// Samples in each tone curve: enough for 8-bit data to round-trip.
    static let curveSamples = 1024

    /// The profile's bytes.
    public static func sRGB() -> [UInt8] {
        let description = textDescription("sRGB (Legible)")
        let copyright = text("No copyright, use freely")
        let white = d50
        let red = xyz(0.4361, 0.2225, 0.0139)
        let green = xyz(0.3851, 0.7169, 0.0971)
        let blue = xyz(0.1431, 0.0606, 0.7141)
        let curve = toneCurve()
        // Tags in order; the three curves share one data block.
        let blocks: [(tags: [String], data: [UInt8])] = [
            (["desc"], description), (["cprt"], copyright), (["wtpt"], white),
            (["rXYZ"], red), (["gXYZ"], green), (["bXYZ"], blue), (["rTRC", "gTRC", "bTRC"], curve),
        ]
        return assemble(blocks, header: "mntrRGB XYZ ")
    }

    /// A version 2.1 profile from its tag data blocks (tags sharing a block share its bytes);
    /// `header` is the device class, data colour space and connection space, 12 ASCII bytes.
    static func assemble(_ blocks: [(tags: [String], data: [UInt8])], header classAndSpaces: String) -> [UInt8] {
        let tagCount = blocks.reduce(0) { $0 + $1.tags.count }
        var offset = 128 + 4 + 12 * tagCount
        var table = be32(tagCount)
        var body: [UInt8] = []
        for block in blocks {
            for tag in block.tags { table += Array(tag.utf8) + be32(offset) + be32(block.data.count) }
            var data = block.data
            while data.count % 4 != 0 { data.append(0) }
            body += data
            offset += data.count
        }
        let size = 128 + table.count + body.count
        var header = be32(size) + [UInt8](repeating: 0, count: 4)      // size, preferred CMM
        header += [0x02, 0x10, 0x00, 0x00]                               // version 2.1
        header += Array(classAndSpaces.utf8)                             // class, data space, PCS
        header += [0x07, 0xEA, 0x00, 0x01, 0x00, 0x01] + [UInt8](repeating: 0, count: 6) // 2026-01-01
        header += Array("acsp".utf8) + [UInt8](repeating: 0, count: 4)   // signature, platform
        header += [UInt8](repeating: 0, count: 4 + 4 + 4 + 8 + 4)        // flags, maker, model, attributes, intent
        header += Array(d50.dropFirst(8))                                // PCS illuminant (D50)
        header += [UInt8](repeating: 0, count: 4 + 16 + 28)              // creator, ID, reserved
        return header + table + body
    }

    /// The D50 white of the profile connection space, as an XYZ tag.
    static var d50: [UInt8] { xyz(0.9642, 1.0, 0.8249) }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }

    static func s15Fixed16(_ v: Double) -> [UInt8] { be32(Int((v * 65536).rounded())) }

    static func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] {
        Array("XYZ ".utf8) + [0, 0, 0, 0] + s15Fixed16(x) + s15Fixed16(y) + s15Fixed16(z)
    }

    static func text(_ s: String) -> [UInt8] {
        Array("text".utf8) + [0, 0, 0, 0] + Array(s.utf8) + [0]
    }

    /// textDescriptionType (ICC.1:2001-04 6.5.17): ASCII, empty Unicode and ScriptCode parts.
    static func textDescription(_ s: String) -> [UInt8] {
        Array("desc".utf8) + [0, 0, 0, 0] + be32(s.utf8.count + 1) + Array(s.utf8) + [0]
            + be32(0) + be32(0) + be16(0) + [0] + [UInt8](repeating: 0, count: 67)
    }

    /// The sRGB electro-optical transfer function, sampled.
    private static func toneCurve() -> [UInt8] {
        var out = Array("curv".utf8) + [0, 0, 0, 0] + be32(curveSamples)
        for i in 0..<curveSamples {
            let v = Double(i) / Double(curveSamples - 1)
            let linear = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            out += be16(Int((linear * 65535).rounded()))
        }
        return out
    }
}
