import PDF

/// Clause 6.4.3: a digital signature's byte range covers its whole revision, the signature
/// dictionary included, leaving out exactly the signature value (`/Contents`). Later
/// incremental updates are allowed: each signature's range ends where its own revision ends
/// (at `%%EOF` and its end-of-line), as veraPDF reads the clause (veraPDF-library issue 917).
/// Only the signatures of signature fields are judged, as veraPDF does: a usage-rights
/// signature (`/Perms /UR3`) is Acrobat's and is voided by any change anyway (its byte range
/// is past the end of 6-1-12-t01-pass-a.pdf, which veraPDF accepts; a certification signature
/// is a field's value too). The CMS contents themselves are not examined.
struct SignatureRules {
    let document: PDFDocument
    let bytes: [UInt8]
    /// Field trees nest through /Kids: bounded for hostile files.
    static let maxFieldDepth = 32

    func check(_ log: inout ViolationLog) {
        guard let catalog = try? document.catalog() else { return }
        var signatures: [(PDFDictionary, String)] = []
        if let form = document.resolve(catalog["AcroForm"] ?? .null).dictionaryValue {
            for field in document.resolve(form["Fields"] ?? .null).arrayValue ?? [] {
                collect(field, depth: 0, into: &signatures)
            }
        }
        var seen: Set<String> = []
        for (signature, place) in signatures where seen.insert(place).inserted {
            checkByteRange(signature, place: place, &log)
        }
    }

    private func collect(_ entry: PDFObject, depth: Int, into signatures: inout [(PDFDictionary, String)]) {
        guard depth < SignatureRules.maxFieldDepth, let field = document.resolve(entry).dictionaryValue else { return }
        if field["FT"]?.nameValue == "Sig", let value = field["V"], let signature = document.resolve(value).dictionaryValue {
            signatures.append((signature, value.referenceValue.map { "obj \($0.number)" } ?? "signature field"))
        }
        for kid in document.resolve(field["Kids"] ?? .null).arrayValue ?? [] {
            collect(kid, depth: depth + 1, into: &signatures)
        }
    }

    private func checkByteRange(_ signature: PDFDictionary, place: String, _ log: inout ViolationLog) {
        let range = (document.resolve(signature["ByteRange"] ?? .null).arrayValue ?? []).compactMap { document.resolve($0).intValue }
        guard range.count == 4, range[0] == 0, range[1] > 0, range[2] > range[1], range[3] >= 0, range[2] + range[3] <= bytes.count else {
            log.fail("6.4.3", "a signature's ByteRange is not two spans from the start of the file around its Contents", at: place)
            return
        }
        let gap = bytes[range[1]..<range[2]]
        let hex = gap.dropFirst().dropLast().allSatisfy { isHexDigit($0) || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard gap.first == UInt8(ascii: "<"), gap.last == UInt8(ascii: ">"), hex else {
            log.fail("6.4.3", "a signature's ByteRange leaves out more or less than its Contents value", at: place)
            return
        }
        if !endsRevision(at: range[2] + range[3]) {
            log.fail("6.4.3", "a signature's ByteRange does not cover the file up to the end of its revision (%%EOF)", at: place)
        }
    }

    /// Whether `end` is just after a `%%EOF` marker, with or without its end-of-line.
    private func endsRevision(at end: Int) -> Bool {
        let marker = Array("%%EOF".utf8)
        var stop = end
        if stop > 0, bytes[stop - 1] == 0x0A { stop -= 1 }
        if stop > 0, bytes[stop - 1] == 0x0D { stop -= 1 }
        return stop >= marker.count && Array(bytes[(stop - marker.count)..<stop]) == marker
    }

    private func isHexDigit(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }
}
