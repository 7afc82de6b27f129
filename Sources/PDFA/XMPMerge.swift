import PDF

/// Keeps an input's XMP metadata through a PDF/A conversion: the properties of its
/// `rdf:Description`s that the conversion does not write itself (custom schemas with their
/// extension schemas, xmpMM identifiers, rights, dc:title when Info has no Title…) are
/// serialized again, ready to be placed beside the conversion's own descriptions.
///
/// ```swift
/// let kept = XMPMerge.keptDescriptions(of: inputPacket, replacing: ["http://purl.org/dc/elements/1.1/title"])
/// ```
public enum XMPMerge {
    /// The input's properties, as `rdf:Description` elements (one per input description that
    /// keeps any), leaving out pdfaid's, those in `replaced` (namespace URI + local name,
    /// e.g. `http://ns.adobe.com/pdf/1.3/Producer`) and those PDF/A does not accept (a
    /// property outside the predefined schemas that no valid extension schema of the packet
    /// describes, or whose value has the wrong type: 6.6.2.3). Nil when the packet is not
    /// XMP; "" when nothing is kept. A description whose properties bind one prefix to two
    /// namespaces is left out rather than written ambiguously.
    public static func keptDescriptions(of packet: [UInt8], replacing replaced: Set<String>) -> String? {
        guard let root = try? XMLTreeParser.parse(packet).root, let rdf = find(root, isRDF),
              let parsed = try? XMPPacket(bytes: packet) else { return nil }
        var extensions = ExtensionSchemas()
        extensions.read(parsed.properties)
        // Faulty extension schemas are not kept, nor then the properties they describe.
        if !extensions.faults.isEmpty { extensions = ExtensionSchemas() }
        let keepsExtensions = !extensions.properties.isEmpty
        let checker = XMPValueCheck(customStructures: extensions.structures)
        func acceptable(_ property: XMLElement) -> Bool {
            if ExtensionSchemas.requiredPrefixes[property.namespace] != nil { return keepsExtensions }
            let node = XMLElement(namespace: XMPNamespace.rdf, prefix: "rdf", name: "Description", attributes: [], children: [property], text: "", declarations: [:])
            guard let fields = try? XMPPacket.fields(of: node), !fields.isEmpty else { return false }
            return fields.allSatisfy { MetadataRules.problem(with: $0, extensions: extensions, checker: checker) == nil }
        }
        var out = ""
        for description in rdf.children where description.namespace == XMPNamespace.rdf && description.name == "Description" {
            func kept(_ namespace: String, _ name: String) -> Bool {
                namespace != XMPNamespace.pdfaid && !replaced.contains(namespace + name)
            }
            // Properties written as attributes (`<rdf:Description pdf:Producer="…">`) become elements.
            var properties = description.attributes
                .filter { !$0.prefix.isEmpty && $0.namespace != XMPNamespace.rdf && $0.namespace != XMPNamespace.xml && kept($0.namespace, $0.name) }
                .map { XMLElement(namespace: $0.namespace, prefix: $0.prefix, name: $0.name, attributes: [], children: [], text: $0.value, declarations: [:]) }
            properties += description.children.filter { kept($0.namespace, $0.name) }
            properties = properties.filter(acceptable)
            guard !properties.isEmpty else { continue }
            var bindings: [String: String] = [:]
            guard properties.allSatisfy({ bind($0, into: &bindings) }) else { continue }
            let declarations = bindings.sorted { $0.key < $1.key }
                .filter { $0.key != "rdf" && $0.key != "xml" }
                .map { " xmlns:\($0.key)=\"\(escape($0.value, attribute: true))\"" }.joined()
            out += "  <rdf:Description rdf:about=\"\"\(declarations)>\n"
            for property in properties { out += "   " + serialize(property) + "\n" }
            out += "  </rdf:Description>\n"
        }
        return out
    }

    private static func isRDF(_ e: XMLElement) -> Bool { e.namespace == XMPNamespace.rdf && e.name == "RDF" }

    private static func find(_ element: XMLElement, _ match: (XMLElement) -> Bool) -> XMLElement? {
        if match(element) { return element }
        for child in element.children { if let found = find(child, match) { return found } }
        return nil
    }

    /// Records the prefixes `element` uses; false when one is unprefixed or bound twice differently.
    private static func bind(_ element: XMLElement, into bindings: inout [String: String]) -> Bool {
        var uses = [(element.prefix, element.namespace)]
        uses += element.attributes.map { ($0.prefix, $0.namespace) }
        for (prefix, namespace) in uses where prefix != "xml" {
            if prefix.isEmpty { return false }
            if let bound = bindings[prefix], bound != namespace { return false }
            bindings[prefix] = namespace
        }
        return element.children.allSatisfy { bind($0, into: &bindings) }
    }

    private static func serialize(_ element: XMLElement) -> String {
        let name = "\(element.prefix):\(element.name)"
        let attributes = element.attributes.map { " \($0.prefix.isEmpty ? "" : $0.prefix + ":")\($0.name)=\"\(escape($0.value, attribute: true))\"" }.joined()
        let whitespaceOnly = element.text.allSatisfy { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        var body = element.children.isEmpty || !whitespaceOnly ? escape(element.text, attribute: false) : ""
        body += element.children.map(serialize).joined()
        return body.isEmpty ? "<\(name)\(attributes)/>" : "<\(name)\(attributes)>\(body)</\(name)>"
    }

    private static func escape(_ s: String, attribute: Bool) -> String {
        attribute ? XMLEscaping.attribute(s) : XMLEscaping.text(s)
    }
}
