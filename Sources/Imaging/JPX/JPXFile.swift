/// A JPX/JP2 file (T.800 Annex I boxes) or a bare codestream: where the codestream is and which
/// channels the header marks as opacity.
struct JPXFile {
    /// The contiguous codestream, starting at SOC.
    var codestream: ArraySlice<UInt8>
    /// Channels whose cdef type is opacity (1) or premultiplied opacity (2).
    var opacityChannels: Set<Int> = []

    init(_ bytes: [UInt8]) throws {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0x4F {
            codestream = bytes[...]
            return
        }
        var found: ArraySlice<UInt8>?
        var opacity: Set<Int> = []
        try Self.walk(bytes[...], depth: 0) { type, body in
            switch type {
            case "jp2c": if found == nil { found = body }
            case "cdef":
                var reader = JPXByteReader(body)
                let count = try reader.u16()
                for _ in 0..<count {
                    let channel = try reader.u16(), kind = try reader.u16()
                    _ = try reader.u16()
                    if kind == 1 || kind == 2 { opacity.insert(channel) }
                }
            default: break
            }
        }
        guard let found else { throw JPXFailure.damaged("no codestream box") }
        codestream = found
        opacityChannels = opacity
    }

    /// Visits every box, descending into the JP2 header superbox.
    private static func walk(_ bytes: ArraySlice<UInt8>, depth: Int,
                             _ visit: (String, ArraySlice<UInt8>) throws -> Void) throws {
        var reader = JPXByteReader(bytes)
        while reader.remaining >= 8 {
            let start = reader.position
            var length = try reader.u32()
            let typeBytes = try reader.bytes(4)
            let type = String(decoding: typeBytes, as: UTF8.self)
            if length == 1 {
                length = try reader.u32() << 32 | reader.u32()
            } else if length == 0 {
                length = reader.end - start
            }
            let headerLength = reader.position - start
            guard length >= headerLength, length <= reader.end - start else {
                throw JPXFailure.damaged("box \(type) length")
            }
            let body = try reader.bytes(length - headerLength)
            if type == "jp2h" || type == "res ", depth < 2 {
                try walk(body, depth: depth + 1, visit)
            } else {
                try visit(type, body)
            }
        }
    }
}
