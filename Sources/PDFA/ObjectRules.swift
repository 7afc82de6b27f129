import PDF

/// Clause 6.1 rules over every object: implementation limits (6.1.13), stream dictionaries
/// without external files or LZW (6.1.7.1, 6.1.7.2), permissions (6.1.12) and embedded CMaps'
/// CID values.
struct ObjectRules {
    let document: PDFDocument

    /// ISO 32000-1 Annex C limits PDF/A-2 adopts.
    static let largestInteger = 2_147_483_647
    static let smallestInteger = -2_147_483_648
    static let longestString = 32_767
    static let longestName = 127
    static let largestCID = 65_535
    /// Walk depth within one object (the parser bounds nesting already).
    static let maxDepth = 64

    func check(_ log: inout ViolationLog) {
        for number in document.objectNumbers {
            guard let object = try? document.object(ObjectRef(number)) else { continue }
            let place = "obj \(number)"
            ObjectRules.checkLimits(object, place: place, &log, depth: 0)
            if case .stream(let s) = object { checkStream(s, place: place, &log) }
        }
        checkPermissions(&log)
    }

    static func checkLimits(_ object: PDFObject, place: String, _ log: inout ViolationLog, depth: Int) {
        guard depth < maxDepth else { return }
        switch object {
        case .int(let v):
            if v > largestInteger || v < smallestInteger { log.fail("6.1.13", "the integer \(v) is outside the 32-bit range", at: place) }
        case .string(let s):
            if s.count > longestString { log.fail("6.1.13", "a string is \(s.count) bytes long, more than \(longestString)", at: place) }
        case .name(let n):
            let length = PDFName.bytes(of: n).count
            if length > longestName { log.fail("6.1.13", "a name is \(length) bytes long, more than \(longestName)", at: place) }
        case .array(let items):
            for item in items { checkLimits(item, place: place, &log, depth: depth + 1) }
        case .dictionary(let d):
            for (key, value) in d {
                let length = PDFName.bytes(of: key).count
                if length > longestName { log.fail("6.1.13", "a name is \(length) bytes long, more than \(longestName)", at: place) }
                checkLimits(value, place: place, &log, depth: depth + 1)
            }
        case .stream(let s):
            checkLimits(.dictionary(s.dictionary), place: place, &log, depth: depth + 1)
        default:
            break
        }
    }

    private func checkStream(_ stream: PDFStream, place: String, _ log: inout ViolationLog) {
        let d = stream.dictionary
        for key in ["F", "FFilter", "FDecodeParms"] where d[key] != nil {
            log.fail("6.1.7.1", "a stream dictionary has the key \(key) (external stream data)", at: place)
        }
        let filters = (document.resolve(d["Filter"] ?? .null).arrayValue ?? [d["Filter"] ?? .null]).compactMap(\.nameValue)
        if filters.contains("LZWDecode") { log.fail("6.1.7.2", "a stream uses LZWDecode", at: place) }
        if filters.contains("Crypt") { log.fail("6.1.7.2", "a stream uses the Crypt filter", at: place) }
        if d["Type"]?.nameValue == "CMap", let data = try? document.decodedData(of: stream) {
            var tokenizer = ContentStreamTokenizer(data)
            while let op = tokenizer.next() {
                guard op.op == "endcidrange" || op.op == "endcidchar" else { continue }
                if op.operands.contains(where: { ($0.intValue ?? 0) > ObjectRules.largestCID }) {
                    log.fail("6.1.13", "an embedded CMap maps to a CID greater than \(ObjectRules.largestCID)", at: place)
                    break
                }
            }
        }
    }

    private func checkPermissions(_ log: inout ViolationLog) {
        guard let catalog = try? document.catalog(), let perms = document.resolve(catalog["Perms"] ?? .null).dictionaryValue else { return }
        for (key, _) in perms where key != "UR3" && key != "DocMDP" {
            log.fail("6.1.12", "the permissions dictionary has the key \(key) (only UR3 and DocMDP are allowed)", at: "catalog Perms")
        }
        if let sig = document.resolve(perms["DocMDP"] ?? .null).dictionaryValue,
           let references = document.resolve(sig["Reference"] ?? .null).arrayValue {
            for reference in references {
                guard let r = document.resolve(reference).dictionaryValue else { continue }
                for key in ["DigestLocation", "DigestMethod", "DigestValue"] where r[key] != nil {
                    log.fail("6.1.12", "a signature reference dictionary has \(key)", at: "catalog Perms DocMDP")
                }
            }
        }
    }
}
