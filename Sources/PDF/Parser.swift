/// Builds PDF objects from tokens (ISO 32000-1 §7.3), including `N G R` references
/// and, for indirect objects, streams.
struct Parser {
    private(set) var lexer: Lexer
    private var lookahead: [Token] = []
    /// How many times the parser read around damage (junk read as `null`, a composite closed
    /// early), so callers can warn.
    private(set) var repairs = 0
    /// Protects against stack exhaustion on hostile nesting.
    static let maxDepth = 256

    init(bytes: [UInt8], position: Int = 0, end: Int? = nil) {
        lexer = Lexer(bytes: bytes, position: position, end: end)
    }

    /// Offset of the next unread byte (only meaningful with no lookahead pending).
    var position: Int { lexer.position }

    mutating func nextToken() throws -> Token {
        if !lookahead.isEmpty { return lookahead.removeFirst() }
        return try lexer.next()
    }

    private mutating func peek(_ n: Int) throws -> Token {
        while lookahead.count <= n { lookahead.append(try lexer.next()) }
        return lookahead[n]
    }

    /// Parses one direct object (references allowed, streams not).
    mutating func parseObject(depth: Int = 0) throws -> PDFObject {
        guard depth < Parser.maxDepth else {
            throw PDFError(.limitExceeded, "objects nested deeper than \(Parser.maxDepth) levels", offset: lexer.position)
        }
        let token = try nextToken()
        return try object(from: token, depth: depth)
    }

    /// Keywords that never occur inside an object: meeting one inside an array or dictionary
    /// means it was not closed, and the object ends there (the keyword is left for the caller).
    private static let structuralKeywords: Set<String> = ["endobj", "obj", "stream", "endstream", "xref", "trailer", "startxref"]

    private mutating func object(from token: Token, depth: Int) throws -> PDFObject {
        guard depth < Parser.maxDepth else {
            throw PDFError(.limitExceeded, "objects nested deeper than \(Parser.maxDepth) levels", offset: lexer.position)
        }
        switch token {
        case .int(let n):
            // `n g R` is a reference. Junk after a number is left for the next read to report.
            if case .int(let g)? = try? peek(0), case .keyword("R")? = try? peek(1) {
                lookahead.removeFirst(2)
                return .reference(ObjectRef(n, g))
            }
            return .int(n)
        case .real(let r): return .real(r)
        case .string(let s): return .string(s)
        case .name(let n): return .name(n)
        case .arrayStart:
            var items: [PDFObject] = []
            while let t = try memberToken() {
                if t == .arrayEnd { break }
                items.append(try member(from: t, depth: depth))
            }
            return .array(items)
        case .dictStart:
            var dict = PDFDictionary()
            while let t = try memberToken() {
                if t == .dictEnd { break }
                // Lenient: junk where a key belongs is skipped.
                guard case .name(let key) = t else { continue }
                guard let valueToken = try memberToken() else { break }
                if valueToken == .dictEnd { break }
                dict[key] = try member(from: valueToken, depth: depth)
            }
            return .dictionary(dict)
        case .keyword(let k):
            switch k {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: throw PDFError(.malformed, "unexpected keyword '\(k.prefix(20))'", offset: lexer.position)
            }
        case .eof:
            throw PDFError(.malformed, "unexpected end of data", offset: lexer.position)
        case .arrayEnd, .dictEnd:
            throw PDFError(.malformed, "unexpected closing delimiter", offset: lexer.position)
        }
    }

    /// The next token inside an array or dictionary; nil when the composite ends early at a
    /// structural keyword (left unread). Unreadable tokens (an unbalanced `)`, a stray `>`, a
    /// bad hex string) read as `null`, as qpdf reads them (its `bad18.pdf`–`bad20.pdf`): the
    /// lexer has moved past them, so this always makes progress.
    private mutating func memberToken() throws -> Token? {
        let token: Token
        do { token = try nextToken() } catch let error as PDFError where error.code == .malformed {
            repairs += 1
            return .keyword("null")
        }
        switch token {
        case .eof: throw PDFError(.malformed, "unterminated array or dictionary", offset: lexer.position)
        case .keyword(let k) where Parser.structuralKeywords.contains(k):
            repairs += 1
            lookahead.insert(token, at: 0)
            return nil
        default: return token
        }
    }

    /// An element of an array or a dictionary value: anything that is not an object (a stray
    /// `{`, `}`, `]` or unknown keyword, as in qpdf's `bad13.pdf`–`bad15.pdf`) reads as `null`.
    private mutating func member(from token: Token, depth: Int) throws -> PDFObject {
        switch token {
        case .keyword("true"), .keyword("false"), .keyword("null"), .int, .real, .string, .name, .arrayStart, .dictStart:
            return try object(from: token, depth: depth + 1)
        case .keyword, .arrayEnd, .dictEnd, .eof:
            repairs += 1
            return .null
        }
    }

    /// Parses `N G obj … endobj` at the current position, reading stream data when present.
    /// - Parameter resolveLength: resolves an indirect `/Length`.
    mutating func parseIndirectObject(resolveLength: (ObjectRef) throws -> Int?) throws -> (ObjectRef, PDFObject) {
        let start = lexer.position
        guard case .int(let num) = try nextToken(), case .int(let gen) = try nextToken(),
              case .keyword("obj") = try nextToken() else {
            throw PDFError(.malformed, "expected an object header 'N G obj'", offset: start)
        }
        let ref = ObjectRef(num, gen)
        let value = try parseObject()
        guard lookahead.isEmpty || lookahead.count <= 1 else { return (ref, value) }
        let next = try peek(0)
        if case .keyword("stream") = next, case .dictionary(let dict) = value {
            lookahead.removeAll()
            let data = try readStreamData(dictionary: dict, ref: ref, resolveLength: resolveLength)
            return (ref, .stream(PDFStream(dictionary: dict, data: data)))
        }
        return (ref, value)
    }

    /// Reads the bytes after the `stream` keyword, trusting `/Length` when `endstream` follows it
    /// and searching for `endstream` otherwise.
    private mutating func readStreamData(dictionary: PDFDictionary, ref: ObjectRef,
                                         resolveLength: (ObjectRef) throws -> Int?) throws -> [UInt8] {
        let bytes = lexer.bytes
        var p = lexer.position
        // After 'stream': CRLF or LF (a lone CR is tolerated).
        if p < lexer.end, bytes[p] == 0x0D { p += 1 }
        if p < lexer.end, bytes[p] == 0x0A { p += 1 }
        let dataStart = p
        var length: Int?
        switch dictionary["Length"] {
        case .int(let n)?: length = n
        case .reference(let r)?: length = try? resolveLength(r)
        default: length = nil
        }
        if let length, length >= 0, length <= lexer.end - dataStart, endstreamFollows(dataStart + length) {
            lexer.position = dataStart + length
            skipEndstream()
            return Array(bytes[dataStart..<dataStart + length])
        }
        // Wrong or missing length: the data runs to `endstream`, or to `endobj` when that comes
        // first (a misspelt `endstream`: qpdf's `bad24.pdf`, `xref-compressed-in-compressed.pdf`;
        // poppler and qpdf read such data up to there too, not on into the next objects).
        let endstream = Parser.find(Array("endstream".utf8), in: bytes, from: dataStart, to: lexer.end)
        let endobj = Parser.find(Array("endobj".utf8), in: bytes, from: dataStart, to: endstream ?? lexer.end)
        guard let found = endobj ?? endstream else {
            throw PDFError(.malformed, "stream without 'endstream'", offset: dataStart, object: ref)
        }
        var dataEnd = found
        if endobj != nil {
            while dataEnd > dataStart, ByteClass.isWhitespace(bytes[dataEnd - 1]) { dataEnd -= 1 }
            lexer.position = found
            return Array(bytes[dataStart..<dataEnd])
        }
        if dataEnd > dataStart, bytes[dataEnd - 1] == 0x0A { dataEnd -= 1 }
        if dataEnd > dataStart, bytes[dataEnd - 1] == 0x0D { dataEnd -= 1 }
        lexer.position = found
        skipEndstream()
        return Array(bytes[dataStart..<dataEnd])
    }

    private func endstreamFollows(_ offset: Int) -> Bool {
        var p = offset
        while p < lexer.end, ByteClass.isWhitespace(lexer.bytes[p]) { p += 1 }
        let keyword = Array("endstream".utf8)
        guard p + keyword.count <= lexer.end else { return false }
        return Array(lexer.bytes[p..<p + keyword.count]) == keyword
    }

    private mutating func skipEndstream() {
        lexer.skipWhitespace()
        let keyword = Array("endstream".utf8)
        if lexer.position + keyword.count <= lexer.end,
           Array(lexer.bytes[lexer.position..<lexer.position + keyword.count]) == keyword {
            lexer.position += keyword.count
        }
    }

    /// Finds `needle` in `haystack[from..<to]`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int, to: Int) -> Int? {
        guard !needle.isEmpty, to - from >= needle.count else { return nil }
        let first = needle[0]
        var i = from
        let last = to - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// Finds the last occurrence of `needle` in `haystack[from..<to]`.
    static func findLast(_ needle: [UInt8], in haystack: [UInt8], from: Int, to: Int) -> Int? {
        guard !needle.isEmpty, to - from >= needle.count else { return nil }
        var i = to - needle.count
        while i >= from {
            var j = 0
            while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
            if j == needle.count { return i }
            i -= 1
        }
        return nil
    }
}
