/// The symbol dictionary decoding procedure (T.88 §6.5): height classes of new symbols, coded
/// directly (generic region), by refinement/aggregation, or as one Huffman/MMR collective
/// bitmap per height class, then the export flags.
struct JBIG2SymbolDictionary {
    var huffman = false
    var refineAggregate = false
    var template = 0
    var adaptive: [(x: Int, y: Int)] = []
    var refinementTemplate = 0
    var refinementAdaptive: [(x: Int, y: Int)] = [(-1, -1), (-1, -1)]
    var inputSymbols: [JBIG2Bitmap] = []
    var exportedCount = 0
    var newCount = 0
    /// Huffman tables: height delta, width delta, collective bitmap size, aggregate instance count.
    var heightTable: JBIG2HuffmanTable?
    var widthTable: JBIG2HuffmanTable?
    var sizeTable: JBIG2HuffmanTable?
    var aggregateTable: JBIG2HuffmanTable?

    /// The most new or exported symbols one dictionary may declare.
    static let maxSymbols = 1 << 20

    /// Decodes the dictionary from `bytes[start..<end]` and returns the exported symbols.
    func decode(_ bytes: [UInt8], start: Int, end: Int) throws -> [JBIG2Bitmap] {
        guard newCount >= 0, newCount <= Self.maxSymbols, exportedCount >= 0,
              exportedCount <= inputSymbols.count + newCount else {
            throw ImagingError(.decodeFailed, "JBIG2 symbol dictionary declares an impossible number of symbols")
        }
        var arith = JBIG2ArithmeticDecoder(bytes, start: start, end: end)
        var bits = JBIG2BitReader(bytes, from: start, to: end)
        var iadh = JBIG2IntegerDecoder(), iadw = JBIG2IntegerDecoder(), iaex = JBIG2IntegerDecoder(), iaai = JBIG2IntegerDecoder()
        var generic = JBIG2ArithmeticDecoder.Contexts(count: JBIG2GenericRegion.contextCount(template: template))
        let total = inputSymbols.count + newCount
        var codeLength = 0
        while 1 << codeLength < total { codeLength += 1 }
        var text = try JBIG2TextDecoders(symbolCodeLength: codeLength, refinementTemplate: refinementTemplate)
        let one = try JBIG2StandardTables.table(1)

        var symbols = inputSymbols
        symbols.reserveCapacity(total)
        var heightClass = 0
        var classes = 0
        var decodedPixels = 0
        while symbols.count < total {
            // Each height class holds at least one symbol: more classes than symbols is damage.
            classes += 1
            guard classes <= newCount else { throw ImagingError(.decodeFailed, "JBIG2 symbol dictionary has empty height classes") }
            if !huffman && arith.isExhausted { throw ImagingError(.decodeFailed, "JBIG2 symbol dictionary data ends too early") }
            let dh = huffman ? try required(heightTable, &bits) : try arithmetic(&iadh, &arith)
            heightClass += dh
            guard heightClass >= 0, heightClass <= 1 << 16 else {
                throw ImagingError(.decodeFailed, "JBIG2 symbol height \(heightClass) is out of range")
            }
            var symbolWidth = 0, totalWidth = 0
            var widths: [Int] = []
            while true {
                let dw: Int?
                if huffman {
                    guard let widthTable else { throw ImagingError(.decodeFailed, "JBIG2 Huffman table missing") }
                    dw = try widthTable.decode(&bits)
                } else {
                    dw = iadw.decode(&arith)
                }
                guard let dw else { break }
                guard symbols.count + widths.count < total else {
                    throw ImagingError(.decodeFailed, "JBIG2 symbol dictionary has more symbols than declared")
                }
                symbolWidth += dw
                totalWidth += symbolWidth
                // All symbols together: 32 Mpixel is thousands of glyphs; damaged widths stop here.
                decodedPixels += max(0, symbolWidth) * heightClass
                guard decodedPixels <= 1 << 25 else {
                    throw ImagingError(.tooLarge, "JBIG2 symbol dictionary holds too many pixels")
                }
                // One symbol is a glyph: 4 Mpixel (2048 × 2048, 7 inches at 300 dpi) is beyond any real one.
                guard symbolWidth >= 0, symbolWidth <= 1 << 16, totalWidth <= 1 << 24,
                      symbolWidth * heightClass <= 1 << 22, totalWidth * heightClass <= 1 << 26 else {
                    throw ImagingError(.decodeFailed, "JBIG2 symbol width is out of range")
                }
                if huffman && !refineAggregate {
                    widths.append(symbolWidth)
                    continue
                }
                if !refineAggregate {
                    let region = JBIG2GenericRegion(template: template, adaptive: adaptive)
                    symbols.append(try region.decode(width: symbolWidth, height: heightClass, decoder: &arith, contexts: &generic))
                    continue
                }
                // Refinement/aggregate coding (§6.5.8.2).
                let count = huffman ? try required(aggregateTable, &bits) : try arithmetic(&iaai, &arith)
                if count == 1 {
                    let id: Int, rdx: Int, rdy: Int
                    if huffman {
                        id = try bits.readBits(codeLength)
                        rdx = try JBIG2StandardTables.table(15).decodeValue(&bits)
                        rdy = try JBIG2StandardTables.table(15).decodeValue(&bits)
                    } else {
                        id = text.id.decode(&arith)
                        rdx = try arithmetic(&text.rdx, &arith)
                        rdy = try arithmetic(&text.rdy, &arith)
                    }
                    guard id >= 0, id < symbols.count else {
                        throw ImagingError(.decodeFailed, "JBIG2 refinement refers to symbol \(id) of \(symbols.count)")
                    }
                    let refinement = JBIG2RefinementRegion(template: refinementTemplate, adaptive: refinementAdaptive)
                    if huffman {
                        let size = try one.decodeValue(&bits)
                        bits.align()
                        let start = bits.position
                        guard size >= 0, start + size <= end else { throw ImagingError(.decodeFailed, "JBIG2 refinement data ends too early") }
                        var decoder = JBIG2ArithmeticDecoder(bytes, start: start, end: start + size)
                        symbols.append(try refinement.decode(width: symbolWidth, height: heightClass, reference: symbols[id],
                                                             dx: rdx, dy: rdy, decoder: &decoder, contexts: &text.refinement))
                        bits.seek(to: start + size)
                    } else {
                        symbols.append(try refinement.decode(width: symbolWidth, height: heightClass, reference: symbols[id],
                                                             dx: rdx, dy: rdy, decoder: &arith, contexts: &text.refinement))
                    }
                } else {
                    var region = JBIG2TextRegion(width: symbolWidth, height: heightClass, instances: count, logStrips: 0, symbols: symbols)
                    region.refine = true
                    region.refinementTemplate = refinementTemplate
                    region.refinementAdaptive = refinementAdaptive
                    if huffman {
                        let tables = JBIG2TextTables(
                            fs: try JBIG2StandardTables.table(6), ds: try JBIG2StandardTables.table(8),
                            dt: try JBIG2StandardTables.table(11), rdw: try JBIG2StandardTables.table(15),
                            rdh: try JBIG2StandardTables.table(15), rdx: try JBIG2StandardTables.table(15),
                            rdy: try JBIG2StandardTables.table(15), rsize: one,
                            symbolCodes: try JBIG2HuffmanTable((0..<total).map {
                                JBIG2HuffmanTable.Line(prefixLength: max(1, codeLength), rangeLength: 0, rangeLow: $0) }))
                        symbols.append(try region.decode(reader: &bits, tables: tables, decoders: &text))
                    } else {
                        symbols.append(try region.decode(decoder: &arith, decoders: &text))
                    }
                }
            }
            if huffman && !refineAggregate {
                try collective(widths: widths, height: heightClass, totalWidth: totalWidth, bits: &bits, table: sizeTable ?? one, into: &symbols)
            }
        }

        // Export flags: alternating runs of not-exported and exported symbols.
        var exported: [JBIG2Bitmap] = []
        exported.reserveCapacity(exportedCount)
        var index = 0
        var flag = false
        var zeroRuns = 0
        while index < symbols.count {
            let run = huffman ? try one.decodeValue(&bits) : try arithmetic(&iaex, &arith)
            guard run >= 0, index + run <= symbols.count else {
                throw ImagingError(.decodeFailed, "JBIG2 symbol export runs overrun the dictionary")
            }
            if flag { exported += symbols[index..<index + run] }
            index += run
            flag.toggle()
            // Only the first run may be empty; two empty runs in a row never end.
            zeroRuns = run == 0 ? zeroRuns + 1 : 0
            if zeroRuns > 1 { throw ImagingError(.decodeFailed, "JBIG2 symbol export flags are damaged") }
        }
        return exported
    }

    /// Reads a height class's collective bitmap (§6.5.9) and cuts it into symbols.
    private func collective(widths: [Int], height: Int, totalWidth: Int, bits: inout JBIG2BitReader,
                            table: JBIG2HuffmanTable, into symbols: inout [JBIG2Bitmap]) throws {
        let size = try table.decodeValue(&bits)
        bits.align()
        let start = bits.position
        let bitmap: JBIG2Bitmap
        if size == 0 {
            var raw = try JBIG2Bitmap(width: totalWidth, height: height)
            let count = raw.stride * height
            guard start + count <= bits.end else { throw ImagingError(.decodeFailed, "JBIG2 collective bitmap ends too early") }
            for i in 0..<count { raw.bytes[i] = bits.data[start + i] }
            bitmap = raw
            bits.seek(to: start + count)
        } else {
            guard size > 0, start + size <= bits.end else { throw ImagingError(.decodeFailed, "JBIG2 collective bitmap ends too early") }
            var mmr = JBIG2MMRDecoder(bits.data, start: start, end: start + size)
            bitmap = try mmr.decode(width: totalWidth, height: height)
            bits.seek(to: start + size)
        }
        var x = 0
        for w in widths {
            symbols.append(try bitmap.columns(x, width: w))
            x += w
        }
    }

    private func required(_ table: JBIG2HuffmanTable?, _ bits: inout JBIG2BitReader) throws -> Int {
        guard let table else { throw ImagingError(.decodeFailed, "JBIG2 Huffman table missing") }
        return try table.decodeValue(&bits)
    }

    private func arithmetic(_ decoder: inout JBIG2IntegerDecoder, _ arith: inout JBIG2ArithmeticDecoder) throws -> Int {
        guard let v = decoder.decode(&arith) else { throw ImagingError(.decodeFailed, "unexpected out-of-band value in a JBIG2 symbol dictionary") }
        return v
    }
}
