/// Decodes one code-block's coding passes (T.800 Annex D): significance propagation, magnitude
/// refinement and cleanup with run-length, each decision through the MQ decoder (Annex C, the
/// same coder as JBIG2's) in the contexts of Tables D.1 to D.4.
struct JPXCodeBlockDecoder {
    /// Subband orientation, which picks the significance context table.
    enum Orientation { case ll, hl, lh, hh }

    let width: Int
    let height: Int
    let orientation: Orientation
    /// Code-block style bits of SPcod (Table A.19).
    let style: Int

    /// Magnitudes (bit p of bit-plane p) and signs, row-major `width × height`.
    private(set) var magnitudes: [Int32]
    private(set) var negative: [Bool]
    /// The plane and kind (0 significance, 1 refinement, 2 cleanup) of the last pass run.
    private var lastPlane = 0
    private var lastKind = 2

    private let rowStride: Int
    // Per padded position (one-sample border): bit 0 significant, 1 negative, 2 coded in this
    // plane's significance pass, 3 refined before.
    private var flags: [UInt8]

    init(width: Int, height: Int, orientation: Orientation, style: Int) {
        self.width = width
        self.height = height
        self.orientation = orientation
        self.style = style
        rowStride = width + 2
        flags = [UInt8](repeating: 0, count: (width + 2) * (height + 2))
        magnitudes = [Int32](repeating: 0, count: width * height)
        negative = [Bool](repeating: false, count: width * height)
    }

    /// Runs `passes` passes over `data`, starting with a cleanup pass at bit-plane `firstPlane`.
    mutating func decode(_ data: [UInt8], passes: Int, firstPlane: Int) {
        guard passes > 0, firstPlane >= 0, !data.isEmpty else { return }
        var coder = JBIG2ArithmeticDecoder(data, start: 0)
        var contexts = Self.freshContexts()
        var plane = firstPlane
        var kind = 2 // 0 significance, 1 refinement, 2 cleanup
        for _ in 0..<passes {
            switch kind {
            case 0: significancePass(plane, &coder, &contexts)
            case 1: refinementPass(plane, &coder, &contexts)
            default:
                cleanupPass(plane, &coder, &contexts)
                if style & 0x20 != 0 {
                    for _ in 0..<4 { _ = coder.decode(&contexts, 18) }
                }
            }
            (lastPlane, lastKind) = (plane, kind)
            if style & 0x02 != 0 { contexts = Self.freshContexts() }
            kind += 1
            if kind == 3 {
                kind = 0
                plane -= 1
                if plane < 0 { break }
                for i in flags.indices { flags[i] &= ~4 }
            }
        }
    }

    /// The lowest bit-plane decoded for the sample at (x, y) (N_b of E.1.1.2): a truncated last
    /// plane reached only the samples its passes coded.
    func lowestPlane(_ x: Int, _ y: Int) -> Int {
        let f = flags[(y + 1) * rowStride + x + 1]
        switch lastKind {
        case 0: return f & 4 != 0 ? lastPlane : lastPlane + 1
        case 1: return f & 5 != 0 ? lastPlane : lastPlane + 1
        default: return lastPlane
        }
    }

    private static func freshContexts() -> JBIG2ArithmeticDecoder.Contexts {
        var contexts = JBIG2ArithmeticDecoder.Contexts(count: 19)
        contexts.values[0] = 4
        contexts.values[17] = 3
        contexts.values[18] = 46
        return contexts
    }

    // MARK: neighbourhood

    /// Whether the sample below-row `y` neighbours count: not in vertically causal mode across stripes.
    @inline(__always) private func belowCounts(_ y: Int) -> Bool {
        style & 0x08 == 0 || y % 4 != 3
    }

    @inline(__always) private func sig(_ p: Int) -> Int { Int(flags[p] & 1) }

    /// (horizontal, vertical, diagonal) counts of significant neighbours of (x, y).
    @inline(__always) private func neighbours(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = (y + 1) * rowStride + x + 1
        let below = belowCounts(y)
        let h = sig(p - 1) + sig(p + 1)
        let v = sig(p - rowStride) + (below ? sig(p + rowStride) : 0)
        let d = sig(p - rowStride - 1) + sig(p - rowStride + 1) + (below ? sig(p + rowStride - 1) + sig(p + rowStride + 1) : 0)
        return (h, v, d)
    }

    /// Table D.1.
    @inline(__always) private func significanceContext(_ x: Int, _ y: Int) -> Int {
        var (h, v, d) = neighbours(x, y)
        switch orientation {
        case .hh:
            let hv = h + v
            if d >= 3 { return 8 }
            if d == 2 { return hv >= 1 ? 7 : 6 }
            if d == 1 { return hv >= 2 ? 5 : hv == 1 ? 4 : 3 }
            return hv >= 2 ? 2 : hv
        case .hl:
            swap(&h, &v)
            fallthrough
        case .ll, .lh:
            if h == 2 { return 8 }
            if h == 1 { return v >= 1 ? 7 : d >= 1 ? 6 : 5 }
            if v == 2 { return 4 }
            if v == 1 { return 3 }
            return d >= 2 ? 2 : d
        }
    }

    /// Tables D.2 and D.3: decodes the sign of (x, y) and records it.
    @inline(__always) private mutating func decodeSign(_ x: Int, _ y: Int, _ coder: inout JBIG2ArithmeticDecoder,
                                                       _ contexts: inout JBIG2ArithmeticDecoder.Contexts) -> Bool {
        let p = (y + 1) * rowStride + x + 1
        func contribution(_ q: Int) -> Int {
            let f = flags[q]
            return f & 1 == 0 ? 0 : (f & 2 == 0 ? 1 : -1)
        }
        let h = max(-1, min(1, contribution(p - 1) + contribution(p + 1)))
        let v = max(-1, min(1, contribution(p - rowStride) + (belowCounts(y) ? contribution(p + rowStride) : 0)))
        let (context, flip): (Int, Int)
        switch (h, v) {
        case (1, 1): (context, flip) = (13, 0)
        case (1, 0): (context, flip) = (12, 0)
        case (1, _): (context, flip) = (11, 0)
        case (0, 1): (context, flip) = (10, 0)
        case (0, 0): (context, flip) = (9, 0)
        case (0, _): (context, flip) = (10, 1)
        case (_, 1): (context, flip) = (11, 1)
        case (_, 0): (context, flip) = (12, 1)
        default: (context, flip) = (13, 1)
        }
        return coder.decode(&contexts, context) ^ flip == 1
    }

    @inline(__always) private mutating func becomeSignificant(_ x: Int, _ y: Int, plane: Int, negativeSign: Bool) {
        let p = (y + 1) * rowStride + x + 1
        flags[p] |= negativeSign ? 3 : 1
        magnitudes[y * width + x] |= Int32(1) << plane
        negative[y * width + x] = negativeSign
    }

    // MARK: passes

    private mutating func significancePass(_ plane: Int, _ coder: inout JBIG2ArithmeticDecoder,
                                           _ contexts: inout JBIG2ArithmeticDecoder.Contexts) {
        for top in stride(from: 0, to: height, by: 4) {
            for x in 0..<width {
                for y in top..<min(top + 4, height) {
                    let p = (y + 1) * rowStride + x + 1
                    guard flags[p] & 1 == 0 else { continue }
                    let context = significanceContext(x, y)
                    guard context > 0 else { continue }
                    flags[p] |= 4
                    if coder.decode(&contexts, context) == 1 {
                        let sign = decodeSign(x, y, &coder, &contexts)
                        becomeSignificant(x, y, plane: plane, negativeSign: sign)
                    }
                }
            }
        }
    }

    private mutating func refinementPass(_ plane: Int, _ coder: inout JBIG2ArithmeticDecoder,
                                         _ contexts: inout JBIG2ArithmeticDecoder.Contexts) {
        for top in stride(from: 0, to: height, by: 4) {
            for x in 0..<width {
                for y in top..<min(top + 4, height) {
                    let p = (y + 1) * rowStride + x + 1
                    guard flags[p] & 5 == 1 else { continue }
                    let context: Int
                    if flags[p] & 8 != 0 {
                        context = 16
                    } else {
                        let (h, v, d) = neighbours(x, y)
                        context = h + v + d == 0 ? 14 : 15
                    }
                    if coder.decode(&contexts, context) == 1 { magnitudes[y * width + x] |= Int32(1) << plane }
                    flags[p] |= 8
                }
            }
        }
    }

    private mutating func cleanupPass(_ plane: Int, _ coder: inout JBIG2ArithmeticDecoder,
                                      _ contexts: inout JBIG2ArithmeticDecoder.Contexts) {
        for top in stride(from: 0, to: height, by: 4) {
            for x in 0..<width {
                var y = top
                let end = min(top + 4, height)
                if end - top == 4, (top..<end).allSatisfy({ flags[($0 + 1) * rowStride + x + 1] & 5 == 0
                    && significanceContext(x, $0) == 0 }) {
                    if coder.decode(&contexts, 17) == 0 { continue }
                    let offset = coder.decode(&contexts, 18) << 1 | coder.decode(&contexts, 18)
                    y = top + offset
                    let sign = decodeSign(x, y, &coder, &contexts)
                    becomeSignificant(x, y, plane: plane, negativeSign: sign)
                    y += 1
                }
                while y < end {
                    let p = (y + 1) * rowStride + x + 1
                    if flags[p] & 5 == 0, coder.decode(&contexts, significanceContext(x, y)) == 1 {
                        let sign = decodeSign(x, y, &coder, &contexts)
                        becomeSignificant(x, y, plane: plane, negativeSign: sign)
                    }
                    y += 1
                }
            }
        }
    }
}
