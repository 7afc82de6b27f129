/// Packet headers and bodies (T.800 B.9, B.10): which code-blocks each packet adds passes and
/// bytes to.
extension JPXTileComponent {
    /// The longest any code-block's data may grow, against hostile lengths.
    static let maxBlockBytes = 1 << 22

    /// Reads the packet of `layer` for precinct `precinct` of resolution `r`, starting at
    /// `position` in `data`; returns where the next packet starts.
    mutating func readPacket(layer: Int, resolution r: Int, precinct: Int, data: [UInt8], position start: Int,
                             codestream: JPXCodestream) throws -> Int {
        var position = start
        if codestream.usesSOP, position + 6 <= data.count, data[position] == 0xFF, data[position + 1] == 0x91 {
            position += 6
        }
        guard position < data.count else { return position }
        var bits = JPXPacketBits(data, position: position)
        var contributions: [(JPXCodeBlock, Int, Int)] = []
        if try bits.bit() == 1 {
            for bandIndex in resolutions[r].precincts[precinct].indices {
                var part = resolutions[r].precincts[precinct][bandIndex]
                for (index, block) in part.blocks.enumerated() {
                    let bx = index % part.blocksWide, by = index / part.blocksWide
                    let included: Bool
                    if block.everIncluded {
                        included = try bits.bit() == 1
                    } else {
                        included = try part.inclusion.decode(x: bx, y: by, threshold: layer + 1, bits: &bits) != nil
                    }
                    guard included else { continue }
                    if !block.everIncluded {
                        block.everIncluded = true
                        var threshold = 1
                        while try part.zeroPlanes.decode(x: bx, y: by, threshold: threshold, bits: &bits) == nil {
                            threshold += 1
                            guard threshold < 80 else { throw JPXFailure.damaged("zero bit-planes") }
                        }
                        block.zeroPlanes = threshold - 1
                    }
                    let passes = try Self.passCount(&bits)
                    while try bits.bit() == 1 {
                        block.lengthBits += 1
                        guard block.lengthBits < 32 else { throw JPXFailure.damaged("code-block length") }
                    }
                    let length = try bits.bits(block.lengthBits + Self.floorLog2(passes))
                    contributions.append((block, passes, length))
                }
                resolutions[r].precincts[precinct][bandIndex] = part
            }
        }
        bits.align()
        position = min(bits.position, data.count)
        if codestream.usesEPH, position + 2 <= data.count, data[position] == 0xFF, data[position + 1] == 0x92 {
            position += 2
        }
        for (block, passes, length) in contributions {
            let available = min(length, max(0, data.count - position))
            guard block.data.count + available <= Self.maxBlockBytes else {
                throw JPXFailure.unsupported("code-block data above the limit")
            }
            block.data.append(contentsOf: data[position..<position + available])
            block.passes += passes
            position += available
        }
        return position
    }

    /// The number of new coding passes (Table B.4).
    static func passCount(_ bits: inout JPXPacketBits) throws -> Int {
        if try bits.bit() == 0 { return 1 }
        if try bits.bit() == 0 { return 2 }
        let two = try bits.bits(2)
        if two < 3 { return 3 + two }
        let five = try bits.bits(5)
        if five < 31 { return 6 + five }
        return 37 + (try bits.bits(7))
    }

    static func floorLog2(_ value: Int) -> Int {
        var result = 0, v = value
        while v > 1 { v >>= 1; result += 1 }
        return result
    }
}
