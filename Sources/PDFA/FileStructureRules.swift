/// Clause 6.1 rules that concern the file's bytes rather than its objects: the header and its
/// binary comment (6.1.2), the end-of-file marker (6.1.3), the `xref` keyword (6.1.4), hexadecimal
/// strings (6.1.6), the `stream`/`endstream` keywords and `Length` (6.1.7.1), and the spacing
/// of `obj`/`endobj` (6.1.9). One lexical pass that skips stream data.
struct FileStructureRules {
    let bytes: [UInt8]
    /// The `Length` of the stream of object N defined at byte offset O, as the parsed document
    /// reads it, when known (an older revision's copy of N, replaced by an incremental
    /// update, is not the one the document reads: nil).
    var streamLength: (_ number: Int, _ offset: Int) -> Int? = { _, _ in nil }

    private static let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
    private func isEOL(_ b: UInt8) -> Bool { b == FileStructureRules.cr || b == FileStructureRules.lf }
    private func isWhite(_ b: UInt8) -> Bool { b == 0 || b == 9 || b == 10 || b == 12 || b == 13 || b == 32 }
    private func isDelimiter(_ b: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(b) }

    func check(_ log: inout ViolationLog) {
        checkHeader(&log)
        checkEOF(&log)
        scan(&log)
    }

    private func checkHeader(_ log: inout ViolationLog) {
        let prefix = Array("%PDF-1.".utf8)
        guard bytes.starts(with: prefix) else {
            if bytes.starts(with: Array("%PDF-".utf8)) {
                log.fail("6.1.2", "the header is not %PDF-1.n", at: "offset 0")
            } else {
                log.fail("6.1.2", "the file does not start with %PDF-1.n at offset 0", at: "offset 0")
            }
            return
        }
        var i = prefix.count
        guard i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x37 else {
            log.fail("6.1.2", "the header's version is not 1.0 to 1.7", at: "offset 0"); return
        }
        i += 1
        guard i < bytes.count, isEOL(bytes[i]) else {
            log.fail("6.1.2", "the header %PDF-1.n is not followed by an end-of-line", at: "offset 0"); return
        }
        if bytes[i] == FileStructureRules.cr, i + 1 < bytes.count, bytes[i + 1] == FileStructureRules.lf { i += 2 } else { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "%") else {
            log.fail("6.1.2", "the header is not followed by a comment line", at: "offset \(i)"); return
        }
        let start = i + 1
        var end = start
        while end < bytes.count, !isEOL(bytes[end]) { end += 1 }
        if end - start < 4 || !bytes[start..<(start + 4)].allSatisfy({ $0 > 127 }) {
            log.fail("6.1.2", "the comment after the header does not start with four bytes above 127", at: "offset \(i)")
        }
        if end >= bytes.count {
            log.fail("6.1.2", "the comment after the header is not followed by an end-of-line", at: "offset \(i)")
        }
    }

    private func checkEOF(_ log: inout ViolationLog) {
        var end = bytes.count
        if end > 0, bytes[end - 1] == FileStructureRules.lf { end -= 1 }
        if end > 0, bytes[end - 1] == FileStructureRules.cr { end -= 1 }
        let marker = Array("%%EOF".utf8)
        if end < marker.count || Array(bytes[(end - marker.count)..<end]) != marker {
            log.fail("6.1.3", "bytes follow the last %%EOF marker (or it is missing)", at: "end of file")
        }
    }

    private struct Word { var start: Int; var end: Int; var text: String }

    private func scan(_ log: inout ViolationLog) {
        var i = 0
        var previous: [Word] = []
        var currentObject: Int?
        var currentObjectOffset = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if isWhite(b) { i += 1; continue }
            if b == UInt8(ascii: "%") {
                while i < n, !isEOL(bytes[i]) { i += 1 }
                continue
            }
            if b == UInt8(ascii: "(") {
                var depth = 0
                while i < n {
                    let c = bytes[i]
                    if c == UInt8(ascii: "\\") { i += 2; continue }
                    if c == UInt8(ascii: "(") { depth += 1 } else if c == UInt8(ascii: ")") { depth -= 1; if depth == 0 { i += 1; break } }
                    i += 1
                }
                previous = []
                continue
            }
            if b == UInt8(ascii: "<") {
                if i + 1 < n, bytes[i + 1] == UInt8(ascii: "<") { i += 2; previous = []; continue }
                let start = i
                i += 1
                var digits = 0
                var bad = false
                while i < n, bytes[i] != UInt8(ascii: ">") {
                    let c = bytes[i]
                    if isWhite(c) {} else if (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66) { digits += 1 } else { bad = true }
                    i += 1
                }
                i += 1
                let where_ = currentObject.map { "obj \($0)" } ?? "offset \(start)"
                if bad { log.fail("6.1.6", "a hexadecimal string contains characters other than 0-9, A-F, a-f", at: where_) }
                else if digits % 2 == 1 { log.fail("6.1.6", "a hexadecimal string has an odd number of digits", at: where_) }
                previous = []
                continue
            }
            if isDelimiter(b) {
                i += 1
                if b == UInt8(ascii: "/") { while i < n, !isWhite(bytes[i]), !isDelimiter(bytes[i]) { i += 1 } }
                previous = []
                continue
            }
            let start = i
            while i < n, !isWhite(bytes[i]), !isDelimiter(bytes[i]) { i += 1 }
            let word = Word(start: start, end: i, text: String(decoding: bytes[start..<i], as: UTF8.self))
            switch word.text {
            case "obj":
                if previous.count >= 2 {
                    let number = previous[previous.count - 2], generation = previous[previous.count - 1]
                    currentObject = Int(number.text)
                    currentObjectOffset = number.start
                    let place = "obj \(number.text)"
                    if generation.start - number.end != 1 || bytes[number.end] != 0x20 {
                        log.fail("6.1.9", "the object and generation numbers are not separated by a single space", at: place)
                    }
                    if word.start - generation.end != 1 || bytes[generation.end] != 0x20 {
                        log.fail("6.1.9", "the generation number and 'obj' are not separated by a single space", at: place)
                    }
                    if number.start > 0, !isEOL(bytes[number.start - 1]) {
                        log.fail("6.1.9", "the object number is not preceded by an end-of-line", at: place)
                    }
                    if word.end < n, !isEOL(bytes[word.end]) {
                        log.fail("6.1.9", "'obj' is not followed by an end-of-line", at: place)
                    }
                }
                previous = []
                continue
            case "endobj":
                let place = currentObject.map { "obj \($0)" } ?? "offset \(start)"
                if start > 0, !isEOL(bytes[start - 1]) { log.fail("6.1.9", "'endobj' is not preceded by an end-of-line", at: place) }
                if word.end < n, !isEOL(bytes[word.end]) { log.fail("6.1.9", "'endobj' is not followed by an end-of-line", at: place) }
                previous = []
                continue
            case "stream":
                i = skipStream(after: word, object: currentObject, at: currentObjectOffset, &log)
                previous = []
                continue
            case "xref":
                var j = word.end
                if j < n, bytes[j] == FileStructureRules.cr { j += 1 }
                if j < n, bytes[j] == FileStructureRules.lf { j += 1 }
                if j == word.end || j >= n || !(bytes[j] >= 0x30 && bytes[j] <= 0x39) {
                    log.fail("6.1.4", "the 'xref' keyword is not followed by a single end-of-line and a subsection header", at: "offset \(start)")
                }
                // The table itself holds nothing to check lexically: go on at 'trailer'.
                if let t = find(Array("trailer".utf8), from: word.end) { i = t }
                previous = []
                continue
            default:
                previous.append(word)
                if previous.count > 2 { previous.removeFirst() }
            }
        }
    }

    /// Checks one stream's keywords and returns the offset after `endstream`.
    private func skipStream(after keyword: Word, object: Int?, at objectOffset: Int, _ log: inout ViolationLog) -> Int {
        let n = bytes.count
        let place = object.map { "obj \($0)" } ?? "offset \(keyword.start)"
        var dataStart = keyword.end
        if dataStart < n, bytes[dataStart] == FileStructureRules.cr {
            if dataStart + 1 < n, bytes[dataStart + 1] == FileStructureRules.lf { dataStart += 2 } else {
                log.fail("6.1.7.1", "'stream' is followed by a carriage return alone", at: place)
                dataStart += 1
            }
        } else if dataStart < n, bytes[dataStart] == FileStructureRules.lf {
            dataStart += 1
        } else {
            log.fail("6.1.7.1", "'stream' is not followed directly by an end-of-line", at: place)
            while dataStart < n, bytes[dataStart] == 0x20 || bytes[dataStart] == 0x09 { dataStart += 1 }
            if dataStart < n, bytes[dataStart] == FileStructureRules.cr { dataStart += 1 }
            if dataStart < n, bytes[dataStart] == FileStructureRules.lf { dataStart += 1 }
        }
        let marker = Array("endstream".utf8)
        var endKeyword: Int?
        let declared = object.flatMap { streamLength($0, objectOffset) }
        if let declared, declared >= 0, dataStart + declared <= n {
            var j = dataStart + declared
            while j < n, isWhite(bytes[j]), j - (dataStart + declared) < 3 { j += 1 }
            if j + marker.count <= n, Array(bytes[j..<(j + marker.count)]) == marker { endKeyword = j }
        }
        if endKeyword == nil { endKeyword = find(marker, from: dataStart) }
        guard let end = endKeyword else { return n }
        var dataEnd = end
        if dataEnd > dataStart, bytes[dataEnd - 1] == FileStructureRules.lf { dataEnd -= 1; if dataEnd > dataStart, bytes[dataEnd - 1] == FileStructureRules.cr { dataEnd -= 1 } }
        else if dataEnd > dataStart, bytes[dataEnd - 1] == FileStructureRules.cr { dataEnd -= 1 }
        else { log.fail("6.1.7.1", "'endstream' is not preceded by an end-of-line", at: place) }
        // The data may itself end in an end-of-line byte (qpdf/pclm-in.pdf's ends in a CR, and its
        // writer put a LF after it): a Length that stops before one lone EOL before 'endstream'
        // is right too.
        let beforeLoneEOL = end - 1 > dataStart && isEOL(bytes[end - 1]) ? end - 1 - dataStart : nil
        if let declared, declared != dataEnd - dataStart, declared != end - dataStart, declared != beforeLoneEOL {
            log.fail("6.1.7.1", "the stream's Length is \(declared) but it holds \(dataEnd - dataStart) bytes", at: place)
        }
        return end + marker.count
    }

    /// The first malformed hexadecimal string in a content stream, described (6.1.6).
    static func hexStringProblem(in bytes: [UInt8]) -> String? {
        var i = 0
        let n = bytes.count
        func white(_ b: UInt8) -> Bool { b == 0 || b == 9 || b == 10 || b == 12 || b == 13 || b == 32 }
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                while i < n, bytes[i] != 10, bytes[i] != 13 { i += 1 }
            } else if b == UInt8(ascii: "(") {
                var depth = 0
                while i < n {
                    let c = bytes[i]
                    if c == UInt8(ascii: "\\") { i += 2; continue }
                    if c == UInt8(ascii: "(") { depth += 1 } else if c == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                    i += 1
                }
                i += 1
            } else if b == UInt8(ascii: "<") {
                if i + 1 < n, bytes[i + 1] == UInt8(ascii: "<") { i += 2; continue }
                i += 1
                var digits = 0
                while i < n, bytes[i] != UInt8(ascii: ">") {
                    let c = bytes[i]
                    if (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66) { digits += 1 }
                    else if !white(c) { return "a hexadecimal string contains characters other than 0-9, A-F, a-f" }
                    i += 1
                }
                if digits % 2 == 1 { return "a hexadecimal string has an odd number of digits" }
                i += 1
            } else if b == UInt8(ascii: "I"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "D"), i > 0, white(bytes[i - 1]),
                      i + 2 >= n || white(bytes[i + 2]) {
                // Inline image data runs to the EI keyword.
                i += 3
                while i + 2 < n, !(white(bytes[i]) && bytes[i + 1] == UInt8(ascii: "E") && bytes[i + 2] == UInt8(ascii: "I")
                                   && (i + 3 >= n || white(bytes[i + 3]))) { i += 1 }
                i += 3
            } else {
                i += 1
            }
        }
        return nil
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var i = from
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first, Array(bytes[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}
