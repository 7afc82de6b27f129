/// Big-endian reads over a byte slice that fail with a typed error at the end instead of trapping.
struct JPXByteReader {
    private let bytes: ArraySlice<UInt8>
    var position: Int
    let end: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
        end = bytes.endIndex
    }

    var remaining: Int { end - position }

    mutating func u8() throws -> Int {
        guard position < end else { throw JPXFailure.damaged("truncated header") }
        defer { position += 1 }
        return Int(bytes[position])
    }

    mutating func u16() throws -> Int { try u8() << 8 | u8() }

    mutating func u32() throws -> Int { try u16() << 16 | u16() }

    mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw JPXFailure.damaged("truncated segment") }
        defer { position += count }
        return bytes[position..<position + count]
    }

    func byte(at index: Int) -> UInt8 { index >= bytes.startIndex && index < end ? bytes[index] : 0 }

    func slice(_ from: Int, _ to: Int) -> ArraySlice<UInt8> { bytes[from..<to] }
}

/// Builds the Imaging module's errors for JPEG 2000 data our decoder refuses.
enum JPXFailure {
    static func damaged(_ what: String) -> ImagingError {
        ImagingError(.decodeFailed, "JPEG 2000 data is damaged (\(what))")
    }

    static func unsupported(_ what: String) -> ImagingError {
        ImagingError(.unsupported, "JPEG 2000 feature not supported: \(what)")
    }
}
