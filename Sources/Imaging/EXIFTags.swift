/// The few EXIF tags (IFD0 of a JPEG's APP1 segment) that decide how an image becomes a page:
/// Orientation (0x0112), XResolution (0x011A), YResolution (0x011B), ResolutionUnit (0x0128).
/// Anything unreadable is ignored: a damaged tag must not make an image unusable.
struct EXIFTags {
    var orientation = EXIFOrientation.up
    /// Dots per inch, when both resolutions and a unit (inch or centimetre) are given.
    var resolution: (Double, Double)?

    /// Reads the tags of the first EXIF segment of `bytes` (a JPEG file).
    init(jpeg bytes: [UInt8]) {
        self.init(tiff: Self.segment(of: bytes) ?? [])
    }

    /// The TIFF block of the first APP1 "Exif" segment before the image data.
    private static func segment(of bytes: [UInt8]) -> [UInt8]? {
        var p = 2
        while p + 4 <= bytes.count, bytes[p] == 0xFF {
            let marker = bytes[p + 1]
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { p += 2; continue }
            if marker == 0xFF { p += 1; continue }
            let length = Int(bytes[p + 2]) << 8 | Int(bytes[p + 3])
            guard length >= 2, p + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, length >= 8, Array(bytes[p + 4..<p + 10]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return Array(bytes[(p + 10)..<(p + 2 + length)])
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            p += 2 + length
        }
        return nil
    }

    /// Reads IFD0 of a TIFF-structured EXIF block.
    init(tiff data: [UInt8]) {
        guard data.count >= 8 else { return }
        let little: Bool
        switch (data[0], data[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return
        }
        func u16(_ p: Int) -> Int? {
            guard p >= 0, p + 2 <= data.count else { return nil }
            return little ? Int(data[p]) | Int(data[p + 1]) << 8 : Int(data[p]) << 8 | Int(data[p + 1])
        }
        func u32(_ p: Int) -> Int? {
            guard let a = u16(p), let b = u16(p + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        func rational(_ entry: Int) -> Double? {
            guard let offset = u32(entry + 8), let num = u32(offset), let den = u32(offset + 4), den > 0 else { return nil }
            return Double(num) / Double(den)
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return }
        var x: Double?, y: Double?, unit = 2
        for i in 0..<min(count, 1000) {
            let entry = ifd + 2 + i * 12
            guard let tag = u16(entry), let type = u16(entry + 2) else { break }
            switch (tag, type) {
            // A SHORT value sits in the first two bytes of the value field.
            case (0x0112, 3): orientation = u16(entry + 8).flatMap(EXIFOrientation.init(rawValue:)) ?? .up
            case (0x011A, 5): x = rational(entry)
            case (0x011B, 5): y = rational(entry)
            case (0x0128, 3): unit = u16(entry + 8) ?? 2
            default: break
            }
        }
        guard let x, x > 0, unit == 2 || unit == 3 else { return }
        let scale = unit == 3 ? 2.54 : 1
        resolution = (x * scale, (y ?? x) * scale)
    }
}
