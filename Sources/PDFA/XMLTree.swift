/// A namespace-aware XML element, enough of XML 1.0 for XMP packets: elements, attributes,
/// character data, CDATA, comments, processing instructions, the five predefined entities and
/// character references. No DTDs (XMP forbids them).
struct XMLElement: Sendable {
    /// The namespace URI the element's prefix is bound to ("" for none).
    var namespace: String
    /// The prefix as written (`dc` in `dc:title`).
    var prefix: String
    /// The local name (`title`).
    var name: String
    /// Attributes other than namespace declarations.
    var attributes: [XMLAttribute]
    /// Child elements in order.
    var children: [XMLElement]
    /// The character data directly inside the element.
    var text: String
    /// Prefix → namespace declarations made on this element.
    var declarations: [String: String]

    func attribute(_ namespace: String, _ name: String) -> String? {
        attributes.first { $0.namespace == namespace && $0.name == name }?.value
    }
}

/// One attribute of an element.
struct XMLAttribute: Sendable {
    var namespace: String
    var prefix: String
    var name: String
    var value: String
}

/// Why a packet is not well-formed XML.
struct XMLSyntaxError: Error, Sendable, CustomStringConvertible {
    var message: String
    var offset: Int
    var description: String { "\(message) at byte \(offset)" }
}

/// Parses UTF-8 XML into a tree of `XMLElement`s.
struct XMLTreeParser {
    /// Elements nested deeper than this are refused (hostile packets; real XMP nests < 20).
    static let maxDepth = 200
    private let bytes: [UInt8]
    private var i = 0
    /// The processing instructions met outside the root element, as (target, content).
    private(set) var instructions: [(target: String, content: String)] = []

    init(bytes: [UInt8]) {
        // A UTF-8 byte-order mark before the first tag is allowed.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { self.bytes = Array(bytes.dropFirst(3)) } else { self.bytes = bytes }
    }

    /// Parses the document; returns the root element and the processing instructions around it.
    static func parse(_ bytes: [UInt8]) throws -> (root: XMLElement, instructions: [(target: String, content: String)]) {
        var parser = XMLTreeParser(bytes: bytes)
        let root = try parser.document()
        return (root, parser.instructions)
    }

    private mutating func document() throws -> XMLElement {
        var root: XMLElement?
        while true {
            skipWhitespace()
            guard i < bytes.count else { break }
            guard bytes[i] == UInt8(ascii: "<") else {
                throw XMLSyntaxError(message: "text outside the root element", offset: i)
            }
            if starts("<?") { try instruction() }
            else if starts("<!--") { try comment() }
            else if starts("<!") { throw XMLSyntaxError(message: "DOCTYPE or declaration not allowed", offset: i) }
            else {
                guard root == nil else { throw XMLSyntaxError(message: "a second root element", offset: i) }
                root = try element(scope: ["xml": "http://www.w3.org/XML/1998/namespace"], depth: 0)
            }
        }
        guard let root else { throw XMLSyntaxError(message: "no root element", offset: i) }
        return root
    }

    private func starts(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && Array(bytes[i..<(i + u.count)]) == u
    }

    private mutating func skipWhitespace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func instruction() throws {
        let start = i
        i += 2
        let nameStart = i
        while i < bytes.count, !isSpace(bytes[i]), !starts("?>") { i += 1 }
        let target = String(decoding: bytes[nameStart..<i], as: UTF8.self)
        let contentStart = i
        while i < bytes.count, !starts("?>") { i += 1 }
        guard i < bytes.count else { throw XMLSyntaxError(message: "unterminated processing instruction", offset: start) }
        instructions.append((target, String(decoding: bytes[contentStart..<i], as: UTF8.self)))
        i += 2
    }

    private mutating func comment() throws {
        let start = i
        i += 4
        while i < bytes.count, !starts("-->") { i += 1 }
        guard i < bytes.count else { throw XMLSyntaxError(message: "unterminated comment", offset: start) }
        i += 3
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private func isNameByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }

    private mutating func name() throws -> String {
        let start = i
        while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
        guard i > start else { throw XMLSyntaxError(message: "expected a name", offset: i) }
        let first = bytes[start]
        if (first >= 0x30 && first <= 0x39) || first == UInt8(ascii: "-") || first == UInt8(ascii: ".") {
            throw XMLSyntaxError(message: "a name cannot start with a digit, '-' or '.'", offset: start)
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private static func split(_ qname: String) -> (prefix: String, local: String) {
        guard let colon = qname.firstIndex(of: ":") else { return ("", qname) }
        return (String(qname[..<colon]), String(qname[qname.index(after: colon)...]))
    }

    private mutating func element(scope inherited: [String: String], depth: Int) throws -> XMLElement {
        guard depth < XMLTreeParser.maxDepth else { throw XMLSyntaxError(message: "elements nested too deeply", offset: i) }
        let start = i
        i += 1
        let qname = try name()
        var rawAttributes: [(String, String)] = []
        var declarations: [String: String] = [:]
        var selfClosing = false
        while true {
            let before = i
            skipWhitespace()
            guard i < bytes.count else { throw XMLSyntaxError(message: "unterminated start tag", offset: start) }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            if starts("/>") { i += 2; selfClosing = true; break }
            guard i > before else { throw XMLSyntaxError(message: "attributes must be separated by white space", offset: i) }
            let attributeName = try name()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw XMLSyntaxError(message: "expected '=' after attribute \(attributeName)", offset: i) }
            i += 1
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw XMLSyntaxError(message: "attribute value not quoted", offset: i)
            }
            let quote = bytes[i]
            i += 1
            let valueStart = i
            while i < bytes.count, bytes[i] != quote {
                if bytes[i] == UInt8(ascii: "<") { throw XMLSyntaxError(message: "'<' in an attribute value", offset: i) }
                i += 1
            }
            guard i < bytes.count else { throw XMLSyntaxError(message: "unterminated attribute value", offset: valueStart) }
            let value = try XMLTreeParser.unescape(bytes[valueStart..<i], at: valueStart)
            i += 1
            if rawAttributes.contains(where: { $0.0 == attributeName }) || (attributeName.hasPrefix("xmlns") && declarations[attributeName] != nil) {
                throw XMLSyntaxError(message: "attribute \(attributeName) given twice", offset: valueStart)
            }
            if attributeName == "xmlns" { declarations[""] = value }
            else if attributeName.hasPrefix("xmlns:") { declarations[String(attributeName.dropFirst(6))] = value }
            else { rawAttributes.append((attributeName, value)) }
        }
        var scope = inherited
        for (prefix, uri) in declarations { scope[prefix] = uri }
        let (prefix, local) = XMLTreeParser.split(qname)
        guard let namespace = prefix.isEmpty ? (scope[""] ?? "") : scope[prefix] else {
            throw XMLSyntaxError(message: "undeclared namespace prefix '\(prefix)'", offset: start)
        }
        var attributes: [XMLAttribute] = []
        for (attributeName, value) in rawAttributes {
            let (p, l) = XMLTreeParser.split(attributeName)
            guard let ns = p.isEmpty ? "" : scope[p] else {
                throw XMLSyntaxError(message: "undeclared namespace prefix '\(p)'", offset: start)
            }
            attributes.append(XMLAttribute(namespace: ns, prefix: p, name: l, value: value))
        }
        var element = XMLElement(namespace: namespace, prefix: prefix, name: local, attributes: attributes,
                                 children: [], text: "", declarations: declarations)
        if selfClosing { return element }
        var text: [UInt8] = []
        while true {
            guard i < bytes.count else { throw XMLSyntaxError(message: "element \(qname) not closed", offset: start) }
            if bytes[i] == UInt8(ascii: "<") {
                if starts("</") {
                    i += 2
                    let closing = try name()
                    guard closing == qname else { throw XMLSyntaxError(message: "</\(closing)> closes <\(qname)>", offset: i) }
                    skipWhitespace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw XMLSyntaxError(message: "malformed end tag", offset: i) }
                    i += 1
                    break
                } else if starts("<!--") {
                    try comment()
                } else if starts("<![CDATA[") {
                    i += 9
                    let cdataStart = i
                    while i < bytes.count, !starts("]]>") { i += 1 }
                    guard i < bytes.count else { throw XMLSyntaxError(message: "unterminated CDATA", offset: cdataStart) }
                    text += bytes[cdataStart..<i]
                    i += 3
                } else if starts("<?") {
                    try instruction()
                } else {
                    element.children.append(try self.element(scope: scope, depth: depth + 1))
                }
            } else {
                let runStart = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "<") { i += 1 }
                text += Array(try XMLTreeParser.unescape(bytes[runStart..<i], at: runStart).utf8)
            }
        }
        element.text = String(decoding: text, as: UTF8.self)
        return element
    }

    /// Resolves entity and character references.
    static func unescape(_ slice: ArraySlice<UInt8>, at offset: Int) throws -> String {
        guard slice.contains(UInt8(ascii: "&")) else {
            guard let s = String(validating: slice, as: UTF8.self) else { throw XMLSyntaxError(message: "not UTF-8", offset: offset) }
            return s
        }
        guard let raw = String(validating: slice, as: UTF8.self) else { throw XMLSyntaxError(message: "not UTF-8", offset: offset) }
        var out = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw XMLSyntaxError(message: "unterminated entity reference", offset: offset) }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                var scalar: UInt32?
                if entity.hasPrefix("#x") { scalar = UInt32(entity.dropFirst(2), radix: 16) }
                else if entity.hasPrefix("#") { scalar = UInt32(entity.dropFirst(1)) }
                guard let scalar, let u = Unicode.Scalar(scalar) else {
                    throw XMLSyntaxError(message: "unknown entity &\(entity);", offset: offset)
                }
                out.unicodeScalars.append(u)
            }
            rest = rest[rest.index(after: semi)...]
        }
        out += rest
        return out
    }
}
