/// A Type 1 font program split the way a PDF `FontFile` stream holds it (ISO 32000-1 9.9,
/// Table 127): the clear-text part up to `eexec`, the encrypted part in binary, and the
/// trailer of zeros and `cleartomark` — with the lengths `Length1`, `Length2`, `Length3`.
/// Reads PFB files (segments behind 0x80 headers, which PDF/A validators reject when embedded
/// as they are), PFA files (encrypted part in hexadecimal) and the `.t1` files of
/// fonts-urw-base35 (clear text, then binary).
struct Type1FontProgram: Sendable {
    /// Clear text, encrypted part (binary) and trailer, concatenated.
    let data: [UInt8]
    let length1: Int
    let length2: Int
    let length3: Int

    /// The trailer holds 512 zeros before `cleartomark` (Adobe Type 1 Font Format 7.2).
    static let trailerZeros = 512
    private static let pfbMarker: UInt8 = 0x80
    private static let pfbASCII: UInt8 = 1, pfbBinary: UInt8 = 2, pfbEnd: UInt8 = 3

    /// Parses `bytes`; nil when they are not a Type 1 program.
    init?(bytes: [UInt8]) {
        if bytes.first == Type1FontProgram.pfbMarker {
            guard let parts = Type1FontProgram.pfbSegments(bytes) else { return nil }
            self.init(joined: parts)
        } else {
            guard let parts = Type1FontProgram.textSegments(bytes) else { return nil }
            self.init(joined: parts)
        }
    }

    private init?(joined parts: (clear: [UInt8], encrypted: [UInt8], trailer: [UInt8])) {
        guard Array(parts.clear.prefix(2)) == Array("%!".utf8), !parts.encrypted.isEmpty else { return nil }
        data = parts.clear + parts.encrypted + parts.trailer
        length1 = parts.clear.count
        length2 = parts.encrypted.count
        length3 = parts.trailer.count
    }

    /// PFB: segments of type 1 (ASCII) or 2 (binary), each behind 0x80, type and a 32-bit
    /// little-endian length, ended by 0x80 0x03. The first ASCII run is the clear text, the
    /// binary run the encrypted part, the last ASCII run the trailer.
    private static func pfbSegments(_ bytes: [UInt8]) -> (clear: [UInt8], encrypted: [UInt8], trailer: [UInt8])? {
        var clear: [UInt8] = [], encrypted: [UInt8] = [], trailer: [UInt8] = []
        var i = 0
        while i + 2 <= bytes.count, bytes[i] == pfbMarker {
            let type = bytes[i + 1]
            if type == pfbEnd { break }
            guard i + 6 <= bytes.count else { return nil }
            let length = Int(bytes[i + 2]) | Int(bytes[i + 3]) << 8 | Int(bytes[i + 4]) << 16 | Int(bytes[i + 5]) << 24
            let start = i + 6
            guard length >= 0, start + length <= bytes.count else { return nil }
            let segment = Array(bytes[start..<(start + length)])
            switch type {
            case pfbASCII: if encrypted.isEmpty { clear += segment } else { trailer += segment }
            case pfbBinary: guard trailer.isEmpty else { return nil }; encrypted += segment
            default: return nil
            }
            i = start + length
        }
        return (clear, encrypted, trailer)
    }

    /// PFA or clear text + binary: the clear text ends after `eexec` and its end-of-line; the
    /// trailer starts at the 512th zero counted back from `cleartomark`.
    private static func textSegments(_ bytes: [UInt8]) -> (clear: [UInt8], encrypted: [UInt8], trailer: [UInt8])? {
        guard let eexec = find(Array("eexec".utf8), in: bytes, from: 0) else { return nil }
        var clearEnd = eexec + 5
        while clearEnd < bytes.count, [0x0D, 0x0A, 0x20, 0x09].contains(bytes[clearEnd]) { clearEnd += 1 }
        guard let mark = findLast(Array("cleartomark".utf8), in: bytes), mark > clearEnd else { return nil }
        var trailerStart = mark, zeros = 0
        while trailerStart > clearEnd, zeros < trailerZeros {
            let b = bytes[trailerStart - 1]
            if b == UInt8(ascii: "0") { zeros += 1 } else if ![0x0D, 0x0A, 0x20, 0x09].contains(b) { break }
            trailerStart -= 1
        }
        let encrypted = Array(bytes[clearEnd..<trailerStart])
        // The encrypted part is hexadecimal when its first four bytes are hex digits (Type 1
        // Font Format 7.2); PDF holds it in binary.
        let isHex = encrypted.prefix(4).count == 4 && encrypted.prefix(4).allSatisfy { hexValue($0) != nil }
        return (Array(bytes[..<clearEnd]), isHex ? fromHex(encrypted) : encrypted, Array(bytes[trailerStart...]))
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func fromHex(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 2)
        var high: UInt8?
        for b in text {
            guard let v = hexValue(b) else { continue }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
        }
        return out
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }

    private static func findLast(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        var i = bytes.count - needle.count
        while i >= 0 {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle { return i }
            i -= 1
        }
        return nil
    }
}
