/// One operator of a content stream with its operands (ISO 32000-1 §7.8.2).
public struct ContentOperation: Sendable, Equatable {
    /// The operator, e.g. `cm`, `Do`, `Tj`.
    public var op: String
    /// The operands that preceded it.
    public var operands: [PDFObject]
    /// For inline images (`BI … ID … EI`, reported as op `BI`): the image dictionary is
    /// operand 0 and the raw data is here.
    public var inlineData: [UInt8]?

    /// Creates an operation (for writers that edit content streams).
    public init(op: String, operands: [PDFObject] = [], inlineData: [UInt8]? = nil) {
        self.op = op
        self.operands = operands
        self.inlineData = inlineData
    }
}

/// Splits content-stream bytes into operations. Lenient: malformed tokens are skipped so
/// a damaged stream still yields what it can. Operands nested deeper than `maxDepth` end the
/// stream instead (`failure` says why; `nextOperation()` throws it): every consumer of the
/// operations walks them recursively, and 50,000 nested arrays would exhaust its stack.
public struct ContentStreamTokenizer: Sequence, IteratorProtocol {
    private var parser: Parser
    private let bytes: [UInt8]
    private var operands: [PDFObject] = []
    private var errors = 0
    /// Stop after this many unparseable tokens: hostile streams cannot spin forever.
    private static let maxErrors = 10_000
    /// How deep arrays and dictionaries may nest in an operand: the same bound as objects
    /// elsewhere in the file (`Parser.maxDepth`), far beyond any real `TJ` array or
    /// marked-content property list.
    public static let maxDepth = Parser.maxDepth
    /// Why the stream ended early, when it did: operands nested deeper than `maxDepth`.
    public private(set) var failure: PDFError?

    /// Creates a tokenizer over decoded content bytes.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        parser = Parser(bytes: bytes)
    }

    /// The next operation, or nil at the end; throws `PDFError.limitExceeded` where operands
    /// nest deeper than `maxDepth`, so the page is failed rather than read in part.
    public mutating func nextOperation() throws -> ContentOperation? {
        let operation = next()
        if let failure { throw failure }
        return operation
    }

    public mutating func next() -> ContentOperation? {
        while failure == nil, errors < ContentStreamTokenizer.maxErrors {
            let token: Token
            do { token = try parser.nextToken() } catch { errors += 1; continue }
            switch token {
            case .eof:
                return nil
            case .keyword(let op):
                if op == "BI" { return inlineImage() }
                if op == "true" { operands.append(.bool(true)); continue }
                if op == "false" { operands.append(.bool(false)); continue }
                if op == "null" { operands.append(.null); continue }
                defer { operands.removeAll(keepingCapacity: true) }
                return ContentOperation(op: op, operands: operands, inlineData: nil)
            case .int(let v): operands.append(.int(v))
            case .real(let v): operands.append(.real(v))
            case .string(let s): operands.append(.string(s))
            case .name(let n): operands.append(.name(n))
            case .arrayStart, .dictStart:
                // Re-parse the composite from its opening token.
                var items: [PDFObject] = []
                let closing: Token = token == .arrayStart ? .arrayEnd : .dictEnd
                var depth = 1
                var flat: [Token] = []
                while depth > 0 {
                    guard let t = try? parser.nextToken(), t != .eof else { break }
                    if t == .arrayStart || t == .dictStart { depth += 1 }
                    if t == .arrayEnd || t == .dictEnd { depth -= 1 }
                    if depth > ContentStreamTokenizer.maxDepth {
                        failure = PDFError(.limitExceeded, "content-stream operands nested deeper than "
                            + "\(ContentStreamTokenizer.maxDepth) levels", offset: parser.position)
                        return nil
                    }
                    if depth > 0 { flat.append(t) }
                }
                if closing == .arrayEnd {
                    items = ContentStreamTokenizer.objects(from: flat)
                    operands.append(.array(items))
                } else {
                    let values = ContentStreamTokenizer.objects(from: flat)
                    var dict = PDFDictionary()
                    var i = 0
                    while i + 1 < values.count {
                        if let key = values[i].nameValue { dict[key] = values[i + 1] }
                        i += 2
                    }
                    operands.append(.dictionary(dict))
                }
            case .arrayEnd, .dictEnd:
                errors += 1
            }
        }
        return nil
    }

    /// Turns flat tokens of one nesting level (nested composites kept flat) into objects.
    /// The recursion is bounded on its own: a `>>` inside an array (or `]` inside a dictionary)
    /// does not close it here, so the caller's depth count alone would not bound it.
    private static func objects(from tokens: [Token]) -> [PDFObject] {
        var out: [PDFObject] = []
        var i = 0
        func parse(_ depth: Int = 0) -> PDFObject? {
            guard i < tokens.count else { return nil }
            let t = tokens[i]
            i += 1
            if depth >= maxDepth { return .null }
            switch t {
            case .int(let v): return .int(v)
            case .real(let v): return .real(v)
            case .string(let s): return .string(s)
            case .name(let n): return .name(n)
            case .keyword("true"): return .bool(true)
            case .keyword("false"): return .bool(false)
            case .arrayStart:
                var items: [PDFObject] = []
                while i < tokens.count, tokens[i] != .arrayEnd { if let o = parse(depth + 1) { items.append(o) } }
                i += 1
                return .array(items)
            case .dictStart:
                var dict = PDFDictionary()
                while i < tokens.count, tokens[i] != .dictEnd {
                    guard let k = parse(depth + 1), let v = parse(depth + 1) else { break }
                    if let key = k.nameValue { dict[key] = v }
                }
                i += 1
                return .dictionary(dict)
            default: return .null
            }
        }
        while i < tokens.count { if let o = parse() { out.append(o) } }
        return out
    }

    /// Reads `BI key value … ID data EI`.
    private mutating func inlineImage() -> ContentOperation? {
        var dict = PDFDictionary()
        while true {
            guard let t = try? parser.nextToken() else { return nil }
            if case .keyword("ID") = t { break }
            if t == .eof { return nil }
            guard case .name(let key) = t, let value = try? parser.parseObject() else { continue }
            dict[key] = value
        }
        // One whitespace byte follows ID; the data runs to a whitespace-delimited EI.
        var p = parser.position + 1
        let start = p
        while p + 1 < bytes.count {
            if bytes[p] == 0x45, bytes[p + 1] == 0x49,
               p > start, ByteClass.isWhitespace(bytes[p - 1]),
               p + 2 >= bytes.count || !ByteClass.isRegular(bytes[p + 2]) {
                break
            }
            p += 1
        }
        let dataEnd = Swift.max(start, p - 1)
        let data = Array(bytes[Swift.min(start, bytes.count)..<Swift.min(dataEnd, bytes.count)])
        parser = Parser(bytes: bytes, position: Swift.min(p + 2, bytes.count))
        operands.removeAll()
        return ContentOperation(op: "BI", operands: [.dictionary(dict)], inlineData: data)
    }
}
