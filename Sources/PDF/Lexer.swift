/// A token of PDF syntax.
enum Token: Equatable {
    case int(Int)
    case real(Double)
    case string([UInt8])
    case name(String)
    /// A bare keyword: `obj`, `R`, `true`, an operator in a content stream, ...
    case keyword(String)
    case arrayStart, arrayEnd, dictStart, dictEnd
    case eof
}

/// Splits PDF bytes into tokens (ISO 32000-1 §7.2–7.3). Works on any byte range;
/// the parser and the content-stream tokenizer share it.
struct Lexer {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    init(bytes: [UInt8], position: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.position = position
        self.end = end ?? bytes.count
    }

    /// Skips whitespace and comments.
    mutating func skipWhitespace() {
        while position < end {
            let b = bytes[position]
            if ByteClass.isWhitespace(b) {
                position += 1
            } else if b == 0x25 { // % comment to end of line
                while position < end, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// Returns the next token, or throws on malformed syntax.
    mutating func next() throws -> Token {
        skipWhitespace()
        guard position < end else { return .eof }
        let b = bytes[position]
        switch b {
        case 0x5B: position += 1; return .arrayStart
        case 0x5D: position += 1; return .arrayEnd
        case 0x7B, 0x7D: position += 1; return .keyword(String(UnicodeScalar(b)))
        case 0x3C:
            if position + 1 < end, bytes[position + 1] == 0x3C { position += 2; return .dictStart }
            return .string(try readHexString())
        case 0x3E:
            if position + 1 < end, bytes[position + 1] == 0x3E { position += 2; return .dictEnd }
            position += 1
            throw PDFError(.malformed, "unexpected '>'", offset: position - 1)
        case 0x28: return .string(try readLiteralString())
        case 0x2F: return .name(readName())
        case 0x29:
            position += 1
            throw PDFError(.malformed, "unbalanced ')'", offset: position - 1)
        default:
            return readRegular()
        }
    }

    private mutating func readRegular() -> Token {
        let start = position
        while position < end, ByteClass.isRegular(bytes[position]) { position += 1 }
        let slice = bytes[start..<position]
        if let number = Lexer.parseNumber(slice) { return number }
        return .keyword(String(decoding: slice, as: UTF8.self))
    }

    /// Parses `123`, `-4`, `+3`, `.5`, `-.002`, `1.`; lenient about doubled signs as Acrobat is.
    static func parseNumber(_ s: ArraySlice<UInt8>) -> Token? {
        guard let first = s.first else { return nil }
        guard first == 0x2B || first == 0x2D || first == 0x2E || (first >= 0x30 && first <= 0x39) else { return nil }
        var negative = false
        var i = s.startIndex
        while i < s.endIndex, s[i] == 0x2B || s[i] == 0x2D {
            if s[i] == 0x2D { negative = true }
            i += 1
        }
        var intPart = 0
        var sawDigit = false
        var overflow = false
        while i < s.endIndex, s[i] >= 0x30, s[i] <= 0x39 {
            let (m, o1) = intPart.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int(s[i] - 0x30))
            overflow = overflow || o1 || o2
            intPart = a
            sawDigit = true
            i += 1
        }
        if i == s.endIndex {
            guard sawDigit else { return nil }
            if overflow { return .real(negative ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude) }
            return .int(negative ? -intPart : intPart)
        }
        guard s[i] == 0x2E else { return nil }
        i += 1
        var fraction = 0.0
        var scale = 0.1
        while i < s.endIndex, s[i] >= 0x30, s[i] <= 0x39 {
            fraction += Double(s[i] - 0x30) * scale
            scale /= 10
            sawDigit = true
            i += 1
        }
        guard i == s.endIndex, sawDigit else { return nil }
        let value = Double(intPart) + fraction
        return .real(negative ? -value : value)
    }

    private mutating func readName() -> String {
        position += 1 // '/'
        var out: [UInt8] = []
        while position < end, ByteClass.isRegular(bytes[position]) {
            let b = bytes[position]
            if b == 0x23, position + 2 < end,
               let h = ByteClass.hexValue(bytes[position + 1]), let l = ByteClass.hexValue(bytes[position + 2]) {
                out.append(h << 4 | l)
                position += 3
            } else {
                out.append(b)
                position += 1
            }
        }
        // Names are bytes; each byte becomes the scalar of the same value (ISO 8859-1), so any
        // name, UTF-8 or not, survives a round trip through the writer exactly.
        return PDFName.string(fromBytes: out)
    }

    private mutating func readHexString() throws -> [UInt8] {
        let start = position
        position += 1 // '<'
        var out: [UInt8] = []
        var high: UInt8?
        while position < end {
            let b = bytes[position]
            position += 1
            if b == 0x3E {
                if let h = high { out.append(h << 4) }
                return out
            }
            if ByteClass.isWhitespace(b) { continue }
            guard let v = ByteClass.hexValue(b) else {
                throw PDFError(.malformed, "invalid character in hex string", offset: position - 1)
            }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
        }
        throw PDFError(.malformed, "unterminated hex string", offset: start)
    }

    private mutating func readLiteralString() throws -> [UInt8] {
        let start = position
        position += 1 // '('
        var depth = 1
        var out: [UInt8] = []
        while position < end {
            let b = bytes[position]
            position += 1
            switch b {
            case 0x28:
                depth += 1
                out.append(b)
            case 0x29:
                depth -= 1
                if depth == 0 { return out }
                out.append(b)
            case 0x5C:
                guard position < end else { break }
                let e = bytes[position]
                position += 1
                switch e {
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x0D: // line continuation
                    if position < end, bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                case 0x30...0x37:
                    var value = Int(e - 0x30)
                    var digits = 1
                    while digits < 3, position < end, bytes[position] >= 0x30, bytes[position] <= 0x37 {
                        value = value * 8 + Int(bytes[position] - 0x30)
                        position += 1
                        digits += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                default: out.append(e)
                }
            case 0x0D:
                // An end-of-line in a string is read as a single LF.
                if position < end, bytes[position] == 0x0A { position += 1 }
                out.append(0x0A)
            default:
                out.append(b)
            }
        }
        throw PDFError(.malformed, "unterminated literal string", offset: start)
    }
}
