/// Pattern dictionaries (T.88 §6.7) and halftone regions (§6.6): a grid of gray values, coded
/// as Gray-coded bitplanes, each cell painted with the pattern of its value.
enum JBIG2Halftone {
    /// Decodes a pattern dictionary segment's data into its patterns.
    static func patterns(_ bytes: [UInt8], start: Int, end: Int) throws -> [JBIG2Bitmap] {
        var reader = JBIG2ByteReader(bytes, from: start, to: end)
        let flags = Int(try reader.byte())
        let mmr = flags & 1 != 0, template = flags >> 1 & 3
        let width = Int(try reader.byte()), height = Int(try reader.byte())
        let grayMax = try reader.uint32()
        guard width > 0, height > 0, grayMax < 1 << 16, (grayMax + 1) * width * height <= 1 << 26 else {
            throw ImagingError(.decodeFailed, "JBIG2 pattern dictionary has an impossible size")
        }
        let count = grayMax + 1
        let collective: JBIG2Bitmap
        if mmr {
            var decoder = JBIG2MMRDecoder(bytes, start: reader.position, end: end)
            collective = try decoder.decode(width: count * width, height: height)
        } else {
            var adaptive = JBIG2GenericRegion.nominalAdaptive(template: template)
            adaptive[0] = (-width, 0)
            let region = JBIG2GenericRegion(template: template, adaptive: adaptive)
            var decoder = JBIG2ArithmeticDecoder(bytes, start: reader.position, end: end)
            var contexts = JBIG2ArithmeticDecoder.Contexts(count: JBIG2GenericRegion.contextCount(template: template))
            collective = try region.decode(width: count * width, height: height, decoder: &decoder, contexts: &contexts)
        }
        return try (0..<count).map { try collective.columns($0 * width, width: width) }
    }

    /// Decodes a halftone region segment's data (after the region information) onto a bitmap of
    /// `width` × `height`.
    static func region(_ bytes: [UInt8], start: Int, end: Int, width: Int, height: Int,
                       patterns: [JBIG2Bitmap]) throws -> JBIG2Bitmap {
        var reader = JBIG2ByteReader(bytes, from: start, to: end)
        let flags = Int(try reader.byte())
        let mmr = flags & 1 != 0, template = flags >> 1 & 3, enableSkip = flags & 8 != 0
        let op = JBIG2CombinationOperator(rawValue: flags >> 4 & 7) ?? .or
        let defaultPixel = flags >> 7 & 1
        let gridWidth = try reader.uint32(), gridHeight = try reader.uint32()
        let gridX = try reader.int32(), gridY = try reader.int32()
        let stepX = try reader.uint16(), stepY = try reader.uint16()
        guard let first = patterns.first else { throw ImagingError(.decodeFailed, "JBIG2 halftone region has no patterns") }
        // A grid cell paints at least one pixel worth of pattern, so more cells than pixels is damage.
        guard gridWidth <= 1 << 24, gridHeight <= 1 << 24, gridWidth * gridHeight <= max(width * height, 1 << 20) else {
            throw ImagingError(.tooLarge, "JBIG2 halftone grid of \(gridWidth) × \(gridHeight) is too large")
        }
        let patternWidth = first.width, patternHeight = first.height
        var region = try JBIG2Bitmap(width: width, height: height, fill: defaultPixel != 0)
        var bitsPerValue = 0
        while 1 << bitsPerValue < patterns.count { bitsPerValue += 1 }

        func origin(_ m: Int, _ n: Int) -> (x: Int, y: Int) {
            ((gridX + m * stepY + n * stepX) >> 8, (gridY + m * stepX - n * stepY) >> 8)
        }
        var skip: JBIG2Bitmap?
        if enableSkip {
            var s = try JBIG2Bitmap(width: gridWidth, height: gridHeight)
            for m in 0..<gridHeight {
                for n in 0..<gridWidth {
                    let (x, y) = origin(m, n)
                    if x + patternWidth <= 0 || x >= width || y + patternHeight <= 0 || y >= height { s.setPixel(n, m, 1) }
                }
            }
            skip = s
        }

        // Gray-scale image decoding (Annex C.5): bitplanes from most significant, then Gray decoding.
        var planes = [JBIG2Bitmap]()
        var arith = JBIG2ArithmeticDecoder(bytes, start: reader.position, end: end)
        var contexts = JBIG2ArithmeticDecoder.Contexts(count: JBIG2GenericRegion.contextCount(template: template))
        var position = reader.position
        var adaptive = JBIG2GenericRegion.nominalAdaptive(template: template)
        adaptive[0] = (template <= 1 ? 3 : 2, -1)
        let generic = JBIG2GenericRegion(template: template, adaptive: adaptive)
        for _ in 0..<bitsPerValue {
            if mmr {
                var decoder = JBIG2MMRDecoder(bytes, start: position, end: end)
                planes.append(try decoder.decode(width: gridWidth, height: gridHeight))
                position = decoder.finish()
            } else {
                planes.append(try generic.decode(width: gridWidth, height: gridHeight, decoder: &arith, contexts: &contexts, skip: skip))
            }
        }
        // planes[0] is the most significant; Gray code: each plane XOR the one above it.
        if planes.count > 1 {
            for j in 1..<planes.count {
                for i in planes[j].bytes.indices { planes[j].bytes[i] ^= planes[j - 1].bytes[i] }
            }
        }
        for m in 0..<gridHeight {
            for n in 0..<gridWidth {
                var value = 0
                for plane in planes { value = value << 1 | plane.pixel(n, m) }
                let (x, y) = origin(m, n)
                region.compose(patterns[min(value, patterns.count - 1)], x: x, y: y, op: op)
            }
        }
        return region
    }
}
