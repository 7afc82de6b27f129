/// Where an object lives in the file (ISO 32000-1 §7.5.4, §7.5.8).
enum XRefEntry: Equatable {
    case free
    /// At a byte offset, with its generation.
    case offset(Int, generation: Int)
    /// Inside object stream `stream` at position `index`.
    case compressed(stream: Int, index: Int)
}

/// The merged cross-reference information of a file: the newest definition of each object
/// number wins, following `/Prev` and `/XRefStm` back through incremental updates.
struct XRefTable {
    var entries: [Int: XRefEntry] = [:]
    /// The newest trailer dictionary (for an xref stream, its dictionary).
    var trailer = PDFDictionary()
    /// Recovery only: older trailers with a `/Root`, newest first (a fallback when the newest
    /// names an `/Encrypt` no password opens, as in pdf.js's `issue15893_reduced.pdf`).
    var olderTrailers: [PDFDictionary] = []
    /// Recovery only: the object streams the scan found, newest first; their members are
    /// added once the document can decode them.
    var recoveredObjectStreams: [Int] = []
    /// Damage read around in trailers.
    var warnings: [String] = []

    /// Notes a trailer the parser had to repair.
    mutating func noteRepairs(_ repairs: Int, at offset: Int) {
        guard repairs > 0 else { return }
        warnings.append("the trailer at byte \(offset) holds \(repairs) token\(repairs == 1 ? "" : "s") that are not objects; read as null")
    }

    /// Records `entry` unless a newer section already defined `number`.
    mutating func addIfAbsent(_ number: Int, _ entry: XRefEntry) {
        if entries[number] == nil { entries[number] = entry }
    }
}

/// Reads cross-reference sections: classic tables and xref streams, chained by `/Prev`.
struct XRefReader {
    let bytes: [UInt8]
    /// Upper bound on sections in a `/Prev` chain (protects against loops).
    static let maxSections = 4096
    /// The largest object number accepted (far beyond any real file; keeps arithmetic safe).
    static let maxObjectNumber = 1 << 40

    /// Reads the chain starting at `startOffset`.
    func read(startOffset: Int) throws -> XRefTable {
        var table = XRefTable()
        var visited = Set<Int>()
        var next: Int? = startOffset
        var first = true
        while let offset = next {
            guard visited.insert(offset).inserted, visited.count <= XRefReader.maxSections else { break }
            guard offset >= 0, offset < bytes.count else {
                throw PDFError(.malformed, "cross-reference offset \(offset) lies outside the file")
            }
            let trailer = try readSection(at: offset, into: &table)
            if first { table.trailer = trailer; first = false }
            else {
                // Older trailers may hold keys newer ones dropped (e.g. /Root in odd updates).
                for (key, value) in trailer where table.trailer[key] == nil && key != "Prev" && key != "XRefStm" {
                    table.trailer[key] = value
                }
            }
            next = trailer["Prev"]?.intValue
        }
        return table
    }

    /// Reads one section at `offset`, returning its trailer.
    private func readSection(at offset: Int, into table: inout XRefTable) throws -> PDFDictionary {
        var lexer = Lexer(bytes: bytes, position: offset)
        lexer.skipWhitespace()
        if bytes[lexer.position...].starts(with: Array("xref".utf8)) {
            lexer.position += 4
            let trailer = try readClassic(lexer: &lexer, into: &table)
            if let streamOffset = trailer["XRefStm"]?.intValue, streamOffset > 0, streamOffset < bytes.count {
                _ = try? readStream(at: streamOffset, into: &table)
            }
            return trailer
        }
        return try readStream(at: lexer.position, into: &table)
    }

    private func readClassic(lexer: inout Lexer, into table: inout XRefTable) throws -> PDFDictionary {
        while true {
            let token = try lexer.next()
            switch token {
            case .keyword("trailer"):
                var parser = Parser(bytes: bytes, position: lexer.position)
                guard case .dictionary(let trailer) = try parser.parseObject() else {
                    throw PDFError(.malformed, "trailer is not a dictionary", offset: lexer.position)
                }
                table.noteRepairs(parser.repairs, at: lexer.position)
                return trailer
            case .int(let start):
                guard case .int(let count) = try lexer.next(), count >= 0, count < 10_000_000,
                      start >= 0, start <= XRefReader.maxObjectNumber - count else {
                    throw PDFError(.malformed, "bad cross-reference subsection header", offset: lexer.position)
                }
                for i in 0..<count {
                    guard case .int(let field1) = try lexer.next(), case .int(let field2) = try lexer.next(),
                          case .keyword(let kind) = try lexer.next() else {
                        throw PDFError(.malformed, "bad cross-reference entry", offset: lexer.position)
                    }
                    let number = start + i
                    if kind == "n" {
                        table.addIfAbsent(number, field1 == 0 ? .free : .offset(field1, generation: field2))
                    } else {
                        table.addIfAbsent(number, .free)
                    }
                }
            default:
                throw PDFError(.malformed, "unexpected data in cross-reference table", offset: lexer.position)
            }
        }
    }

    private func readStream(at offset: Int, into table: inout XRefTable) throws -> PDFDictionary {
        var parser = Parser(bytes: bytes, position: offset)
        let (ref, object) = try parser.parseIndirectObject { _ in nil }
        guard case .stream(let stream) = object, stream.dictionary["Type"]?.nameValue == "XRef" else {
            throw PDFError(.malformed, "no cross-reference table or stream at the offset startxref gives", offset: offset)
        }
        let dict = stream.dictionary
        let data = try Filters.decode(stream.data, chain: Filters.chain(of: dict) { $0 }).data
        guard let w = dict["W"]?.arrayValue?.compactMap(\.intValue), w.count == 3, w.allSatisfy({ $0 >= 0 && $0 <= 8 }) else {
            throw PDFError(.malformed, "cross-reference stream has a bad /W", object: ref)
        }
        let size = dict["Size"]?.intValue ?? 0
        var index = dict["Index"]?.arrayValue?.compactMap(\.intValue) ?? [0, size]
        if index.count % 2 != 0 { index = [0, size] }
        let entryLength = w[0] + w[1] + w[2]
        guard entryLength > 0 else { return dict }
        var p = 0
        func field(_ width: Int) -> Int {
            var v = 0
            for _ in 0..<width { v = v << 8 | Int(data[p]); p += 1 }
            return v
        }
        for pair in stride(from: 0, to: index.count, by: 2) {
            let start = index[pair]
            guard start >= 0, index[pair + 1] >= 0, start <= XRefReader.maxObjectNumber - index[pair + 1] else {
                throw PDFError(.malformed, "cross-reference stream /Index runs past the largest object number", object: ref)
            }
            for i in 0..<max(0, index[pair + 1]) {
                guard p + entryLength <= data.count else { return dict }
                let type = w[0] == 0 ? 1 : field(w[0])
                let f2 = field(w[1])
                let f3 = field(w[2])
                switch type {
                case 0: table.addIfAbsent(start + i, .free)
                case 1: table.addIfAbsent(start + i, .offset(f2, generation: f3))
                case 2: table.addIfAbsent(start + i, .compressed(stream: f2, index: f3))
                default: break
                }
            }
        }
        return dict
    }
}
