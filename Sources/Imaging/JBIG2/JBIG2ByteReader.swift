/// Reads the big-endian integers of JBIG2 segment headers and data (T.88 §5.4.2) from a byte range,
/// failing with a typed error instead of reading past the end.
struct JBIG2ByteReader {
    let data: [UInt8]
    var position: Int
    let end: Int

    init(_ data: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.data = data
        position = start
        self.end = min(end ?? data.count, data.count)
    }

    var remaining: Int { max(0, end - position) }

    mutating func byte() throws -> UInt8 {
        guard position < end else { throw ImagingError(.decodeFailed, "JBIG2 data ends too early") }
        defer { position += 1 }
        return data[position]
    }

    mutating func signedByte() throws -> Int { Int(Int8(bitPattern: try byte())) }

    mutating func uint16() throws -> Int { Int(try byte()) << 8 | Int(try byte()) }

    mutating func uint32() throws -> Int {
        Int(try byte()) << 24 | Int(try byte()) << 16 | Int(try byte()) << 8 | Int(try byte())
    }

    mutating func int32() throws -> Int { Int(Int32(truncatingIfNeeded: try uint32())) }

    mutating func skip(_ count: Int) throws {
        guard count >= 0, count <= remaining else { throw ImagingError(.decodeFailed, "JBIG2 data ends too early") }
        position += count
    }
}
