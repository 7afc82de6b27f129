extension JPEGFile {
    /// The blocks of one scan in coding order, as indexes into each component's block grid
    /// (row-major over the padded, interleaved layout), with the scan component each belongs to.
    struct CodingOrder {
        /// Block index in its component's grid.
        var blocks: [Int32] = []
        /// Position of the block's component within the scan.
        var members: [UInt8] = []
        /// Blocks per MCU (one in a non-interleaved scan).
        var blocksPerMCU = 1
    }

    /// The coding order of `scan` (ISO/IEC 10918-1 A.2): one component's own blocks row by
    /// row, or whole MCUs of each component's H×V blocks.
    func codingOrder(of scan: Scan) -> CodingOrder {
        var order = CodingOrder()
        if scan.components.count == 1 {
            let c = components[scan.components[0]]
            order.blocks.reserveCapacity(c.ownBlocksWide * c.ownBlocksHigh)
            for y in 0..<c.ownBlocksHigh {
                for x in 0..<c.ownBlocksWide { order.blocks.append(Int32(y * c.blocksWide + x)) }
            }
            order.members = [UInt8](repeating: 0, count: order.blocks.count)
            return order
        }
        order.blocksPerMCU = scan.components.reduce(0) { $0 + components[$1].h * components[$1].v }
        order.blocks.reserveCapacity(mcusWide * mcusHigh * order.blocksPerMCU)
        order.members.reserveCapacity(mcusWide * mcusHigh * order.blocksPerMCU)
        for my in 0..<mcusHigh {
            for mx in 0..<mcusWide {
                for (member, index) in scan.components.enumerated() {
                    let c = components[index]
                    for v in 0..<c.v {
                        for h in 0..<c.h {
                            order.blocks.append(Int32((my * c.v + v) * c.blocksWide + mx * c.h + h))
                            order.members.append(UInt8(member))
                        }
                    }
                }
            }
        }
        return order
    }

    /// The quantized coefficients of every block: per component, 64 per block in zigzag
    /// order, DC values undifferenced. Blocks no scan codes stay zero.
    /// - Parameter stoppingAtDamage: a scan whose data ends early or breaks stops there, as
    ///   libjpeg does after its warning (the block being read keeps what it got, later blocks
    ///   stay zero), instead of failing the whole image.
    /// - Throws: `ImagingError(.decodeFailed)` for codes the tables do not define, a
    ///   missing table or restart marker, coefficients out of range, or data that ends early.
    func coefficients(stoppingAtDamage: Bool = false) throws -> [[Int16]] {
        var out = components.map { [Int16](repeating: 0, count: $0.blocksWide * $0.blocksHigh * 64) }
        var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4), acTables = dcTables
        var interval = 0
        for part in parts {
            switch part {
            case .copied: continue
            case .restartInterval(let n): interval = n
            case .huffman(let tables):
                for t in tables { if t.isAC { acTables[t.slot] = t.table } else { dcTables[t.slot] = t.table } }
            case .scan(let scan):
                let dc = try scan.dcTables.map { slot in try dcTables[slot] ?? { throw Self.malformed("a scan using an undefined DC table") }() }
                let ac = try scan.acTables.map { slot in try acTables[slot] ?? { throw Self.malformed("a scan using an undefined AC table") }() }
                do {
                    try decodeScan(scan, dc: dc, ac: ac, interval: interval, into: &out)
                } catch {
                    if !stoppingAtDamage { throw error }
                }
            }
        }
        return out
    }

    /// Decodes one sequential scan's blocks into `out`.
    private func decodeScan(_ scan: Scan, dc: [JPEGHuffmanTable], ac: [JPEGHuffmanTable], interval: Int,
                            into out: inout [[Int16]]) throws {
        let order = codingOrder(of: scan)
        var reader = JPEGBitReader(bytes, scan.data)
        var predictions = [Int](repeating: 0, count: scan.components.count)
        let restartBlocks = interval * order.blocksPerMCU
        for i in order.blocks.indices {
            if restartBlocks > 0, i > 0, i % restartBlocks == 0 {
                try reader.restart()
                for j in predictions.indices { predictions[j] = 0 }
            }
            let member = Int(order.members[i])
            let component = scan.components[member]
            let base = Int(order.blocks[i]) * 64
            let size = try reader.symbol(dc[member])
            guard size <= 15 else { throw Self.malformed("a DC difference of \(size) bits") }
            predictions[member] += JPEGBitReader.extend(reader.bits(size), size)
            guard let value = Int16(exactly: predictions[member]) else { throw Self.malformed("a DC value out of range") }
            out[component][base] = value
            var k = 1
            while k < 64 {
                let symbol = try reader.symbol(ac[member])
                let run = symbol >> 4, bits = symbol & 15
                if bits == 0 {
                    if run == 15 { k += 16; continue }
                    break
                }
                k += run
                guard k < 64 else { throw Self.malformed("a coefficient past the end of its block") }
                out[component][base + k] = Int16(JPEGBitReader.extend(reader.bits(bits), bits))
                k += 1
            }
            guard !reader.ranPastData else { throw Self.malformed("entropy-coded data that ends early") }
        }
    }
}
