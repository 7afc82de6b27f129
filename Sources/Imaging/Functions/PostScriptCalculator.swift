/// Type 4 function (ISO 32000-1 §7.10.5): a program in the PostScript calculator language,
/// compiled once into a flat list of instructions with jumps for `if` and `ifelse`.
struct PostScriptCalculator: Sendable {
    /// Programs longer than this many tokens are refused.
    static let maxTokens = 100_000
    /// `{ }` nesting deeper than this is refused.
    static let maxNesting = 100

    /// A value on the operand stack.
    enum Value: Sendable, Equatable {
        case int(Int)
        case real(Double)
        case bool(Bool)
    }

    /// One compiled step.
    enum Instruction: Sendable, Equatable {
        case push(Value)
        case op(Operator)
        /// Pops a boolean; continues at `target` when it is false.
        case jumpUnless(Int)
        case jump(Int)
    }

    /// The operators of the calculator language.
    enum Operator: String, Sendable, CaseIterable {
        case abs, add, atan, ceiling, cos, cvi, cvr, div, exp, floor, idiv, ln, log, mod, mul, neg, round, sin, sqrt,
             sub, truncate, and, bitshift, eq, ge, gt, le, lt, ne, not, or, xor, copy, dup, exch, index, pop, roll
        case `true`, `false`
    }

    let code: [Instruction]

    /// Compiles `program` (the bytes of the function's stream, one outer `{ … }`).
    init(_ program: [UInt8]) throws {
        var tokens = PostScriptTokens(program)
        guard case .open? = try tokens.next() else {
            throw ImagingError(.unsupported, "a PostScript function that does not start with {")
        }
        var tokenCount = 0
        code = try Self.compileBlock(&tokens, depth: 0, tokenCount: &tokenCount)
    }

    /// Compiles up to the `}` closing the current block.
    private static func compileBlock(_ tokens: inout PostScriptTokens, depth: Int, tokenCount: inout Int) throws -> [Instruction] {
        guard depth < maxNesting else { throw ImagingError(.unsupported, "a PostScript function nested too deeply") }
        var out: [Instruction] = []
        var pending: [[Instruction]] = []
        while let token = try tokens.next() {
            tokenCount += 1
            guard tokenCount <= maxTokens else { throw ImagingError(.tooLarge, "a PostScript function too long") }
            if case .word(let w) = token, w != "if" && w != "ifelse", !pending.isEmpty {
                throw ImagingError(.unsupported, "a PostScript procedure not followed by if or ifelse")
            }
            switch token {
            case .open:
                pending.append(try compileBlock(&tokens, depth: depth + 1, tokenCount: &tokenCount))
            case .close:
                guard pending.isEmpty else { throw ImagingError(.unsupported, "a PostScript procedure without if") }
                return out
            case .number(let v):
                guard pending.isEmpty else { throw ImagingError(.unsupported, "a PostScript procedure without if") }
                out.append(.push(v))
            case .word("if"):
                guard pending.count == 1 else { throw ImagingError(.unsupported, "if without one procedure") }
                let body = pending.removeLast()
                out.append(.jumpUnless(out.count + 1 + body.count))
                out += relocated(body, by: out.count)
            case .word("ifelse"):
                guard pending.count == 2 else { throw ImagingError(.unsupported, "ifelse without two procedures") }
                let no = pending.removeLast(), yes = pending.removeLast()
                let yesStart = out.count + 1
                out.append(.jumpUnless(yesStart + yes.count + 1))
                out += relocated(yes, by: yesStart)
                out.append(.jump(yesStart + yes.count + 1 + no.count))
                out += relocated(no, by: out.count)
            case .word(let w):
                guard let op = Operator(rawValue: w) else {
                    throw ImagingError(.unsupported, "a PostScript function using the unknown operator \(w)")
                }
                out.append(.op(op))
            }
        }
        throw ImagingError(.unsupported, "a PostScript function without its closing }")
    }

    /// A block compiled on its own, its jump targets moved to where it now starts.
    private static func relocated(_ block: [Instruction], by offset: Int) -> [Instruction] {
        block.map {
            switch $0 {
            case .jump(let t): return .jump(t + offset)
            case .jumpUnless(let t): return .jumpUnless(t + offset)
            default: return $0
            }
        }
    }
}

/// The tokens of a calculator program: numbers, words and braces.
struct PostScriptTokens {
    enum Token: Equatable {
        case open, close
        case number(PostScriptCalculator.Value)
        case word(String)
    }

    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() throws -> Token? {
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "%") {
                while position < bytes.count && bytes[position] != 10 && bytes[position] != 13 { position += 1 }
            } else if b == 0 || b == 9 || b == 10 || b == 12 || b == 13 || b == 32 {
                position += 1
            } else {
                break
            }
        }
        guard position < bytes.count else { return nil }
        let b = bytes[position]
        if b == UInt8(ascii: "{") { position += 1; return .open }
        if b == UInt8(ascii: "}") { position += 1; return .close }
        let start = position
        while position < bytes.count, !Self.isDelimiter(bytes[position]) { position += 1 }
        guard position > start else { throw ImagingError(.unsupported, "a PostScript function with a stray character") }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
            || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
            if let i = Int(text) { return .number(.int(i)) }
            if let d = Double(text) { return .number(.real(d)) }
            throw ImagingError(.unsupported, "a PostScript function with the bad number \(text)")
        }
        return .word(text)
    }

    private static func isDelimiter(_ b: UInt8) -> Bool {
        b == 0 || b == 9 || b == 10 || b == 12 || b == 13 || b == 32 || b == UInt8(ascii: "{") || b == UInt8(ascii: "}")
            || b == UInt8(ascii: "%") || b == UInt8(ascii: "(") || b == UInt8(ascii: "/") || b == UInt8(ascii: "[")
    }
}
