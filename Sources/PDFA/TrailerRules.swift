import PDF

/// Clause 6.1.3: the trailer has a file identifier and no encryption (for a linearized file,
/// the first page's trailer carries the ID).
struct TrailerRules {
    let document: PDFDocument

    func check(_ log: inout ViolationLog) {
        if document.trailer["Encrypt"] != nil || document.encryption != nil {
            log.fail("6.1.3", "the file is encrypted (the trailer has an Encrypt key)", at: "trailer")
        }
        if isLinearized, let firstTrailer = firstTrailerText() {
            if !firstTrailer.contains("/ID") {
                log.fail("6.1.3", "the first-page trailer of the linearized file has no ID", at: "trailer")
            }
            return
        }
        guard let id = document.resolve(document.trailer["ID"] ?? .null).arrayValue else {
            log.fail("6.1.3", "the trailer has no ID", at: "trailer"); return
        }
        if id.count != 2 || id.contains(where: { ($0.stringBytes ?? []).isEmpty }) {
            log.fail("6.1.3", "the trailer's ID is not an array of two strings", at: "trailer")
        }
    }

    private var isLinearized: Bool {
        let head = document.bytes.prefix(1024)
        return ByteSearch.contains(Array("/Linearized".utf8), in: Array(head))
    }

    /// The text of the first `trailer` dictionary in the file.
    private func firstTrailerText() -> String? {
        let bytes = document.bytes
        guard let start = ByteSearch.firstIndex(of: Array("trailer".utf8), in: bytes) else { return nil }
        let end = ByteSearch.firstIndex(of: Array("startxref".utf8), in: bytes, from: start) ?? min(bytes.count, start + 4096)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// Byte searches over the raw file.
enum ByteSearch {
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int = 0) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var i = from
        while i + needle.count <= bytes.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool { firstIndex(of: needle, in: bytes) != nil }
}
