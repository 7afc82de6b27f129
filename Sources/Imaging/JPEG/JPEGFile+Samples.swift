/// A JPEG decoded to its own samples, interleaved, in the file's colour model after the
/// JFIF or Adobe transform is undone: gray, RGB, or CMYK (from CMYK or YCCK data).
struct JPEGSamples {
    /// Size in pixels.
    var width: Int
    var height: Int
    /// Samples per pixel: 1, 3 or 4.
    var components: Int
    /// `width × height × components` bytes, row by row.
    var bytes: [UInt8]
}

extension JPEGFile {
    /// What decoding to samples needs beyond the marker structure: quantization tables,
    /// each component's table selector, and the markers that say how colour was transformed.
    struct SampleTables {
        /// Per slot 0–3, the 64 quantizers in zigzag order.
        var quantizers: [[Int32]?] = [nil, nil, nil, nil]
        /// Per component, the slot of its quantization table.
        var selectors: [Int] = []
        var sawJFIF = false
        /// The Adobe APP14 transform flag (0 none, 1 YCbCr, 2 YCCK), nil without the marker.
        var adobeTransform: Int?
    }

    /// Reads the DQT, frame, JFIF and Adobe segments the structure kept as they are. Tables
    /// are taken as they stand at the first scan, which is where decoding latches them.
    func sampleTables() throws -> SampleTables {
        var tables = SampleTables()
        for part in parts {
            if case .scan = part { break }
            guard case .copied(let range) = part, range.count >= 4 else { continue }
            let marker = bytes[range.lowerBound + 1]
            let payload = (range.lowerBound + 4)..<range.upperBound
            switch marker {
            case 0xDB: try readQuantizers(payload, into: &tables)
            case 0xC0, 0xC1:
                tables.selectors = components.indices.map { Int(bytes[payload.lowerBound + 6 + 3 * $0 + 2]) }
            case 0xE0:
                if payload.count >= 5, Array(bytes[payload.lowerBound..<(payload.lowerBound + 5)]) == Array("JFIF\0".utf8) {
                    tables.sawJFIF = true
                }
            case 0xEE:
                if payload.count >= 12, Array(bytes[payload.lowerBound..<(payload.lowerBound + 5)]) == Array("Adobe".utf8) {
                    tables.adobeTransform = Int(bytes[payload.lowerBound + 11])
                }
            default: continue
            }
        }
        return tables
    }

    private func readQuantizers(_ payload: Range<Int>, into tables: inout SampleTables) throws {
        var at = payload.lowerBound
        while at < payload.upperBound {
            let precision = Int(bytes[at] >> 4), slot = Int(bytes[at] & 15)
            guard precision <= 1, slot < 4 else { throw Self.malformed("a quantization table of precision \(precision), slot \(slot)") }
            let size = precision == 0 ? 1 : 2
            guard at + 1 + 64 * size <= payload.upperBound else { throw Self.malformed("a short DQT segment") }
            tables.quantizers[slot] = (0..<64).map { k in
                precision == 0 ? Int32(bytes[at + 1 + k]) : Int32(bytes[at + 1 + 2 * k]) << 8 | Int32(bytes[at + 2 + 2 * k])
            }
            at += 1 + 64 * size
        }
    }

    /// The colour model of the samples as a decoder without conversion hands them out, by
    /// the rules JFIF, the Adobe marker and component identifiers set.
    func colorModel(_ tables: SampleTables) -> JPEGColorTransform {
        switch components.count {
        case 3:
            if tables.sawJFIF { return .ycbcr }
            if let transform = tables.adobeTransform { return transform == 0 ? .none : .ycbcr }
            let ids = components.map(\.id)
            return ids == [0x52, 0x47, 0x42] ? .none : .ycbcr
        case 4:
            if let transform = tables.adobeTransform { return transform == 0 ? .none : .ycck }
            return .none
        default: return .none
        }
    }

    /// The file's samples (gray, RGB or CMYK), each component dequantized, inverse
    /// transformed, upsampled to full size (triangle filter for 2:1 factors) and the JFIF or
    /// Adobe colour transform undone.
    /// - Throws: `ImagingError(.tooLarge)` above `maxPixels`, `.unsupported` for sampling
    ///   factors that do not divide the largest, `.decodeFailed` for a missing table. Damaged
    ///   entropy-coded data does not throw: blocks it does not reach stay zero (mid-gray).
    func samples(maxPixels: Int) throws -> JPEGSamples {
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels, width <= 1 << 20, height <= 1 << 20 else {
            throw ImagingError(.tooLarge, "JPEG image above the limit of \(maxPixels) pixels")
        }
        let tables = try sampleTables()
        guard tables.selectors.count == components.count else { throw Self.malformed("no frame header") }
        let quantizers = try components.indices.map { i in
            try tables.quantizers[tables.selectors[i]] ?? { throw Self.malformed("a component using an undefined quantization table") }()
        }
        let hMax = components.map(\.h).max() ?? 1, vMax = components.map(\.v).max() ?? 1
        for c in components where hMax % c.h != 0 || vMax % c.v != 0 {
            throw ImagingError(.unsupported, "JPEG sampling factors \(c.h)×\(c.v) of \(hMax)×\(vMax)")
        }
        var coefficients = try damagedTolerantCoefficients()
        var planes: [[UInt8]] = []
        for i in components.indices {
            let c = components[i]
            let plane = JPEGInverseDCT.plane(coefficients[i], blocksWide: c.blocksWide, blocksHigh: c.blocksHigh,
                                             quantizers: quantizers[i])
            coefficients[i] = []
            let own = JPEGUpsampler.Plane(samples: plane, stride: c.blocksWide * 8,
                                          width: (width * c.h + hMax - 1) / hMax, height: (height * c.v + vMax - 1) / vMax)
            planes.append(JPEGUpsampler.fullSize(own, xFactor: hMax / c.h, yFactor: vMax / c.v, width: width, height: height))
        }
        let bytes = colorModel(tables).interleave(planes, count: width * height)
        return JPEGSamples(width: width, height: height, components: components.count, bytes: bytes)
    }

    /// Quantized coefficients as `coefficients()` gives them, except that a scan whose data
    /// ends early or breaks stops there, as libjpeg does after its warning: the block being
    /// read keeps what it got (zero bits past the end) and later blocks stay zero.
    func damagedTolerantCoefficients() throws -> [[Int16]] {
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
                decodeScan(scan, dc: dc, ac: ac, interval: interval, into: &out)
            }
        }
        return out
    }

    private func decodeScan(_ scan: Scan, dc: [JPEGHuffmanTable], ac: [JPEGHuffmanTable], interval: Int, into out: inout [[Int16]]) {
        let order = codingOrder(of: scan)
        var reader = JPEGBitReader(bytes, scan.data)
        var predictions = [Int](repeating: 0, count: scan.components.count)
        let restartBlocks = interval * order.blocksPerMCU
        do {
            for i in order.blocks.indices {
                if restartBlocks > 0, i > 0, i % restartBlocks == 0 {
                    try reader.restart()
                    for j in predictions.indices { predictions[j] = 0 }
                }
                let member = Int(order.members[i])
                let component = scan.components[member]
                let base = Int(order.blocks[i]) * 64
                let size = try reader.symbol(dc[member])
                guard size <= 15 else { return }
                predictions[member] += JPEGBitReader.extend(reader.bits(size), size)
                out[component][base] = Int16(clamping: predictions[member])
                var k = 1
                while k < 64 {
                    let symbol = try reader.symbol(ac[member])
                    let run = symbol >> 4, bits = symbol & 15
                    if bits == 0 {
                        if run == 15 { k += 16; continue }
                        break
                    }
                    k += run
                    guard k < 64 else { return }
                    out[component][base + k] = Int16(JPEGBitReader.extend(reader.bits(bits), bits))
                    k += 1
                }
                if reader.ranPastData { return }
            }
        } catch {
            // A code no table defines or a restart marker missing: the rest of the scan is lost.
            return
        }
    }
}
