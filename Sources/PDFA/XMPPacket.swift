import Foundation

/// Namespace URIs the XMP rules refer to.
enum XMPNamespace {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let pdfaid = "http://www.aiim.org/pdfa/ns/id/"
    static let pdfaExtension = "http://www.aiim.org/pdfa/ns/extension/"
    static let pdfaSchema = "http://www.aiim.org/pdfa/ns/schema#"
    static let pdfaProperty = "http://www.aiim.org/pdfa/ns/property#"
    static let pdfaType = "http://www.aiim.org/pdfa/ns/type#"
    static let pdfaField = "http://www.aiim.org/pdfa/ns/field#"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let xmp = "http://ns.adobe.com/xap/1.0/"
    static let pdf = "http://ns.adobe.com/pdf/1.3/"
}

/// An XMP property value in the XMP data model (simple, array or structure).
indirect enum XMPValue: Sendable {
    case simple(String)
    case array(kind: String, items: [XMPItem])
    case structure([XMPProperty])
}

/// An array item with its `xml:lang` qualifier, if any.
struct XMPItem: Sendable {
    var value: XMPValue
    var language: String?
}

/// A property: its namespace, the prefix it was written with, its name and value.
struct XMPProperty: Sendable {
    var namespace: String
    var prefix: String
    var name: String
    var value: XMPValue
    var qualifiedName: String { "\(prefix):\(name)" }
}

/// Why an XMP packet does not follow the RDF/XMP serialization.
struct XMPSyntaxError: Error, Sendable { var message: String }

/// A parsed XMP packet: the top-level properties of every `rdf:Description` and the packet header.
struct XMPPacket: Sendable {
    var properties: [XMPProperty]
    /// The attributes of the `<?xpacket begin=…?>` header, when there is one.
    var header: [String: String]?

    /// Parses a metadata stream's bytes.
    init(bytes: [UInt8]) throws {
        let (root, instructions) = try XMLTreeParser.parse(bytes)
        header = instructions.first { $0.target == "xpacket" && $0.content.contains("begin") }.map { XMPPacket.pseudoAttributes($0.content) }
        var rdf: XMLElement?
        if root.namespace == XMPNamespace.rdf && root.name == "RDF" { rdf = root }
        else { rdf = XMPPacket.find(root) { $0.namespace == XMPNamespace.rdf && $0.name == "RDF" } }
        guard let rdf else { throw XMPSyntaxError(message: "no rdf:RDF element") }
        var properties: [XMPProperty] = []
        for description in rdf.children {
            guard description.namespace == XMPNamespace.rdf, description.name == "Description" else {
                throw XMPSyntaxError(message: "rdf:RDF contains \(description.prefix):\(description.name), not rdf:Description")
            }
            properties += try XMPPacket.fields(of: description)
        }
        self.properties = properties
    }

    private static func find(_ element: XMLElement, _ match: (XMLElement) -> Bool) -> XMLElement? {
        for child in element.children {
            if match(child) { return child }
            if let found = find(child, match) { return found }
        }
        return nil
    }

    /// `begin='…' id='…'` → a dictionary.
    static func pseudoAttributes(_ content: String) -> [String: String] {
        var out: [String: String] = [:]
        var rest = Substring(content)
        while let eq = rest.firstIndex(of: "=") {
            let key = rest[..<eq].trimmingCharacters(in: .whitespacesAndNewlines)
            var after = rest[rest.index(after: eq)...].drop { $0 == " " }
            guard let quote = after.first, quote == "'" || quote == "\"" else { break }
            after = after.dropFirst()
            guard let end = after.firstIndex(of: quote) else { break }
            out[String(key)] = String(after[..<end])
            rest = after[after.index(after: end)...]
        }
        return out
    }

    /// The properties of a node element (`rdf:Description` or a struct's resource): its
    /// non-RDF attributes as simple properties and its property elements.
    static func fields(of node: XMLElement) throws -> [XMPProperty] {
        var out: [XMPProperty] = []
        for attribute in node.attributes where attribute.namespace != XMPNamespace.rdf && attribute.namespace != XMPNamespace.xml {
            out.append(XMPProperty(namespace: attribute.namespace, prefix: attribute.prefix, name: attribute.name, value: .simple(attribute.value)))
        }
        for child in node.children {
            out.append(XMPProperty(namespace: child.namespace, prefix: child.prefix, name: child.name, value: try value(of: child)))
        }
        return out
    }

    /// The value of a property element (RDF/XML property-element forms used by XMP).
    static func value(of element: XMLElement) throws -> XMPValue {
        if let resource = element.attribute(XMPNamespace.rdf, "resource") { return .simple(resource) }
        if element.attribute(XMPNamespace.rdf, "parseType") == "Resource" {
            return .structure(try fields(of: XMLElement(namespace: "", prefix: "", name: "", attributes: [], children: element.children, text: "", declarations: [:])))
        }
        if element.attribute(XMPNamespace.rdf, "parseType") != nil {
            throw XMPSyntaxError(message: "rdf:parseType other than Resource on \(element.prefix):\(element.name)")
        }
        let plainAttributes = element.attributes.filter { $0.namespace != XMPNamespace.rdf && $0.namespace != XMPNamespace.xml }
        if element.children.isEmpty {
            if !plainAttributes.isEmpty { return .structure(try fields(of: element)) }
            return .simple(element.text)
        }
        guard element.children.count == 1 else {
            throw XMPSyntaxError(message: "\(element.prefix):\(element.name) has several child elements without rdf:parseType=\"Resource\"")
        }
        let child = element.children[0]
        if child.namespace == XMPNamespace.rdf {
            switch child.name {
            case "Seq", "Bag", "Alt":
                var items: [XMPItem] = []
                for li in child.children {
                    guard li.namespace == XMPNamespace.rdf, li.name == "li" else {
                        throw XMPSyntaxError(message: "rdf:\(child.name) contains \(li.prefix):\(li.name), not rdf:li")
                    }
                    items.append(XMPItem(value: try value(of: li), language: li.attribute(XMPNamespace.xml, "lang")))
                }
                return .array(kind: child.name, items: items)
            case "Description":
                // A qualified value (rdf:value with qualifiers) counts as its value.
                if let main = child.children.first(where: { $0.namespace == XMPNamespace.rdf && $0.name == "value" }) {
                    return try value(of: main)
                }
                return .structure(try fields(of: child))
            default:
                throw XMPSyntaxError(message: "unexpected rdf:\(child.name) in \(element.prefix):\(element.name)")
            }
        }
        throw XMPSyntaxError(message: "\(element.prefix):\(element.name) contains \(child.prefix):\(child.name) directly")
    }
}
