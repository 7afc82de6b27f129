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
        var coefficients = try self.coefficients(stoppingAtDamage: true)
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
}
