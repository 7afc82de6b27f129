/// The arithmetic integer decoders of T.88 Annex A.2 (IADH, IADW, IAFS, …): each owns 512
/// contexts and returns a value or nil for out-of-band.
struct JBIG2IntegerDecoder {
    private var contexts = JBIG2ArithmeticDecoder.Contexts(count: 512)

    /// Decodes one integer; nil is OOB (a negative zero).
    mutating func decode(_ decoder: inout JBIG2ArithmeticDecoder) -> Int? {
        var prev = 1
        func bit() -> Int {
            let d = decoder.decode(&contexts, prev)
            // PREV keeps the last eight bits plus a marker once it has grown past 8 bits.
            prev = prev < 256 ? (prev << 1 | d) : (((prev << 1 | d) & 511) | 256)
            return d
        }
        let sign = bit()
        let (bits, offset): (Int, Int)
        if bit() == 0 { (bits, offset) = (2, 0) }
        else if bit() == 0 { (bits, offset) = (4, 4) }
        else if bit() == 0 { (bits, offset) = (6, 20) }
        else if bit() == 0 { (bits, offset) = (8, 84) }
        else if bit() == 0 { (bits, offset) = (12, 340) }
        else { (bits, offset) = (32, 4436) }
        var value = 0
        for _ in 0..<bits { value = value << 1 | bit() }
        value += offset
        if sign == 1 {
            if value == 0 { return nil }
            return -value
        }
        return value
    }
}

/// The symbol-ID decoder of T.88 Annex A.3 (IAID): a fixed number of bits, each in a context
/// made of the bits before it.
struct JBIG2SymbolIDDecoder {
    let codeLength: Int
    private var contexts: JBIG2ArithmeticDecoder.Contexts

    init(codeLength: Int) throws {
        guard codeLength >= 0, codeLength <= 24 else {
            throw ImagingError(.decodeFailed, "JBIG2 symbol code length \(codeLength) is out of range")
        }
        self.codeLength = codeLength
        contexts = .init(count: 1 << (codeLength + 1))
    }

    mutating func decode(_ decoder: inout JBIG2ArithmeticDecoder) -> Int {
        var prev = 1
        for _ in 0..<codeLength { prev = prev << 1 | decoder.decode(&contexts, prev) }
        return prev - (1 << codeLength)
    }
}
