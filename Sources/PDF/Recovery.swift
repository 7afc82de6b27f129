/// Rebuilds cross-reference information by scanning the whole file for `N G obj` headers and
/// trailers, for files whose xref is missing or wrong. Used as an explicit fallback mode.
struct Recovery {
    let bytes: [UInt8]

    func rebuild() -> XRefTable {
        var table = XRefTable()
        var offsets: [Int: (Int, Int)] = [:] // number -> (offset, gen); the last one in the file wins
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
        for (number, (offset, generation)) in offsets {
            table.entries[number] = .offset(offset, generation: generation)
        }
        // Trailers: the last one with /Root wins.
        var search = n
        let keyword = Array("trailer".utf8)
        while let t = Parser.findLast(keyword, in: bytes, from: 0, to: search) {
            var parser = Parser(bytes: bytes, position: t + keyword.count)
            if case .dictionary(let d)? = try? parser.parseObject(), d["Root"] != nil {
                table.trailer = d
                break
            }
            search = t
        }
        return table
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
