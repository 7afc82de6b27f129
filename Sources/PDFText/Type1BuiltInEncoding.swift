import PDF

/// The built-in encoding of an embedded Type 1 font program (`/FontFile`), read from its
/// clear-text part: either `StandardEncoding` or `dup CODE /name put` entries (Adobe Type 1
/// Font Format §2.3). TeX and many drivers rely on it instead of a PDF `/Encoding`.
package enum Type1BuiltInEncoding {
    /// The encoding, or nil when the program cannot be read or does not give one.
    package static func read(_ stream: PDFStream, document: PDFDocument) -> SimpleEncoding? {
        guard let data = try? document.decodedData(of: stream) else { return nil }
        var clear = data
        if let length1 = document.resolve(stream.dictionary["Length1"] ?? .null).intValue, length1 > 0, length1 < data.count {
            clear = Array(data[..<length1])
        }
        // A PFB segment header (0x80 0x01 length) may precede the program.
        if clear.count > 6, clear[0] == 0x80, clear[1] == 0x01 { clear.removeFirst(6) }
        let key = Array("/Encoding".utf8)
        guard let start = find(key, in: clear) else { return nil }
        let tail = Array(clear[(start + key.count)...])
        var encoding = SimpleEncoding.empty
        var sawEntry = false
        for operation in ContentStreamTokenizer(tail) {
            switch operation.op {
            case "StandardEncoding":
                return .standard
            case "put":
                let operands = operation.operands
                if operands.count >= 2, let code = operands[operands.count - 2].intValue,
                   let name = operands[operands.count - 1].nameValue, (0..<256).contains(code) {
                    if name != ".notdef" { encoding.names[code] = name }
                    sawEntry = true
                }
            case "def", "readonly", "eexec", "currentfile":
                if sawEntry || operation.op != "def" { return sawEntry ? encoding : nil }
            default:
                continue
            }
        }
        return sawEntry ? encoding : nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0], Array(haystack[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }
}
