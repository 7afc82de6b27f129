/// Reads the region and dictionary segment headers (T.88 §7.4.2–§7.4.7) and runs the matching
/// decoding procedure.
enum JBIG2RegionDecoding {
    static func adaptivePixels(_ reader: inout JBIG2ByteReader, count: Int) throws -> [(x: Int, y: Int)] {
        try (0..<count).map { _ in (try reader.signedByte(), try reader.signedByte()) }
    }

    /// A generic region segment's bitmap (§7.4.6).
    static func generic(_ bytes: [UInt8], start: Int, end: Int, info: JBIG2RegionInfo) throws -> JBIG2Bitmap {
        var reader = JBIG2ByteReader(bytes, from: start, to: end)
        let flags = Int(try reader.byte())
        let mmr = flags & 1 != 0, template = flags >> 1 & 3, tpgdon = flags & 8 != 0
        if mmr {
            var decoder = JBIG2MMRDecoder(bytes, start: reader.position, end: end)
            return try decoder.decode(width: info.width, height: info.height)
        }
        let adaptive = try adaptivePixels(&reader, count: template == 0 ? 4 : 1)
        let region = JBIG2GenericRegion(template: template, adaptive: adaptive, typicalPrediction: tpgdon)
        var decoder = JBIG2ArithmeticDecoder(bytes, start: reader.position, end: end)
        var contexts = JBIG2ArithmeticDecoder.Contexts(count: JBIG2GenericRegion.contextCount(template: template))
        return try region.decode(width: info.width, height: info.height, decoder: &decoder, contexts: &contexts)
    }

    /// A generic refinement region segment's bitmap (§7.4.7).
    static func refinement(_ bytes: [UInt8], start: Int, end: Int, info: JBIG2RegionInfo,
                           reference: JBIG2Bitmap) throws -> JBIG2Bitmap {
        var reader = JBIG2ByteReader(bytes, from: start, to: end)
        let flags = Int(try reader.byte())
        let template = flags & 1
        var region = JBIG2RefinementRegion(template: template, typicalPrediction: flags & 2 != 0)
        if template == 0 { region.adaptive = try adaptivePixels(&reader, count: 2) }
        var decoder = JBIG2ArithmeticDecoder(bytes, start: reader.position, end: end)
        var contexts = JBIG2ArithmeticDecoder.Contexts(count: JBIG2RefinementRegion.contextCount(template: template))
        return try region.decode(width: info.width, height: info.height, reference: reference, dx: 0, dy: 0,
                                 decoder: &decoder, contexts: &contexts)
    }

    /// Picks a Huffman table: a standard one by number, or the next custom table when `selector` says so.
    private static func table(_ selector: Int, _ standard: [Int], custom: [JBIG2HuffmanTable], next: inout Int) throws -> JBIG2HuffmanTable {
        if selector == 3 || selector >= standard.count {
            guard next < custom.count else { throw ImagingError(.decodeFailed, "JBIG2 segment refers to a missing Huffman table") }
            defer { next += 1 }
            return custom[next]
        }
        return try JBIG2StandardTables.table(standard[selector])
    }

    /// A symbol dictionary segment's exported symbols (§7.4.2).
    static func symbolDictionary(_ bytes: [UInt8], start: Int, end: Int, input: [JBIG2Bitmap],
                                 tables custom: [JBIG2HuffmanTable]) throws -> [JBIG2Bitmap] {
        var reader = JBIG2ByteReader(bytes, from: start, to: end)
        let flags = try reader.uint16()
        var dictionary = JBIG2SymbolDictionary()
        dictionary.huffman = flags & 1 != 0
        dictionary.refineAggregate = flags & 2 != 0
        dictionary.template = flags >> 10 & 3
        dictionary.refinementTemplate = flags >> 12 & 1
        if dictionary.huffman {
            var next = 0
            dictionary.heightTable = try table(flags >> 2 & 3, [4, 5], custom: custom, next: &next)
            dictionary.widthTable = try table(flags >> 4 & 3, [2, 3], custom: custom, next: &next)
            dictionary.sizeTable = try table(flags >> 6 & 1 == 0 ? 0 : 3, [1], custom: custom, next: &next)
            dictionary.aggregateTable = try table(flags >> 7 & 1 == 0 ? 0 : 3, [1], custom: custom, next: &next)
        } else {
            dictionary.adaptive = try adaptivePixels(&reader, count: dictionary.template == 0 ? 4 : 1)
        }
        if dictionary.refineAggregate && dictionary.refinementTemplate == 0 {
            dictionary.refinementAdaptive = try adaptivePixels(&reader, count: 2)
        }
        dictionary.exportedCount = try reader.uint32()
        dictionary.newCount = try reader.uint32()
        dictionary.inputSymbols = input
        return try dictionary.decode(bytes, start: reader.position, end: end)
    }

    /// A text region segment's bitmap (§7.4.3).
    static func text(_ bytes: [UInt8], start: Int, end: Int, info: JBIG2RegionInfo, symbols: [JBIG2Bitmap],
                     tables custom: [JBIG2HuffmanTable]) throws -> JBIG2Bitmap {
        var reader = JBIG2ByteReader(bytes, from: start, to: end)
        let flags = try reader.uint16()
        let huffman = flags & 1 != 0
        var region = JBIG2TextRegion(width: info.width, height: info.height, instances: 0, logStrips: flags >> 2 & 3, symbols: symbols)
        region.refine = flags & 2 != 0
        region.corner = JBIG2TextRegion.Corner(rawValue: flags >> 4 & 3) ?? .topLeft
        region.transposed = flags & 0x40 != 0
        region.op = JBIG2CombinationOperator(rawValue: flags >> 7 & 3) ?? .or
        region.defaultPixel = flags >> 9 & 1
        let offset = flags >> 10 & 0x1F
        region.dsOffset = offset >= 16 ? offset - 32 : offset
        region.refinementTemplate = flags >> 15 & 1
        var huffmanFlags = 0
        if huffman { huffmanFlags = try reader.uint16() }
        if region.refine && region.refinementTemplate == 0 {
            region.refinementAdaptive = try adaptivePixels(&reader, count: 2)
        }
        region.instances = try reader.uint32()
        if !huffman {
            var codeLength = 0
            while 1 << codeLength < symbols.count { codeLength += 1 }
            var decoders = try JBIG2TextDecoders(symbolCodeLength: codeLength, refinementTemplate: region.refinementTemplate)
            var decoder = JBIG2ArithmeticDecoder(bytes, start: reader.position, end: end)
            return try region.decode(decoder: &decoder, decoders: &decoders)
        }
        var next = 0
        let h = huffmanFlags
        var tables = JBIG2TextTables(
            fs: try table(h & 3, [6, 7], custom: custom, next: &next),
            ds: try table(h >> 2 & 3, [8, 9, 10], custom: custom, next: &next),
            dt: try table(h >> 4 & 3, [11, 12, 13], custom: custom, next: &next),
            rdw: try table(h >> 6 & 3, [14, 15], custom: custom, next: &next),
            rdh: try table(h >> 8 & 3, [14, 15], custom: custom, next: &next),
            rdx: try table(h >> 10 & 3, [14, 15], custom: custom, next: &next),
            rdy: try table(h >> 12 & 3, [14, 15], custom: custom, next: &next),
            rsize: try table(h >> 14 & 1 == 0 ? 0 : 3, [1], custom: custom, next: &next))
        var bits = JBIG2BitReader(bytes, from: reader.position, to: end)
        tables.symbolCodes = try symbolCodeTable(&bits, count: symbols.count)
        var decoders = try JBIG2TextDecoders(symbolCodeLength: 0, refinementTemplate: region.refinementTemplate)
        return try region.decode(reader: &bits, tables: tables, decoders: &decoders)
    }

    /// Reads the run-length coded symbol ID Huffman table of a Huffman text region (§7.4.3.1.7).
    private static func symbolCodeTable(_ bits: inout JBIG2BitReader, count: Int) throws -> JBIG2HuffmanTable {
        guard count <= JBIG2SymbolDictionary.maxSymbols * 4 else { throw ImagingError(.tooLarge, "too many JBIG2 symbols") }
        let runLengths = try (0..<35).map { _ in try bits.readBits(4) }
        let runTable = try JBIG2HuffmanTable(runLengths.enumerated().map {
            JBIG2HuffmanTable.Line(prefixLength: $0.element, rangeLength: 0, rangeLow: $0.offset)
        })
        var lengths: [Int] = []
        lengths.reserveCapacity(count)
        while lengths.count < count {
            let code = try runTable.decodeValue(&bits)
            let (value, repeats): (Int, Int)
            switch code {
            case 0..<32: (value, repeats) = (code, 1)
            case 32:
                guard let last = lengths.last else { throw ImagingError(.decodeFailed, "JBIG2 symbol code lengths start with a repeat") }
                (value, repeats) = (last, 3 + (try bits.readBits(2)))
            case 33: (value, repeats) = (0, 3 + (try bits.readBits(3)))
            default: (value, repeats) = (0, 11 + (try bits.readBits(7)))
            }
            for _ in 0..<repeats where lengths.count < count { lengths.append(value) }
        }
        bits.align()
        return try JBIG2HuffmanTable(lengths.enumerated().map {
            JBIG2HuffmanTable.Line(prefixLength: $0.element, rangeLength: 0, rangeLow: $0.offset)
        })
    }
}
