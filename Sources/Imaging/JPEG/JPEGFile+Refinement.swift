extension JPEGFile {
    /// The same coefficients as a progressive JPEG with successive approximation: DC values
    /// and AC bands first sent without their lowest bits, then refined bit by bit (the scan
    /// order libjpeg uses by default). Refinement scans send most of the low bits of large
    /// coefficients bare, and code the many small coefficients more tightly; on scans and
    /// photographs this is often a few percent smaller than spectral selection alone.
    /// - Throws: `ImagingError` when a coefficient is out of the range 8-bit JPEG can code.
    func successiveApproximation(_ coefficients: [[Int16]]) throws -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(bytes.count)
        for part in parts {
            guard case .copied(let range) = part else { continue }
            var segment = Array(bytes[range])
            if segment[1] == 0xC0 || segment[1] == 0xC1 { segment[1] = 0xC2 }
            out.append(contentsOf: segment)
        }
        let all = Array(components.indices)
        let blocksPerMCU = components.reduce(0) { $0 + $1.h * $1.v }
        let dcScans = components.count == 1 || blocksPerMCU <= 10 ? [all] : all.map { [$0] }
        let others = all.dropFirst()
        for members in dcScans { try appendScan(members: members, band: 0...0, low: 1, coefficients: coefficients, to: &out) }
        try appendScan(members: [0], band: 1...5, low: 2, coefficients: coefficients, to: &out)
        for index in others { try appendScan(members: [index], band: 1...63, low: 1, coefficients: coefficients, to: &out) }
        try appendScan(members: [0], band: 6...63, low: 2, coefficients: coefficients, to: &out)
        try appendScan(members: [0], band: 1...63, high: 2, low: 1, coefficients: coefficients, to: &out)
        for members in dcScans { try appendScan(members: members, band: 0...0, high: 1, low: 0, coefficients: coefficients, to: &out) }
        for index in others { try appendScan(members: [index], band: 1...63, high: 1, low: 0, coefficients: coefficients, to: &out) }
        try appendScan(members: [0], band: 1...63, high: 1, low: 0, coefficients: coefficients, to: &out)
        out.append(contentsOf: [0xFF, 0xD9])
        return out
    }

    /// The symbols and bits of an AC refinement scan of bit `low` (ISO/IEC 10918-1
    /// G.1.2.3): a coefficient that becomes nonzero at this bit is coded as a zero run and
    /// a sign bit; coefficients already nonzero get one correction bit each, sent after the
    /// next coded symbol (or with the end-of-band run that covers them); zero runs count
    /// only coefficients still zero.
    func refinementSymbols<Sink: JPEGSymbolSink>(order: CodingOrder, component: Int, band: ClosedRange<Int>, low: Int,
                                                 coefficients: [[Int16]], into sink: inout Sink) {
        var endOfBands = 0
        var pending: [UInt8] = []   // correction bits of the blocks in the end-of-band run
        func flush(_ sink: inout Sink) {
            guard endOfBands > 0 else { return }
            let n = Int.bitWidth - 1 - endOfBands.leadingZeroBitCount
            sink.put(slot: 0, isAC: true, symbol: n << 4, extra: endOfBands - (1 << n), extraCount: n)
            for bit in pending { sink.raw(Int(bit), 1) }
            pending.removeAll(keepingCapacity: true)
            endOfBands = 0
        }
        var magnitudes = [Int](repeating: 0, count: 64)
        var buffered: [UInt8] = []
        coefficients[component].withUnsafeBufferPointer { all in
            for block in order.blocks {
                let base = Int(block) * 64
                // The last coefficient that becomes nonzero at this bit.
                var last = 0
                for k in band {
                    magnitudes[k] = abs(Int(all[base + k])) >> low
                    if magnitudes[k] == 1 { last = k }
                }
                var run = 0
                buffered.removeAll(keepingCapacity: true)
                for k in band {
                    let m = magnitudes[k]
                    if m == 0 { run += 1; continue }
                    // Runs of 16 before the last new coefficient are sent as ZRL; past it
                    // they are left to the end-of-band run.
                    while run > 15 && k <= last {
                        flush(&sink)
                        sink.put(slot: 0, isAC: true, symbol: 0xF0, extra: 0, extraCount: 0)
                        run -= 16
                        for bit in buffered { sink.raw(Int(bit), 1) }
                        buffered.removeAll(keepingCapacity: true)
                    }
                    if m > 1 {
                        buffered.append(UInt8(m & 1))
                        continue
                    }
                    flush(&sink)
                    sink.put(slot: 0, isAC: true, symbol: run << 4 | 1, extra: all[base + k] > 0 ? 1 : 0, extraCount: 1)
                    for bit in buffered { sink.raw(Int(bit), 1) }
                    buffered.removeAll(keepingCapacity: true)
                    run = 0
                }
                if run > 0 || !buffered.isEmpty {
                    endOfBands += 1
                    pending.append(contentsOf: buffered)
                    // Keep the run and its bits within what a decoder must buffer.
                    if endOfBands == 0x7FFF || pending.count > 937 { flush(&sink) }
                }
            }
        }
        flush(&sink)
    }
}
