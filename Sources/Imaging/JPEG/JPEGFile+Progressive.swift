extension JPEGFile {
    /// The same coefficients as a progressive JPEG (SOF2) by spectral selection alone: one
    /// scan of every component's DC values, then bands of AC coefficients per component
    /// (the division that codes smallest of a few), each scan with optimal Huffman tables. The
    /// bands' end-of-block runs code the many blocks whose high frequencies are all zero
    /// in a few bits, which sequential coding spends one symbol per block on. No successive
    /// approximation: every coefficient is sent whole, so the decoded pixels are the same.
    /// - Throws: `ImagingError` when a coefficient is out of the range 8-bit JPEG can code.
    func progressive(_ coefficients: [[Int16]]) throws -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count)
        var frameEnd = 0
        for part in parts {
            guard case .copied(let range) = part else { continue }
            var segment = Array(bytes[range])
            if segment[1] == 0xC0 || segment[1] == 0xC1 {
                segment[1] = 0xC2
                frameEnd = out.count + segment.count
            }
            out.append(contentsOf: segment)
        }
        guard frameEnd > 0 else { throw Self.malformed("no frame") }
        let all = Array(components.indices)
        let blocksPerMCU = components.reduce(0) { $0 + $1.h * $1.v }
        // The DC values in one interleaved scan when an MCU allows it.
        let dcScans = components.count == 1 || blocksPerMCU <= 10 ? [all] : all.map { [$0] }
        for members in dcScans {
            try appendScan(members: members, band: 0...0, coefficients: coefficients, to: &out)
        }
        for index in all {
            // Which division into bands codes best depends on the image: try a few.
            var best: [UInt8]?
            for bands in index == 0 ? Self.lumaBands : Self.chromaBands {
                var scans: [UInt8] = []
                for band in bands { try appendScan(members: [index], band: band, coefficients: coefficients, to: &scans) }
                if scans.count < best?.count ?? .max { best = scans }
            }
            out.append(contentsOf: best ?? [])
        }
        out.append(contentsOf: [0xFF, 0xD9])
        return out
    }

    /// Divisions of the first component's AC coefficients into spectral bands, tried in turn.
    static let lumaBands: [[ClosedRange<Int>]] = [[1...63], [1...5, 6...63], [1...2, 3...9, 10...63], [1...9, 10...63]]
    /// The same for the other components.
    static let chromaBands: [[ClosedRange<Int>]] = [[1...63], [1...5, 6...63]]

    /// One progressive scan of `band` for `members` with its tables: a first scan when
    /// `high` is 0, else a refinement of bit `low` (successive approximation, `high` = `low` + 1).
    func appendScan(members: [Int], band: ClosedRange<Int>, high: Int = 0, low: Int = 0,
                    coefficients: [[Int16]], to out: inout [UInt8]) throws {
        let scan = Scan(components: members, dcTables: [], acTables: [], data: 0..<0)
        let order = codingOrder(of: scan)
        let slots = members.indices.map { $0 == 0 ? 0 : 1 }
        let isAC = band.lowerBound > 0
        func feed<Sink: JPEGSymbolSink>(_ sink: inout Sink) throws {
            switch (isAC, high > 0) {
            case (false, false), (true, false):
                try bandSymbols(order: order, members: members, slots: slots, band: band, shift: low,
                                coefficients: coefficients, into: &sink)
            case (false, true):
                for i in order.blocks.indices {
                    let dc = Int(coefficients[members[Int(order.members[i])]][Int(order.blocks[i]) * 64])
                    sink.raw((dc >> low) & 1, 1)
                }
            case (true, true):
                refinementSymbols(order: order, component: members[0], band: band, low: low, coefficients: coefficients, into: &sink)
            }
        }
        var tables: [JPEGHuffmanTable] = []
        // A DC refinement scan sends bare bits: no tables.
        if isAC || high == 0 {
            var counter = JPEGSymbolCounter()
            try feed(&counter)
            for slot in 0..<Set(slots).count {
                guard let table = JPEGHuffmanTable.optimal(frequencies: isAC ? counter.ac[slot] : counter.dc[slot]) else {
                    throw ImagingError(.encodeFailed, "no Huffman table could be built")
                }
                tables.append(table)
            }
            var segment: [UInt8] = []
            for (slot, table) in tables.enumerated() {
                segment.append(UInt8((isAC ? 0x10 : 0) | slot))
                segment.append(contentsOf: table.counts.map { UInt8($0) })
                segment.append(contentsOf: table.values)
            }
            Self.appendSegment(0xC4, segment, to: &out)
        }
        var header: [UInt8] = [UInt8(members.count)]
        for (member, index) in members.enumerated() {
            header.append(components[index].id)
            header.append(UInt8(isAC ? slots[member] : slots[member] << 4))
        }
        header.append(contentsOf: [UInt8(band.lowerBound), UInt8(band.upperBound), UInt8(high << 4 | low)])
        Self.appendSegment(0xDA, header, to: &out)
        var writer = JPEGSymbolWriter(dc: isAC ? [] : tables, ac: isAC ? tables : [])
        try feed(&writer)
        writer.writer.finish()
        out.append(contentsOf: writer.writer.bytes)
    }

    /// The symbols of a DC first scan (differences, as in sequential coding) or an AC first
    /// scan (G.1.2.2: zero runs and sizes, ZRL, and end-of-band runs EOBn with n extra bits).
    private func bandSymbols<Sink: JPEGSymbolSink>(order: CodingOrder, members: [Int], slots: [Int], band: ClosedRange<Int>,
                                                   shift: Int, coefficients: [[Int16]], into sink: inout Sink) throws {
        if band.lowerBound == 0 {
            var predictions = [Int](repeating: 0, count: members.count)
            for i in order.blocks.indices {
                let member = Int(order.members[i])
                // The point transform of DC values is an arithmetic shift (G.1.2.1).
                let dc = Int(coefficients[members[member]][Int(order.blocks[i]) * 64]) >> shift
                let diff = dc - predictions[member]
                predictions[member] = dc
                let size = Self.magnitude(diff)
                guard size <= 11 else { throw ImagingError(.encodeFailed, "a DC difference too large for 8-bit JPEG") }
                sink.put(slot: slots[member], isAC: false, symbol: size, extra: diff < 0 ? diff - 1 : diff, extraCount: size)
            }
            return
        }
        var endOfBands = 0
        func flush(_ sink: inout Sink) {
            guard endOfBands > 0 else { return }
            let n = Int.bitWidth - 1 - endOfBands.leadingZeroBitCount
            sink.put(slot: 0, isAC: true, symbol: n << 4, extra: endOfBands - (1 << n), extraCount: n)
            endOfBands = 0
        }
        try coefficients[members[0]].withUnsafeBufferPointer { all in
            for block in order.blocks {
                let base = Int(block) * 64
                var run = 0
                for k in band {
                    // The point transform of AC values divides magnitudes (G.1.2.2).
                    let raw = Int(all[base + k])
                    let value = raw < 0 ? -((-raw) >> shift) : raw >> shift
                    if value == 0 { run += 1; continue }
                    flush(&sink)
                    while run > 15 {
                        sink.put(slot: 0, isAC: true, symbol: 0xF0, extra: 0, extraCount: 0)
                        run -= 16
                    }
                    let size = Self.magnitude(value)
                    guard size <= 10 else { throw ImagingError(.encodeFailed, "an AC coefficient too large for 8-bit JPEG") }
                    sink.put(slot: 0, isAC: true, symbol: run << 4 | size, extra: value < 0 ? value - 1 : value, extraCount: size)
                    run = 0
                }
                if run > 0 {
                    endOfBands += 1
                    if endOfBands == 0x7FFF { flush(&sink) }
                }
            }
        }
        flush(&sink)
    }
}
