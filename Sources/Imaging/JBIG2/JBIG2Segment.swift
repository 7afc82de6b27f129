/// One JBIG2 segment (T.88 §7.2): its header fields and where its data lies in the stream.
struct JBIG2Segment {
    enum Kind: Int {
        case symbolDictionary = 0
        case intermediateTextRegion = 4, immediateTextRegion = 6, immediateLosslessTextRegion = 7
        case patternDictionary = 16
        case intermediateHalftoneRegion = 20, immediateHalftoneRegion = 22, immediateLosslessHalftoneRegion = 23
        case intermediateGenericRegion = 36, immediateGenericRegion = 38, immediateLosslessGenericRegion = 39
        case intermediateRefinementRegion = 40, immediateRefinementRegion = 42, immediateLosslessRefinementRegion = 43
        case pageInformation = 48, endOfPage = 49, endOfStripe = 50, endOfFile = 51
        case profiles = 52, tables = 53, colourPalette = 54, extensionData = 62
    }

    let number: Int
    /// The raw type number; `kind` is nil for reserved types, which are skipped.
    let type: Int
    var kind: Kind? { Kind(rawValue: type) }
    let page: Int
    let referredTo: [Int]
    /// The segment's data: `bytes[dataStart..<dataEnd]`.
    let dataStart: Int
    let dataEnd: Int

    /// The most segments one stream may hold (a hostile stream of empty headers stays cheap).
    static let maxSegments = 1 << 20

    /// Parses the segments of an embedded (PDF) stream: headers each followed by their data,
    /// no file header (T.88 Annex D.3).
    /// Some writers put a whole JBIG2 file, header included, in the stream; such a header
    /// (§D.4) is skipped, and a file in random-access organisation has its data after all headers.
    static func parseEmbedded(_ bytes: [UInt8]) throws -> [JBIG2Segment] {
        var reader = JBIG2ByteReader(bytes)
        var randomAccess = false
        let magic: [UInt8] = [0x97, 0x4A, 0x42, 0x32, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= 9, Array(bytes[0..<8]) == magic {
            let flags = bytes[8]
            randomAccess = flags & 1 == 0
            try reader.skip(flags & 2 == 0 ? 13 : 9)
        }
        var segments: [JBIG2Segment] = []
        while reader.remaining >= 11 {
            guard segments.count < maxSegments else {
                throw ImagingError(.tooLarge, "the JBIG2 stream has too many segments")
            }
            let segment = try parse(&reader, withData: !randomAccess)
            segments.append(segment)
            if segment.kind == .endOfFile { break }
        }
        guard randomAccess else { return segments }
        // Random access: the data parts follow the headers, in the same order.
        var position = reader.position
        return segments.map { segment in
            let length = segment.dataEnd - segment.dataStart
            let start = min(position, bytes.count)
            position = start + length
            return JBIG2Segment(number: segment.number, type: segment.type, page: segment.page, referredTo: segment.referredTo,
                                dataStart: start, dataEnd: min(position, bytes.count))
        }
    }

    /// Parses one header; with `withData` its data follows it and is skipped, otherwise the
    /// returned range only records the data's length (from 0).
    private static func parse(_ reader: inout JBIG2ByteReader, withData: Bool) throws -> JBIG2Segment {
        let number = try reader.uint32()
        let flags = try reader.byte()
        let type = Int(flags & 0x3F)
        let first = try reader.byte()
        var count = Int(first >> 5)
        if count == 7 {
            reader.position -= 1
            count = try reader.uint32() & 0x1FFF_FFFF
            guard count <= reader.remaining else { throw ImagingError(.decodeFailed, "JBIG2 segment header is damaged") }
            try reader.skip((count + 8) / 8)   // retention flags
        }
        let numberSize = number <= 256 ? 1 : number <= 65536 ? 2 : 4
        var referred: [Int] = []
        referred.reserveCapacity(count)
        for _ in 0..<count {
            switch numberSize {
            case 1: referred.append(Int(try reader.byte()))
            case 2: referred.append(try reader.uint16())
            default: referred.append(try reader.uint32())
            }
        }
        let page = flags & 0x40 != 0 ? try reader.uint32() : Int(try reader.byte())
        var length = try reader.uint32()
        let start = reader.position
        if !withData {
            guard length != 0xFFFF_FFFF else { throw ImagingError(.decodeFailed, "JBIG2 segment of unknown length in a random-access file") }
            return JBIG2Segment(number: number, type: type, page: page, referredTo: referred, dataStart: 0, dataEnd: length)
        }
        if length == 0xFFFF_FFFF {
            guard type == Kind.immediateGenericRegion.rawValue || type == Kind.immediateLosslessGenericRegion.rawValue else {
                throw ImagingError(.decodeFailed, "JBIG2 segment of unknown length is not a generic region")
            }
            length = try unknownLength(reader.data, start: start, end: reader.end)
        }
        guard length <= reader.remaining else {
            // A truncated last segment keeps what is there; decoders see its end as the data end.
            let end = reader.end
            reader.position = end
            return JBIG2Segment(number: number, type: type, page: page, referredTo: referred, dataStart: start, dataEnd: end)
        }
        try reader.skip(length)
        return JBIG2Segment(number: number, type: type, page: page, referredTo: referred, dataStart: start, dataEnd: start + length)
    }

    /// The length of an immediate generic region whose header says "unknown" (§7.2.7): its data
    /// ends with 00 00 (MMR) or FF AC (arithmetic) followed by a 4-byte row count.
    private static func unknownLength(_ bytes: [UInt8], start: Int, end: Int) throws -> Int {
        let flagsIndex = start + 17
        guard flagsIndex < end else { throw ImagingError(.decodeFailed, "JBIG2 generic region header is truncated") }
        let mmr = bytes[flagsIndex] & 1 != 0
        let marker: (UInt8, UInt8) = mmr ? (0x00, 0x00) : (0xFF, 0xAC)
        var i = flagsIndex + 1
        while i + 5 < end {
            if bytes[i] == marker.0 && bytes[i + 1] == marker.1 { return i + 6 - start }
            i += 1
        }
        throw ImagingError(.decodeFailed, "JBIG2 generic region of unknown length has no end marker")
    }
}

/// The region segment information field (T.88 §7.4.1) that starts every region segment.
struct JBIG2RegionInfo {
    var width: Int
    var height: Int
    var x: Int
    var y: Int
    var op: JBIG2CombinationOperator

    init(_ reader: inout JBIG2ByteReader) throws {
        width = try reader.uint32()
        height = try reader.uint32()
        x = try reader.int32()
        y = try reader.int32()
        op = JBIG2CombinationOperator(rawValue: Int(try reader.byte() & 7)) ?? .or
    }
}
