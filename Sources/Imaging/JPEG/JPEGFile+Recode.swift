/// Receives the Huffman symbols of a scan with their extra bits.
protocol JPEGSymbolSink {
    /// One symbol of table `slot` (DC or AC) followed by the low `extraCount` bits of `extra`.
    mutating func put(slot: Int, isAC: Bool, symbol: Int, extra: Int, extraCount: Int)
    /// Bits sent without a code (refinement scans of successive approximation).
    mutating func raw(_ value: Int, _ count: Int)
}

extension JPEGSymbolSink {
    mutating func raw(_ value: Int, _ count: Int) {}
}

/// Counts symbol uses per table, for optimal tables.
struct JPEGSymbolCounter: JPEGSymbolSink {
    var dc = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 2)
    var ac = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 2)

    mutating func put(slot: Int, isAC: Bool, symbol: Int, extra: Int, extraCount: Int) {
        if isAC { ac[slot][symbol] += 1 } else { dc[slot][symbol] += 1 }
    }
}

/// Writes symbols with given tables.
struct JPEGSymbolWriter: JPEGSymbolSink {
    let dc: [JPEGHuffmanTable]
    let ac: [JPEGHuffmanTable]
    var writer = JPEGBitWriter()

    mutating func put(slot: Int, isAC: Bool, symbol: Int, extra: Int, extraCount: Int) {
        let table = isAC ? ac[slot] : dc[slot]
        let length = Int(table.lengths[symbol])
        // One write of code and extra bits together (at most 16 + 16 bits).
        writer.write(Int(table.codes[symbol]) << extraCount | (extra & ((1 << extraCount) - 1)), length + extraCount)
    }

    mutating func raw(_ value: Int, _ count: Int) { writer.write(value, count) }
}

extension JPEGFile {
    /// The same file with the same coefficients coded with optimal Huffman tables: markers
    /// and segments kept in order (APPn, COM, DQT, the frame), each scan preceded by its
    /// own tables (the first scan component's in slot 0, the others sharing slot 1), and no
    /// restart markers.
    /// - Throws: `ImagingError` when a coefficient is out of the range 8-bit JPEG can code.
    func recoded(_ coefficients: [[Int16]]) throws -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count)
        for part in parts {
            switch part {
            case .copied(let range): out.append(contentsOf: bytes[range])
            case .huffman, .restartInterval: continue
            case .scan(let scan):
                let order = codingOrder(of: scan)
                let slots = scan.components.indices.map { $0 == 0 ? 0 : 1 }
                var counter = JPEGSymbolCounter()
                try symbols(of: scan, order: order, slots: slots, coefficients: coefficients, into: &counter)
                let used = Set(slots)
                var dc: [JPEGHuffmanTable] = [], ac: [JPEGHuffmanTable] = []
                for slot in 0..<(used.count) {
                    guard let d = JPEGHuffmanTable.optimal(frequencies: counter.dc[slot]),
                          let a = JPEGHuffmanTable.optimal(frequencies: counter.ac[slot]) else {
                        throw ImagingError(.encodeFailed, "no Huffman table could be built")
                    }
                    dc.append(d)
                    ac.append(a)
                }
                var segment: [UInt8] = []
                for slot in dc.indices {
                    for (isAC, table) in [(false, dc[slot]), (true, ac[slot])] {
                        segment.append(UInt8((isAC ? 0x10 : 0) | slot))
                        segment.append(contentsOf: table.counts.map { UInt8($0) })
                        segment.append(contentsOf: table.values)
                    }
                }
                Self.appendSegment(0xC4, segment, to: &out)
                var header: [UInt8] = [UInt8(scan.components.count)]
                for (member, index) in scan.components.enumerated() {
                    header.append(components[index].id)
                    header.append(UInt8(slots[member] << 4 | slots[member]))
                }
                header.append(contentsOf: [0, 63, 0])
                Self.appendSegment(0xDA, header, to: &out)
                var writer = JPEGSymbolWriter(dc: dc, ac: ac)
                try symbols(of: scan, order: order, slots: slots, coefficients: coefficients, into: &writer)
                writer.writer.finish()
                out.append(contentsOf: writer.writer.bytes)
            }
        }
        out.append(contentsOf: [0xFF, 0xD9])
        return out
    }

    /// Feeds the Huffman symbols of `scan` to `sink` (F.1.2: DC differences by size, AC
    /// coefficients as zero runs and sizes, with ZRL and EOB).
    private func symbols<Sink: JPEGSymbolSink>(of scan: Scan, order: CodingOrder, slots: [Int],
                                               coefficients: [[Int16]], into sink: inout Sink) throws {
        var predictions = [Int](repeating: 0, count: scan.components.count)
        for i in order.blocks.indices {
            let member = Int(order.members[i])
            let slot = slots[member]
            let base = Int(order.blocks[i]) * 64
            try coefficients[scan.components[member]].withUnsafeBufferPointer { all in
                let dc = Int(all[base])
                let diff = dc - predictions[member]
                predictions[member] = dc
                let size = Self.magnitude(diff)
                guard size <= 11 else { throw ImagingError(.encodeFailed, "a DC difference too large for 8-bit JPEG") }
                sink.put(slot: slot, isAC: false, symbol: size, extra: diff < 0 ? diff - 1 : diff, extraCount: size)
                var run = 0
                for k in 1..<64 {
                    let value = Int(all[base + k])
                    if value == 0 { run += 1; continue }
                    while run > 15 {
                        sink.put(slot: slot, isAC: true, symbol: 0xF0, extra: 0, extraCount: 0)
                        run -= 16
                    }
                    let size = Self.magnitude(value)
                    guard size <= 10 else { throw ImagingError(.encodeFailed, "an AC coefficient too large for 8-bit JPEG") }
                    sink.put(slot: slot, isAC: true, symbol: run << 4 | size, extra: value < 0 ? value - 1 : value, extraCount: size)
                    run = 0
                }
                if run > 0 { sink.put(slot: slot, isAC: true, symbol: 0, extra: 0, extraCount: 0) }
            }
        }
    }

    /// Bits needed for |value| (the JPEG "size" category).
    static func magnitude(_ value: Int) -> Int {
        value == 0 ? 0 : Int.bitWidth - value.magnitude.leadingZeroBitCount
    }

    static func appendSegment(_ marker: UInt8, _ payload: [UInt8], to out: inout [UInt8]) {
        let length = payload.count + 2
        out.append(contentsOf: [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)])
        out.append(contentsOf: payload)
    }
}
