/// Reads the optional width operand at the start of a Type 2 charstring (Adobe Technical Note
/// #5177 §3.1): the first stack-clearing operator takes one operand more than it needs when a
/// width (relative to nominalWidthX) is given. Subroutine calls before it are followed.
struct Type2WidthReader {
    let bytes: [UInt8]
    let globalSubrs: [Range<Int>]

    /// Subroutine nesting allowed by #5177 Appendix B (10), also the bound for hostile programs.
    static let maxSubrDepth = 10
    /// Operands read before giving up on a program that never clears its stack.
    static let maxOperands = 64

    /// The width operand of the charstring at `range`, nil when it has none (defaultWidthX).
    func width(of range: Range<Int>, localSubrs: [Range<Int>]) -> Double? {
        var stack: [Double] = []
        switch run(range, localSubrs: localSubrs, stack: &stack, depth: 0) {
        case .cleared(let width): return width
        case .returned, .failed: return nil
        }
    }

    private enum Outcome { case cleared(Double?), returned, failed }

    private static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }

    private func run(_ range: Range<Int>, localSubrs: [Range<Int>], stack: inout [Double], depth: Int) -> Outcome {
        guard depth <= Type2WidthReader.maxSubrDepth, range.lowerBound >= 0, range.upperBound <= bytes.count else { return .failed }
        var i = range.lowerBound
        while i < range.upperBound {
            let b0 = Int(bytes[i])
            switch b0 {
            case 32...246: stack.append(Double(b0 - 139)); i += 1
            case 247...250:
                guard i + 1 < range.upperBound else { return .failed }
                stack.append(Double((b0 - 247) * 256 + Int(bytes[i + 1]) + 108)); i += 2
            case 251...254:
                guard i + 1 < range.upperBound else { return .failed }
                stack.append(Double(-(b0 - 251) * 256 - Int(bytes[i + 1]) - 108)); i += 2
            case 28:
                guard i + 2 < range.upperBound else { return .failed }
                stack.append(Double(Int16(bitPattern: UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i + 2])))); i += 3
            case 255:
                guard i + 4 < range.upperBound else { return .failed }
                let raw = UInt32(bytes[i + 1]) << 24 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 8 | UInt32(bytes[i + 4])
                stack.append(Double(Int32(bitPattern: raw)) / 65536); i += 5
            case 1, 3, 18, 23, 19, 20:    // hstem, vstem, hstemhm, vstemhm, hintmask, cntrmask
                return .cleared(stack.count % 2 == 1 ? stack.first : nil)
            case 21:                      // rmoveto
                return .cleared(stack.count > 2 ? stack.first : nil)
            case 4, 22:                   // vmoveto, hmoveto
                return .cleared(stack.count > 1 ? stack.first : nil)
            case 14:                      // endchar (4 more operands: seac-like accent)
                return .cleared(stack.count == 1 || stack.count == 5 ? stack.first : nil)
            case 10, 29:                  // callsubr, callgsubr
                let subrs = b0 == 10 ? localSubrs : globalSubrs
                guard let last = stack.popLast() else { return .failed }
                let index = Int(last) + Type2WidthReader.bias(subrs.count)
                guard index >= 0, index < subrs.count else { return .failed }
                let outcome = run(subrs[index], localSubrs: localSubrs, stack: &stack, depth: depth + 1)
                if case .returned = outcome { i += 1; continue }
                return outcome
            case 11:                      // return
                return .returned
            default:
                return .failed
            }
            if stack.count > Type2WidthReader.maxOperands { return .failed }
        }
        return .returned
    }
}
