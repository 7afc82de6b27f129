import PDF

/// The built-in encoding of an embedded CFF font program (`/FontFile3`, subtype Type1C):
/// code → glyph → glyph name through the font's Encoding and Charset (Adobe Technical Note
/// #5176, §§9–13). TeX documents converted by Ghostscript rely on it for ligatures and
/// symbols their `/Differences` leave out.
package enum CFFEncoding {
    static let standardStrings: [String] = TableText.fields(standardStringsText).map(String.init)

    /// The encoding, or nil when the program cannot be read or is a CID-keyed font.
    package static func read(_ stream: PDFStream, document: PDFDocument) -> SimpleEncoding? {
        guard let data = try? document.decodedData(of: stream) else { return nil }
        return CFFReader(bytes: data).encoding()
    }
}

extension CFFReader {
    /// The program's built-in encoding: nil for a CID-keyed program or one that cannot be read.
    func encoding() -> SimpleEncoding? {
        guard let (topDict, strings, _) = topLevel() else { return nil }
        if topDict[Operator.ros] != nil { return nil } // CID-keyed, no encoding
        let encodingOffset = Int(topDict[Operator.encoding]?.last ?? 0)
        if encodingOffset == 0 { return .standard }
        guard encodingOffset > 1, let charStringsOffset = topDict[Operator.charStrings]?.last,
              let glyphCount = index(at: Int(charStringsOffset))?.items.count else { return nil }
        func name(ofSID sid: Int) -> String? { glyphName(sid: sid, strings: strings) }
        let sids = charset(at: Int(topDict[Operator.charset]?.last ?? 0), glyphCount: glyphCount)
        var encoding = SimpleEncoding.empty
        guard let format = card(encodingOffset, 1) else { return nil }
        var p = encodingOffset + 1
        if format & 0x7F == 0 {
            guard let count = card(p, 1) else { return nil }
            for gid in 1...max(1, count) where gid <= count {
                if let code = card(p + gid, 1), gid < sids.count { encoding.names[code] = name(ofSID: sids[gid]) }
            }
            p += 1 + count
        } else if format & 0x7F == 1 {
            guard let ranges = card(p, 1) else { return nil }
            var gid = 1
            for r in 0..<ranges {
                guard let first = card(p + 1 + 2 * r, 1), let left = card(p + 2 + 2 * r, 1) else { break }
                for k in 0...left where first + k < 256 {
                    if gid < sids.count { encoding.names[first + k] = name(ofSID: sids[gid]) }
                    gid += 1
                }
            }
            p += 1 + 2 * ranges
        } else {
            return nil
        }
        if format & 0x80 != 0, let supplements = card(p, 1) {
            for s in 0..<supplements {
                if let code = card(p + 1 + 3 * s, 1), let sid = card(p + 2 + 3 * s, 2) { encoding.names[code] = name(ofSID: sid) }
            }
        }
        return encoding
    }
}
