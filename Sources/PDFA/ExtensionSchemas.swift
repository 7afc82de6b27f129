/// The extension schemas a file defines in its XMP (`pdfaExtension:schemas`, ISO 19005-2
/// 6.6.2.3.2–6.6.2.3.3), read leniently, and the faults found in their descriptions.
struct ExtensionSchemas {
    /// namespace URI → (property → value type).
    var properties: [String: [String: String]] = [:]
    /// Custom value types: type name → (field → value type).
    var structures: [String: [String: String]] = [:]
    /// Faults in the descriptions, for clause 6.6.2.3.3.
    var faults: [String] = []

    /// The prefixes the container schemas must be written with.
    static let requiredPrefixes: [String: String] = [
        XMPNamespace.pdfaExtension: "pdfaExtension", XMPNamespace.pdfaSchema: "pdfaSchema",
        XMPNamespace.pdfaProperty: "pdfaProperty", XMPNamespace.pdfaType: "pdfaType", XMPNamespace.pdfaField: "pdfaField",
    ]

    /// Reads every `pdfaExtension:schemas` among `packetProperties`.
    mutating func read(_ packetProperties: [XMPProperty]) {
        for property in packetProperties where property.namespace == XMPNamespace.pdfaExtension {
            checkPrefix(property)
            guard property.name == "schemas" else { faults.append("unknown property \(property.qualifiedName)"); continue }
            guard case .array(let kind, let items) = property.value, kind == "Bag" else {
                faults.append("pdfaExtension:schemas is not an rdf:Bag"); continue
            }
            for item in items { readSchema(item.value) }
        }
    }

    private mutating func checkPrefix(_ p: XMPProperty) {
        if let required = ExtensionSchemas.requiredPrefixes[p.namespace], p.prefix != required {
            faults.append("the namespace \(p.namespace) is written with the prefix '\(p.prefix)', not '\(required)'")
        }
    }

    private mutating func fields(_ value: XMPValue, namespace: String, what: String) -> [String: XMPValue]? {
        guard case .structure(let fields) = value else { faults.append("\(what) is not a structure"); return nil }
        var out: [String: XMPValue] = [:]
        for field in fields {
            checkPrefix(field)
            guard field.namespace == namespace else {
                faults.append("\(what) has the field \(field.qualifiedName) from another namespace"); continue
            }
            out[field.name] = field.value
        }
        return out
    }

    private func text(_ value: XMPValue?) -> String? {
        if case .simple(let s)? = value { return s }
        return nil
    }

    private mutating func require(_ fields: [String: XMPValue], _ names: [String], prefix: String) {
        for name in names where text(fields[name]) == nil {
            faults.append(fields[name] == nil ? "\(prefix):\(name) is missing" : "\(prefix):\(name) is not text")
        }
    }

    private mutating func readSchema(_ value: XMPValue) {
        guard let schema = fields(value, namespace: XMPNamespace.pdfaSchema, what: "a schema description") else { return }
        require(schema, ["schema", "namespaceURI", "prefix"], prefix: "pdfaSchema")
        let namespace = text(schema["namespaceURI"]) ?? ""
        if let props = schema["property"] {
            if case .array(let kind, let items) = props, kind == "Seq" {
                for item in items {
                    guard let p = fields(item.value, namespace: XMPNamespace.pdfaProperty, what: "a property description") else { continue }
                    require(p, ["name", "valueType", "category", "description"], prefix: "pdfaProperty")
                    if let category = text(p["category"]), category != "internal", category != "external" {
                        faults.append("pdfaProperty:category is '\(category)', not internal or external")
                    }
                    if let name = text(p["name"]), let type = text(p["valueType"]) {
                        properties[namespace, default: [:]][name] = type
                    }
                }
            } else { faults.append("pdfaSchema:property is not an rdf:Seq") }
        }
        if let types = schema["valueType"] {
            if case .array(let kind, let items) = types, kind == "Seq" {
                for item in items { readType(item.value) }
            } else { faults.append("pdfaSchema:valueType is not an rdf:Seq") }
        }
    }

    private mutating func readType(_ value: XMPValue) {
        guard let type = fields(value, namespace: XMPNamespace.pdfaType, what: "a value type description") else { return }
        require(type, ["type", "namespaceURI", "prefix", "description"], prefix: "pdfaType")
        guard let fieldList = type["field"] else { faults.append("pdfaType:field is missing"); return }
        guard case .array(let kind, let items) = fieldList, kind == "Seq" else { faults.append("pdfaType:field is not an rdf:Seq"); return }
        var fieldTypes: [String: String] = [:]
        for item in items {
            guard let f = fields(item.value, namespace: XMPNamespace.pdfaField, what: "a field description") else { continue }
            require(f, ["name", "valueType", "description"], prefix: "pdfaField")
            if let name = text(f["name"]), let valueType = text(f["valueType"]) { fieldTypes[name] = valueType }
        }
        if let name = text(type["type"]) { structures[name] = fieldTypes }
    }
}
