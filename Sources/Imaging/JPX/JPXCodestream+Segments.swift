extension JPXCodestream {
    /// SIZ (A.5.1): image and tile geometry, component precisions and subsampling.
    mutating func parseSIZ(_ segment: inout JPXByteReader) throws {
        _ = try segment.u16()
        width = try segment.u32()
        height = try segment.u32()
        originX = try segment.u32()
        originY = try segment.u32()
        tileWidth = try segment.u32()
        tileHeight = try segment.u32()
        tileOriginX = try segment.u32()
        tileOriginY = try segment.u32()
        let count = try segment.u16()
        guard width > originX, height > originY, width - originX <= Self.maxSide, height - originY <= Self.maxSide,
              tileWidth > 0, tileHeight > 0, tileOriginX <= originX, tileOriginY <= originY,
              tileOriginX + tileWidth > originX, tileOriginY + tileHeight > originY else {
            throw JPXFailure.damaged("image or tile size")
        }
        guard (1...Self.maxComponents).contains(count) else {
            throw JPXFailure.unsupported("\(count) components")
        }
        guard tilesAcross * tilesDown <= 4096 else { throw JPXFailure.unsupported("more than 4096 tiles") }
        components = try (0..<count).map { _ in
            let ssiz = try segment.u8()
            let dx = try segment.u8(), dy = try segment.u8()
            guard dx > 0, dy > 0, ssiz & 0x7F < 38 else { throw JPXFailure.damaged("component size") }
            return Component(precision: (ssiz & 0x7F) + 1, isSigned: ssiz & 0x80 != 0, dx: dx, dy: dy)
        }
        guard components.allSatisfy({ $0.precision <= 16 }) else {
            throw JPXFailure.unsupported("components deeper than 16 bits")
        }
    }

    /// SPcod/SPcoc (A.6.1, A.6.2).
    static func parseStyle(_ segment: inout JPXByteReader, precinctsGiven: Bool) throws -> CodingStyle {
        var style = CodingStyle()
        style.levels = try segment.u8()
        style.codeBlockWidthExponent = try segment.u8() + 2
        style.codeBlockHeightExponent = try segment.u8() + 2
        style.codeBlockStyle = try segment.u8()
        style.reversible = try segment.u8() == 1
        guard style.levels <= Self.maxLevels, style.codeBlockWidthExponent <= 10, style.codeBlockHeightExponent <= 10,
              style.codeBlockWidthExponent + style.codeBlockHeightExponent <= 12 else {
            throw JPXFailure.damaged("code-block size or decomposition levels")
        }
        if precinctsGiven {
            style.precincts = try (0...style.levels).map { _ in
                let value = try segment.u8()
                return (value & 0xF, value >> 4)
            }
        }
        return style
    }

    /// SPqcd/SPqcc (A.6.4, A.6.5).
    static func parseQuantization(_ segment: inout JPXByteReader) throws -> Quantization {
        let sqcd = try segment.u8()
        var quantization = Quantization(style: sqcd & 0x1F, guardBits: sqcd >> 5)
        switch quantization.style {
        case 0:
            while segment.remaining > 0 { quantization.steps.append((try segment.u8() >> 3, 0)) }
        case 1, 2:
            while segment.remaining >= 2 {
                let value = try segment.u16()
                quantization.steps.append((value >> 11, value & 0x7FF))
            }
        default:
            throw JPXFailure.damaged("quantization style")
        }
        guard !quantization.steps.isEmpty else { throw JPXFailure.damaged("no quantization steps") }
        return quantization
    }

    /// (exponent, mantissa) of subband `band` (0 = LL, then HL, LH, HH per resolution from the
    /// coarsest) of component `component`, derived from the LL values when signalled so (E.1.1.1).
    func step(component: Int, band: Int, levelsFromTop level: Int) throws -> (exponent: Int, mantissa: Int) {
        let quantization = quantizations[component]
        if quantization.style == 1 {
            let base = quantization.steps[0]
            let levels = styles[component].levels
            return (base.exponent - levels + level, base.mantissa)
        }
        guard band < quantization.steps.count else { throw JPXFailure.damaged("missing quantization step") }
        return quantization.steps[band]
    }
}
