/// The main and tile-part headers of a JPEG 2000 Part-1 codestream (ITU-T T.800 Annex A), with
/// the tile-part bodies collected per tile.
struct JPXCodestream {
    /// One component's SIZ entry.
    struct Component {
        var precision: Int
        var isSigned: Bool
        var dx: Int
        var dy: Int
    }

    /// Coding style of one component (COD/COC): what the tile's packets and code-blocks look like.
    struct CodingStyle {
        var levels = 0
        var codeBlockWidthExponent = 6
        var codeBlockHeightExponent = 6
        var codeBlockStyle = 0
        var reversible = true
        /// Precinct exponents (x, y) per resolution level; 15 when no precincts were given.
        var precincts: [(Int, Int)] = []

        func precinct(_ resolution: Int) -> (Int, Int) {
            resolution < precincts.count ? precincts[resolution] : (15, 15)
        }
    }

    /// Quantization of one component (QCD/QCC): per subband (exponent, mantissa).
    struct Quantization {
        var style = 0
        var guardBits = 1
        var steps: [(exponent: Int, mantissa: Int)] = []
    }

    var width = 0, height = 0, originX = 0, originY = 0
    var tileWidth = 0, tileHeight = 0, tileOriginX = 0, tileOriginY = 0
    var components: [Component] = []
    var progression = 0
    var layers = 1
    var multipleComponentTransform = false
    var usesSOP = false, usesEPH = false
    var styles: [CodingStyle] = []
    var quantizations: [Quantization] = []
    /// Tile-part bodies (packet data) per tile index, in codestream order.
    var tileData: [Int: [UInt8]] = [:]

    var tilesAcross: Int { (width - tileOriginX + tileWidth - 1) / tileWidth }
    var tilesDown: Int { (height - tileOriginY + tileHeight - 1) / tileHeight }
}

extension JPXCodestream {
    static let maxComponents = 4
    static let maxSide = 1 << 16
    static let maxLevels = 32

    /// Parses the codestream starting at its SOC marker.
    init(_ bytes: ArraySlice<UInt8>) throws {
        var reader = JPXByteReader(bytes)
        guard try reader.u16() == 0xFF4F else { throw JPXFailure.damaged("no SOC marker") }
        var sawSIZ = false
        var componentStyles: [Int: CodingStyle] = [:]
        var componentQuantization: [Int: Quantization] = [:]
        var mainStyle = CodingStyle(), mainQuantization = Quantization()
        var inMainHeader = true
        while reader.remaining >= 2 {
            let markerStart = reader.position
            let marker = try reader.u16()
            if marker == 0xFFD9 { break }
            guard marker >= 0xFF30 else { throw JPXFailure.damaged("bad marker \(marker)") }
            let length = try reader.u16()
            guard length >= 2 else { throw JPXFailure.damaged("marker segment too short") }
            var segment = JPXByteReader(try reader.bytes(length - 2))
            switch marker {
            case 0xFF51:
                try parseSIZ(&segment)
                sawSIZ = true
            case 0xFF52 where inMainHeader:
                let scod = try segment.u8()
                usesSOP = scod & 2 != 0
                usesEPH = scod & 4 != 0
                progression = try segment.u8()
                layers = try segment.u16()
                multipleComponentTransform = try segment.u8() != 0
                mainStyle = try Self.parseStyle(&segment, precinctsGiven: scod & 1 != 0)
            case 0xFF53 where inMainHeader:
                let index = components.count > 256 ? try segment.u16() : try segment.u8()
                let scoc = try segment.u8()
                componentStyles[index] = try Self.parseStyle(&segment, precinctsGiven: scoc & 1 != 0)
            case 0xFF5C where inMainHeader:
                mainQuantization = try Self.parseQuantization(&segment)
            case 0xFF5D where inMainHeader:
                let index = components.count > 256 ? try segment.u16() : try segment.u8()
                componentQuantization[index] = try Self.parseQuantization(&segment)
            case 0xFF90:
                guard sawSIZ else { throw JPXFailure.damaged("tile before SIZ") }
                if inMainHeader {
                    inMainHeader = false
                    styles = components.indices.map { componentStyles[$0] ?? mainStyle }
                    quantizations = components.indices.map { componentQuantization[$0] ?? mainQuantization }
                }
                let tile = try segment.u16()
                let partLength = try segment.u32()
                // Tile-part headers may carry their own COD/QCD; we refuse those rather than guess.
                while true {
                    let next = try reader.u16()
                    if next == 0xFF93 { break }
                    guard [0xFF64, 0xFF58, 0xFF61].contains(next) else {
                        throw JPXFailure.unsupported("tile-part header marker \(String(next, radix: 16))")
                    }
                    _ = try reader.bytes(try reader.u16() - 2)
                }
                let bodyStart = reader.position
                var tileEnd = partLength == 0 ? reader.end : min(reader.end, markerStart + partLength)
                if partLength == 0, tileEnd - bodyStart >= 2, reader.byte(at: tileEnd - 2) == 0xFF,
                   reader.byte(at: tileEnd - 1) == 0xD9 {
                    tileEnd -= 2
                }
                guard tileEnd >= bodyStart, tile < tilesAcross * tilesDown else {
                    throw JPXFailure.damaged("tile-part length or index")
                }
                tileData[tile, default: []].append(contentsOf: reader.slice(bodyStart, tileEnd))
                reader.position = tileEnd
            default:
                break // COM, TLM, PLM, PPM, CRG and the like carry nothing we need
            }
        }
        guard sawSIZ, !inMainHeader else { throw JPXFailure.damaged("no image data") }
    }
}
