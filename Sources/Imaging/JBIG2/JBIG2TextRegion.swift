/// The arithmetic integer decoders a text region uses (T.88 §6.4.6); a symbol dictionary that
/// aggregates symbols shares them with its embedded text regions.
struct JBIG2TextDecoders {
    var dt = JBIG2IntegerDecoder(), fs = JBIG2IntegerDecoder(), ds = JBIG2IntegerDecoder()
    var it = JBIG2IntegerDecoder(), ri = JBIG2IntegerDecoder()
    var rdw = JBIG2IntegerDecoder(), rdh = JBIG2IntegerDecoder()
    var rdx = JBIG2IntegerDecoder(), rdy = JBIG2IntegerDecoder()
    var id: JBIG2SymbolIDDecoder
    var refinement: JBIG2ArithmeticDecoder.Contexts

    init(symbolCodeLength: Int, refinementTemplate: Int) throws {
        id = try JBIG2SymbolIDDecoder(codeLength: symbolCodeLength)
        refinement = .init(count: JBIG2RefinementRegion.contextCount(template: refinementTemplate))
    }
}

/// The Huffman tables a Huffman-coded text region uses (§7.4.3.1.6).
struct JBIG2TextTables {
    var fs, ds, dt, rdw, rdh, rdx, rdy, rsize: JBIG2HuffmanTable
    var symbolCodes: JBIG2HuffmanTable?
}

/// The text region decoding procedure (T.88 §6.4.5): symbol instances placed in strips,
/// optionally refined.
struct JBIG2TextRegion {
    enum Corner: Int { case bottomLeft = 0, topLeft, bottomRight, topRight }

    var width: Int
    var height: Int
    var instances: Int
    var logStrips: Int
    var symbols: [JBIG2Bitmap]
    var defaultPixel = 0
    var op: JBIG2CombinationOperator = .or
    var transposed = false
    var corner: Corner = .topLeft
    var dsOffset = 0
    var refine = false
    var refinementTemplate = 0
    var refinementAdaptive: [(x: Int, y: Int)] = [(-1, -1), (-1, -1)]

    /// The most symbol instances one region may place (far beyond any page of text).
    static let maxInstances = 1 << 22

    /// Decodes with the arithmetic coder.
    func decode(decoder: inout JBIG2ArithmeticDecoder, decoders: inout JBIG2TextDecoders) throws -> JBIG2Bitmap {
        var unused = JBIG2BitReader([], from: 0, to: 0)
        return try run(&decoder, &decoders, &unused, nil)
    }

    /// Decodes Huffman-coded data from `reader`; refinements still use arithmetic coding.
    func decode(reader: inout JBIG2BitReader, tables: JBIG2TextTables, decoders: inout JBIG2TextDecoders) throws -> JBIG2Bitmap {
        var unused = JBIG2ArithmeticDecoder([], start: 0)
        return try run(&unused, &decoders, &reader, tables)
    }

    private func run(_ arith: inout JBIG2ArithmeticDecoder, _ ia: inout JBIG2TextDecoders,
                     _ bits: inout JBIG2BitReader, _ tables: JBIG2TextTables?) throws -> JBIG2Bitmap {
        guard instances >= 0, instances <= Self.maxInstances else {
            throw ImagingError(.tooLarge, "JBIG2 text region has too many symbol instances")
        }
        let huffman = tables != nil
        var region = try JBIG2Bitmap(width: width, height: height, fill: defaultPixel != 0)
        let strips = 1 << logStrips

        func value(_ table: KeyPath<JBIG2TextTables, JBIG2HuffmanTable>, _ decoder: WritableKeyPath<JBIG2TextDecoders, JBIG2IntegerDecoder>) throws -> Int? {
            if let tables { return try tables[keyPath: table].decode(&bits) }
            return ia[keyPath: decoder].decode(&arith)
        }
        func required(_ table: KeyPath<JBIG2TextTables, JBIG2HuffmanTable>, _ decoder: WritableKeyPath<JBIG2TextDecoders, JBIG2IntegerDecoder>) throws -> Int {
            guard let v = try value(table, decoder) else { throw ImagingError(.decodeFailed, "unexpected out-of-band value in a JBIG2 text region") }
            return v
        }
        // Values only the arithmetic coder codes as integers (Huffman reads them as plain bits).
        func arithmetic(_ decoder: WritableKeyPath<JBIG2TextDecoders, JBIG2IntegerDecoder>) throws -> Int {
            guard let v = ia[keyPath: decoder].decode(&arith) else { throw ImagingError(.decodeFailed, "unexpected out-of-band value in a JBIG2 text region") }
            return v
        }

        var stripT = -(try required(\.dt, \.dt)) * strips
        var firstS = 0
        var placed = 0
        while placed < instances {
            if !huffman && arith.isExhausted { break }
            stripT += try required(\.dt, \.dt) * strips
            var curS = 0
            var first = true
            // A strip ends with an out-of-band S delta, even after the last instance: read it so
            // the data that follows (in an aggregate symbol dictionary) starts in the right place.
            while true {
                if first {
                    firstS += try required(\.fs, \.fs)
                    curS = firstS
                    first = false
                } else {
                    guard let ds = try value(\.ds, \.ds) else { break }
                    curS += ds + dsOffset
                }
                let curT: Int
                if strips == 1 { curT = 0 }
                else if huffman { curT = try bits.readBits(logStrips) }
                else { curT = try arithmetic(\.it) }
                let t = stripT + curT
                let id: Int
                if let codes = tables?.symbolCodes { id = try codes.decodeValue(&bits) }
                else { id = ia.id.decode(&arith) }
                guard id >= 0, id < symbols.count else {
                    throw ImagingError(.decodeFailed, "JBIG2 text region refers to symbol \(id) of \(symbols.count)")
                }
                var ri = 0
                if refine { ri = huffman ? try bits.readBit() : try arithmetic(\.ri) }
                var symbol = symbols[id]
                if ri != 0 { symbol = try refined(symbol, &arith, &ia, &bits, tables) }
                let w = symbol.width, h = symbol.height
                if !transposed && (corner == .topRight || corner == .bottomRight) { curS += w - 1 }
                else if transposed && (corner == .bottomLeft || corner == .bottomRight) { curS += h - 1 }
                let s = curS
                var x: Int, y: Int
                if !transposed {
                    switch corner {
                    case .topLeft: (x, y) = (s, t)
                    case .topRight: (x, y) = (s - w + 1, t)
                    case .bottomLeft: (x, y) = (s, t - h + 1)
                    case .bottomRight: (x, y) = (s - w + 1, t - h + 1)
                    }
                } else {
                    switch corner {
                    case .topLeft: (x, y) = (t, s)
                    case .topRight: (x, y) = (t - w + 1, s)
                    case .bottomLeft: (x, y) = (t, s - h + 1)
                    case .bottomRight: (x, y) = (t - w + 1, s - h + 1)
                    }
                }
                region.compose(symbol, x: x, y: y, op: op)
                if !transposed && (corner == .topLeft || corner == .bottomLeft) { curS += w - 1 }
                else if transposed && (corner == .topLeft || corner == .topRight) { curS += h - 1 }
                placed += 1
                if !huffman && arith.isExhausted { break }
                guard placed <= Self.maxInstances else {
                    throw ImagingError(.tooLarge, "JBIG2 text region has too many symbol instances")
                }
            }
        }
        return region
    }

    /// Decodes a refinement of `symbol` (§6.4.11.3).
    private func refined(_ symbol: JBIG2Bitmap, _ arith: inout JBIG2ArithmeticDecoder, _ ia: inout JBIG2TextDecoders,
                         _ bits: inout JBIG2BitReader, _ tables: JBIG2TextTables?) throws -> JBIG2Bitmap {
        let rdw, rdh, rdx, rdy: Int
        if let tables {
            rdw = try tables.rdw.decodeValue(&bits)
            rdh = try tables.rdh.decodeValue(&bits)
            rdx = try tables.rdx.decodeValue(&bits)
            rdy = try tables.rdy.decodeValue(&bits)
        } else {
            func next(_ path: WritableKeyPath<JBIG2TextDecoders, JBIG2IntegerDecoder>) throws -> Int {
                guard let v = ia[keyPath: path].decode(&arith) else { throw ImagingError(.decodeFailed, "unexpected out-of-band refinement value") }
                return v
            }
            rdw = try next(\.rdw); rdh = try next(\.rdh); rdx = try next(\.rdx); rdy = try next(\.rdy)
        }
        let refinement = JBIG2RefinementRegion(template: refinementTemplate, adaptive: refinementAdaptive)
        let width = symbol.width + rdw, height = symbol.height + rdh
        guard width >= 0, height >= 0 else { throw ImagingError(.decodeFailed, "JBIG2 refined symbol has a negative size") }
        guard width <= 1 << 16, height <= 1 << 16, width * height <= 1 << 24 else {
            throw ImagingError(.tooLarge, "a JBIG2 refined symbol of \(width) × \(height) is larger than allowed")
        }
        let dx = (rdw >> 1) + rdx, dy = (rdh >> 1) + rdy
        if let tables {
            let size = try tables.rsize.decodeValue(&bits)
            bits.align()
            let start = bits.position
            guard size >= 0, start + size <= bits.end else { throw ImagingError(.decodeFailed, "JBIG2 refinement data ends too early") }
            var decoder = JBIG2ArithmeticDecoder(bits.data, start: start, end: start + size)
            let result = try refinement.decode(width: width, height: height, reference: symbol, dx: dx, dy: dy,
                                               decoder: &decoder, contexts: &ia.refinement)
            bits.seek(to: start + size)
            return result
        }
        return try refinement.decode(width: width, height: height, reference: symbol, dx: dx, dy: dy,
                                     decoder: &arith, contexts: &ia.refinement)
    }
}
