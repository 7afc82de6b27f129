/// Rebuilds cross-reference information by scanning the whole file for `N G obj` headers and
/// trailers, for files whose xref is missing or wrong. Used as an explicit fallback mode.
///
/// Besides the objects' offsets it notes what the scan alone cannot resolve: the object streams
/// it met (their members are indexed once the document can decrypt and decode them), and the
/// candidates for the trailer, newest first: `trailer` dictionaries and cross-reference stream
/// dictionaries with a `/Root`, or else the last `/Type /Catalog` object.
struct Recovery {
    let bytes: [UInt8]

    func rebuild() -> XRefTable {
        var table = XRefTable()
        // number -> (offset, gen); the last definition in the file wins.
        var offsets: [Int: (offset: Int, generation: Int)] = [:]
        var i = 0
        let n = bytes.count
        let obj = Array("obj".utf8)
        while i < n {
            // Look for "obj" preceded by "N G ".
            guard let hit = Parser.find(obj, in: bytes, from: i, to: n) else { break }
            i = hit + 3
            if let (number, generation, start) = headerBefore(hit) {
                offsets[number] = (start, generation)
            }
        }
        var crossReferenceStreams: [(offset: Int, dictionary: PDFDictionary)] = []
        var catalogs: [(offset: Int, number: Int, generation: Int)] = []
        var objectStreams: [(offset: Int, number: Int)] = []
        for (number, (offset, generation)) in offsets {
            table.entries[number] = .offset(offset, generation: generation)
            guard let dictionary = dictionary(at: offset) else { continue }
            switch dictionary["Type"]?.nameValue {
            case "XRef": crossReferenceStreams.append((offset, dictionary))
            case "Catalog": catalogs.append((offset, number, generation))
            case "ObjStm": objectStreams.append((offset, number))
            default: break
            }
        }
        // Later object streams first: their members win over older ones.
        table.recoveredObjectStreams = objectStreams.sorted { $0.offset > $1.offset }.map(\.number)

        var trailers = crossReferenceStreams
        var search = n
        let keyword = Array("trailer".utf8)
        while let t = Parser.findLast(keyword, in: bytes, from: 0, to: search) {
            var parser = Parser(bytes: bytes, position: t + keyword.count)
            if case .dictionary(let d)? = try? parser.parseObject() {
                trailers.append((t, d))
                table.noteRepairs(parser.repairs, at: t)
            }
            search = t
        }
        trailers.sort { $0.offset > $1.offset }
        let rooted = trailers.filter { $0.dictionary["Root"] != nil }.map(\.dictionary)
        if let newest = rooted.first {
            table.trailer = newest
            table.olderTrailers = Array(rooted.dropFirst())
        } else if let catalog = catalogs.max(by: { $0.offset < $1.offset }) {
            // No trailer names the catalog: take the newest object that says it is one,
            // keeping what a rootless trailer holds (e.g. /Encrypt, /ID, /Info).
            table.trailer = trailers.first?.dictionary ?? PDFDictionary()
            table.trailer["Root"] = .reference(ObjectRef(catalog.number, catalog.generation))
        } else if let rootless = trailers.first {
            table.trailer = rootless.dictionary
        }
        return table
    }

    /// The dictionary of the object whose header starts at `offset` (a stream's dictionary;
    /// its data is not read), or nil.
    private func dictionary(at offset: Int) -> PDFDictionary? {
        var parser = Parser(bytes: bytes, position: offset)
        guard case .int? = try? parser.nextToken(), case .int? = try? parser.nextToken(),
              case .keyword("obj")? = try? parser.nextToken() else { return nil }
        return (try? parser.parseObject())?.dictionaryValue
    }

    /// If `objOffset` is preceded by `N G` at the start of a token, returns them and where N begins.
    private func headerBefore(_ objOffset: Int) -> (Int, Int, Int)? {
        var p = objOffset - 1
        func skipSpaces() { while p >= 0, ByteClass.isWhitespace(bytes[p]) { p -= 1 } }
        func readDigits() -> (Int, Int)? {
            let end = p
            while p >= 0, bytes[p] >= 0x30, bytes[p] <= 0x39 { p -= 1 }
            guard p < end, end - p <= 10 else { return nil }
            var v = 0
            for k in (p + 1)...end { v = v * 10 + Int(bytes[k] - 0x30) }
            return (v, p + 1)
        }
        guard p >= 0, ByteClass.isWhitespace(bytes[p]) else { return nil }
        skipSpaces()
        guard let (generation, _) = readDigits() else { return nil }
        guard p >= 0, ByteClass.isWhitespace(bytes[p]) else { return nil }
        skipSpaces()
        guard let (number, start) = readDigits() else { return nil }
        if p >= 0, ByteClass.isRegular(bytes[p]) { return nil }
        return (number, generation, start)
    }
}
