import Foundation

/// Checks XMP values against the value types of the predefined schemas and of the file's own
/// extension schemas (ISO 19005-2 6.6.2.3.1–6.6.2.3.2).
struct XMPValueCheck {
    /// Structures defined by the file's extension schemas (`pdfaType:type` → field types).
    var customStructures: [String: [String: String]] = [:]

    /// nil when `value` is of `type`, else why not.
    func problem(_ value: XMPValue, type rawType: String) -> String? {
        let type = rawType.trimmingCharacters(in: .whitespaces)
        if type.hasPrefix("one of ") {
            let options = type.dropFirst(7).split(separator: "|").map(String.init)
            guard case .simple(let text) = value else { return "is not a simple value (a closed choice)" }
            return options.contains(text) ? nil : "'\(text)' is not one of \(options.joined(separator: ", "))"
        }
        if type.hasPrefix("Seq of one of ") {
            let options = type.dropFirst(14).split(separator: "|").map(String.init)
            guard case .array(let kind, let items) = value, kind == "Seq" else { return "is not an rdf:Seq" }
            let joined = items.map { item -> String in if case .simple(let s) = item.value { return s } else { return "?" } }.joined(separator: ",")
            return options.contains(joined) ? nil : "[\(joined)] is not one of the allowed sequences"
        }
        if type.caseInsensitiveCompare("Lang Alt") == .orderedSame {
            guard case .array(let kind, let items) = value, kind == "Alt" else { return "is not a language alternative (rdf:Alt)" }
            for item in items {
                guard case .simple = item.value else { return "has a language alternative that is not text" }
                if item.language == nil { return "has an alternative without xml:lang" }
            }
            return nil
        }
        for kind in ["Bag", "Seq", "Alt"] where type.hasPrefix(kind + " ") || type.lowercased().hasPrefix(kind.lowercased() + " ") {
            let itemType = String(type.dropFirst(kind.count + 1))
            guard case .array(let actual, let items) = value else { return "is not an rdf:\(kind)" }
            guard actual == kind else { return "is an rdf:\(actual), not an rdf:\(kind)" }
            for item in items {
                if let p = problem(item.value, type: itemType) { return "has an item that \(p)" }
            }
            return nil
        }
        if let fields = XMPSchemaTable.structures[type] ?? customStructures[type] {
            return structureProblem(value, fields: fields, typeName: type)
        }
        guard case .simple(let text) = value else {
            if XMPValueCheck.textTypes.contains(type.lowercased()) || XMPValueCheck.patterns[type.lowercased()] != nil {
                return "is not a simple value (\(type))"
            }
            // An unknown type name (an extension schema's typo or an open choice): accept.
            return nil
        }
        if type == "Point" {
            return XMPValueCheck.matches(text, XMPValueCheck.point) ? nil : "'\(text)' is not a point (x, y)"
        }
        if let pattern = XMPValueCheck.patterns[type.lowercased()] {
            return pattern(text) ? nil : "'\(text)' is not a valid \(type)"
        }
        if customStructures[type] != nil || XMPSchemaTable.structures[type] != nil { return "is not a structure (\(type))" }
        return nil
    }

    private func structureProblem(_ value: XMPValue, fields: [String: String], typeName: String) -> String? {
        guard case .structure(let properties) = value else { return "is not a structure (\(typeName))" }
        for field in properties {
            guard let fieldType = fields[field.name] else { return "has a field \(field.qualifiedName) that \(typeName) does not define" }
            if let p = problem(field.value, type: fieldType) { return "has a field \(field.qualifiedName) that \(p)" }
        }
        return nil
    }

    /// Types whose values are any text.
    static let textTypes: Set<String> = ["text", "propername", "agentname", "uri", "url", "xpath", "locale", "mimetype",
                                          "renditionclass", "choice", "open choice", "closed choice"]

    static func matches(_ text: String, _ check: (Substring) -> Bool) -> Bool { check(Substring(text)) }

    /// Lexical forms of the typed simple values (XMP Specification 2005, 4.2).
    static let patterns: [String: @Sendable (String) -> Bool] = [
        "boolean": { $0 == "True" || $0 == "False" },
        "integer": { isInteger(Substring($0)) },
        "real": { isReal(Substring($0)) },
        "rational": { text in
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && isInteger(parts[0]) && isInteger(parts[1])
        },
        "date": { isDate($0) },
        "gpscoordinate": { isGPSCoordinate($0) },
    ]

    static func isInteger(_ s: Substring) -> Bool {
        var digits = s
        if let first = digits.first, first == "+" || first == "-" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func isReal(_ s: Substring) -> Bool {
        var body = s
        if let first = body.first, first == "+" || first == "-" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !body.isEmpty, body != "." else { return false }
        return parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    static func point(_ s: Substring) -> Bool {
        guard s.first == "(", s.last == ")" else { return false }
        let inner = s.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
        return inner.count == 2 && isInteger(inner[0].drop { $0 == " " }) && isInteger(inner[1].drop { $0 == " " })
    }

    /// `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, then `Thh:mm`, `:ss`, `.s…`, and a zone `Z` or `±hh:mm`.
    static func isDate(_ text: String) -> Bool {
        let c = Array(text.utf8)
        func digits(_ at: Int, _ n: Int) -> Bool {
            at + n <= c.count && c[at..<(at + n)].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        guard digits(0, 4) else { return false }
        var i = 4
        if i == c.count { return true }
        guard c[i] == UInt8(ascii: "-"), digits(i + 1, 2) else { return false }
        i += 3
        if i == c.count { return true }
        guard c[i] == UInt8(ascii: "-"), digits(i + 1, 2) else { return false }
        i += 3
        if i == c.count { return true }
        guard c[i] == UInt8(ascii: "T"), digits(i + 1, 2), i + 3 < c.count, c[i + 3] == UInt8(ascii: ":"), digits(i + 4, 2) else { return false }
        i += 6
        if i < c.count, c[i] == UInt8(ascii: ":") {
            guard digits(i + 1, 2) else { return false }
            i += 3
            if i < c.count, c[i] == UInt8(ascii: ".") {
                i += 1
                let start = i
                while i < c.count, c[i] >= 0x30, c[i] <= 0x39 { i += 1 }
                guard i > start else { return false }
            }
        }
        if i == c.count { return true }
        if c[i] == UInt8(ascii: "Z") { return i + 1 == c.count }
        guard c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-"), digits(i + 1, 2), i + 3 < c.count,
              c[i + 3] == UInt8(ascii: ":"), digits(i + 4, 2) else { return false }
        return i + 6 == c.count
    }

    /// `DDD,MM,SSk` or `DDD,MM.mmk` with k one of N, S, E, W.
    static func isGPSCoordinate(_ text: String) -> Bool {
        guard let last = text.last, "NSEW".contains(last) else { return false }
        let parts = text.dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, isInteger(parts[0]) else { return false }
        if parts.count == 3 { return isInteger(parts[1]) && isInteger(parts[2]) }
        return isReal(parts[1])
    }
}
