import Foundation

/// Reads the field values of an XFDF file (Adobe's XML form of FDF): `<fields>` holding
/// `<field name="…">` elements, nested for hierarchical names, each with one `<value>` (or
/// several, for a multi-select list). Only what XFDF uses of XML is read: elements,
/// attributes, text with the five named entities and character references, CDATA sections,
/// comments and declarations (skipped).
enum XFDFReader {
    /// The deepest element nesting read; more is hostile input.
    static let maxDepth = 64

    /// The assignments of `bytes`, in the file's order.
    /// - Throws: `FormsError.badData` naming the byte offset of what cannot be read.
    static func assignments(from bytes: [UInt8]) throws -> [FormFieldAssignment] {
        var scanner = XMLScanner(bytes: bytes)
        var names: [String?] = []          // one per open element: a <field>'s name, else nil
        var values: [[String]] = []        // the <value>s of each open <field>
        var text: [UInt8]?                 // the text of the open <value>
        var result: [FormFieldAssignment] = []
        while let event = try scanner.next() {
            switch event {
            case .start(let tag, let attributes, let selfClosing):
                guard names.count < maxDepth else { throw FormsError(.badData, "the XFDF data nests deeper than \(maxDepth) elements") }
                if tag == "value" && !values.isEmpty && !selfClosing { text = [] }
                if tag == "field" {
                    guard let name = attributes["name"] else {
                        throw FormsError(.badData, "the XFDF data has a <field> without a name (byte \(scanner.offset))")
                    }
                    if !selfClosing { names.append(name); values.append([]) }
                } else if !selfClosing {
                    names.append(nil)
                }
            case .text(let bytes):
                text? += bytes
            case .end(let tag):
                if tag == "value", let collected = text {
                    values[values.count - 1].append(String(decoding: collected, as: UTF8.self))
                    text = nil
                }
                guard let closed = names.popLast() else {
                    throw FormsError(.badData, "the XFDF data closes <\(tag)> that was not opened (byte \(scanner.offset))")
                }
                guard tag == "field", let name = closed, let own = values.popLast() else { continue }
                let full = (names.compactMap { $0 } + [name]).joined(separator: ".")
                if own.count == 1 {
                    result.append(FormFieldAssignment(name: full, value: .text(own[0])))
                } else if own.count > 1 {
                    result.append(FormFieldAssignment(name: full, value: .options(own)))
                }
            }
        }
        if names.contains(where: { $0 != nil }) {
            throw FormsError(.badData, "the XFDF data ends inside a <field> (it is cut short)")
        }
        return result
    }
}

/// The pieces of an XML document, in order.
struct XMLScanner {
    enum Event: Equatable {
        case start(String, [String: String], selfClosing: Bool)
        case end(String)
        case text([UInt8])
    }

    let bytes: [UInt8]
    /// Where reading stands.
    private(set) var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next piece; nil at the end.
    mutating func next() throws -> Event? {
        while offset < bytes.count {
            if bytes[offset] != UInt8(ascii: "<") {
                let end = bytes[offset...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                let raw = Array(bytes[offset..<end])
                offset = end
                return .text(try Self.decodeEntities(raw, at: end))
            }
            if starts(with: "<![CDATA[") {
                let end = try find("]]>", from: offset + 9)
                let content = Array(bytes[(offset + 9)..<end])
                offset = end + 3
                return .text(content)
            }
            if starts(with: "<!--") { offset = try find("-->", from: offset + 4) + 3; continue }
            if starts(with: "<?") { offset = try find("?>", from: offset + 2) + 2; continue }
            if starts(with: "<!") { offset = try find(">", from: offset + 2) + 1; continue }
            let close = try find(">", from: offset + 1)
            let inside = Array(bytes[(offset + 1)..<close])
            offset = close + 1
            if inside.first == UInt8(ascii: "/") {
                return .end(Self.localName(String(decoding: inside.dropFirst(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            let selfClosing = inside.last == UInt8(ascii: "/")
            return try tag(Array(selfClosing ? inside.dropLast() : inside[...]), selfClosing: selfClosing)
        }
        return nil
    }

    /// A start tag's name and attributes.
    private func tag(_ inside: [UInt8], selfClosing: Bool) throws -> Event {
        var index = 0
        func skipSpace() { while index < inside.count, Self.isSpace(inside[index]) { index += 1 } }
        func word() -> String {
            let start = index
            while index < inside.count, !Self.isSpace(inside[index]), inside[index] != UInt8(ascii: "=") { index += 1 }
            return String(decoding: inside[start..<index], as: UTF8.self)
        }
        let name = word()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard index < inside.count else { break }
            let key = word()
            skipSpace()
            guard index < inside.count, inside[index] == UInt8(ascii: "=") else {
                throw FormsError(.badData, "the XFDF data has an attribute '\(key)' without a value (byte \(offset))")
            }
            index += 1
            skipSpace()
            guard index < inside.count, inside[index] == UInt8(ascii: "\"") || inside[index] == UInt8(ascii: "'") else {
                throw FormsError(.badData, "the XFDF data has an attribute '\(key)' whose value is not quoted (byte \(offset))")
            }
            let quote = inside[index]
            index += 1
            let start = index
            while index < inside.count, inside[index] != quote { index += 1 }
            guard index < inside.count else { throw FormsError(.badData, "the XFDF data has an unclosed attribute value (byte \(offset))") }
            let decoded = try Self.decodeEntities(Array(inside[start..<index]), at: offset)
            attributes[Self.localName(key)] = String(decoding: decoded, as: UTF8.self)
            index += 1
        }
        return .start(Self.localName(name), attributes, selfClosing: selfClosing)
    }

    /// A name without its namespace prefix.
    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func starts(with text: String) -> Bool { bytes[offset...].starts(with: Array(text.utf8)) }

    private func find(_ text: String, from start: Int) throws -> Int {
        let needle = Array(text.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        throw FormsError(.badData, "the XFDF data ends inside markup (no '\(text)' after byte \(start))")
    }

    /// Text with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and `&#xN;` replaced.
    static func decodeEntities(_ raw: [UInt8], at offset: Int) throws -> [UInt8] {
        guard raw.contains(UInt8(ascii: "&")) else { return raw }
        var out: [UInt8] = []
        var index = 0
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "&"), let semicolon = raw[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                out.append(raw[index]); index += 1; continue
            }
            let entity = String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self)
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            var scalar: Unicode.Scalar?
            if let text = named[entity] {
                scalar = text.unicodeScalars.first
            } else if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if entity.hasPrefix("#") {
                scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
            }
            guard let scalar else { throw FormsError(.badData, "the XFDF data has an unknown entity '&\(entity);' near byte \(offset)") }
            out += Array(String(scalar).utf8)
            index = semicolon + 1
        }
        return out
    }
}
