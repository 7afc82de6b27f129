import PDF

/// Clause 6.6: the document's XMP metadata — present, well-formed, identified as PDF/A-2, every
/// property of a predefined schema or of an extension schema the file describes, values of
/// their types.
struct MetadataRules {
    let document: PDFDocument
    let level: PDFALevel
    var part = 2

    func check(_ log: inout ViolationLog) {
        guard let catalog = try? document.catalog() else { return }
        guard let ref = catalog["Metadata"], case .stream(let stream) = document.resolve(ref) else {
            log.fail("6.6.2.1", "the catalog has no Metadata stream", at: "catalog")
            return
        }
        let location = ref.referenceValue.map { "obj \($0.number)" } ?? "catalog"
        if stream.dictionary["Filter"] != nil {
            log.fail("6.6.2.1", "the metadata stream is compressed (it shall carry no Filter)", at: location)
        }
        guard let bytes = try? document.decodedData(of: stream) else {
            log.fail("6.6.2.1", "the metadata stream cannot be decoded", at: location); return
        }
        let packet: XMPPacket
        do { packet = try XMPPacket(bytes: bytes) } catch {
            log.fail("6.6.2.1", "the XMP is not well-formed: \(error)", at: location); return
        }
        if let header = packet.header {
            for attribute in ["bytes", "encoding"] where header[attribute] != nil {
                log.fail("6.6.2.1", "the xpacket header has the deprecated '\(attribute)' attribute", at: location)
            }
        }
        var extensions = ExtensionSchemas()
        extensions.read(packet.properties)
        for fault in extensions.faults { log.fail("6.6.2.3.3", "extension schema: \(fault)", at: location) }
        checkIdentification(packet, location: location, &log)
        checkProperties(packet.properties, extensions: extensions, location: location, &log)
        // Other metadata streams (pages, images, fonts): well-formed, properties known (the
        // catalog's extension schemas count for them too).
        for number in document.objectNumbers where ObjectRef(number) != ref.referenceValue {
            guard case .stream(let s)? = try? document.object(ObjectRef(number)),
                  s.dictionary["Type"]?.nameValue == "Metadata", s.dictionary["Subtype"]?.nameValue == "XML",
                  let data = try? document.decodedData(of: s) else { continue }
            guard let other = try? XMPPacket(bytes: data) else {
                log.fail("6.6.2.1", "a metadata stream is not well-formed XMP", at: "obj \(number)"); continue
            }
            var combined = extensions
            combined.read(other.properties)
            checkProperties(other.properties, extensions: combined, location: "obj \(number)", &log)
        }
    }

    private func checkIdentification(_ packet: XMPPacket, location: String, _ log: inout ViolationLog) {
        let identification = packet.properties.filter { $0.namespace == XMPNamespace.pdfaid }
        for p in identification where p.prefix != "pdfaid" {
            log.fail("6.6.4", "the PDF/A identification schema is written with the prefix '\(p.prefix)', not 'pdfaid'", at: location)
        }
        for p in packet.properties where p.prefix == "pdfaid" && p.namespace != XMPNamespace.pdfaid {
            log.fail("6.6.4", "pdfaid:\(p.name) is in the namespace \(p.namespace), not \(XMPNamespace.pdfaid)", at: location)
        }
        let partProperty = identification.first { $0.name == "part" }
        let conformance = identification.first { $0.name == "conformance" }
        if case .simple(let value)? = partProperty?.value {
            if value != String(part) { log.fail("6.6.4", "pdfaid:part is '\(value)', not \(part)", at: location) }
        } else {
            log.fail("6.6.4", "pdfaid:part is missing", at: location)
        }
        if case .simple(let value)? = conformance?.value {
            let accepted = level == .b ? ["A", "B", "U"] : ["A", "U"]
            if !accepted.contains(value) {
                log.fail("6.6.4", "pdfaid:conformance is '\(value)', not one of \(accepted.joined(separator: ", ")) for PDF/A-\(level.rawValue)", at: location)
            }
        } else {
            log.fail("6.6.4", "pdfaid:conformance is missing", at: location)
        }
    }

    private func checkProperties(_ properties: [XMPProperty], extensions: ExtensionSchemas, location: String, _ log: inout ViolationLog) {
        let checker = XMPValueCheck(customStructures: extensions.structures)
        for p in properties {
            if let problem = MetadataRules.problem(with: p, extensions: extensions, checker: checker) {
                log.fail(problem.clause, problem.message, at: location)
            }
        }
    }

    /// The clause a property breaks and why (6.6.2.3.1: predefined schemas, 6.6.2.3.2:
    /// extension schemas), nil when it is valid; also used to pick the input's properties a
    /// conversion keeps (`XMPMerge`).
    static func problem(with p: XMPProperty, extensions: ExtensionSchemas, checker: XMPValueCheck) -> (clause: String, message: String)? {
        if ExtensionSchemas.requiredPrefixes[p.namespace] != nil { return nil }
        if let schema = XMPSchemaTable.properties[p.namespace] {
            guard let type = schema[p.name] else {
                if let custom = extensions.properties[p.namespace]?[p.name] {
                    return checker.problem(p.value, type: custom).map { (clause: "6.6.2.3.2", message: "\(p.qualifiedName) \($0) (\(custom))") }
                }
                return (clause: "6.6.2.3.1", message: "\(p.qualifiedName) is not a property of its predefined schema")
            }
            return checker.problem(p.value, type: type).map { (clause: "6.6.2.3.1", message: "\(p.qualifiedName) \($0) (\(type))") }
        } else if let schema = extensions.properties[p.namespace] {
            guard let type = schema[p.name] else {
                return (clause: "6.6.2.3.2", message: "\(p.qualifiedName) is not described by the extension schema of \(p.namespace)")
            }
            return checker.problem(p.value, type: type).map { (clause: "6.6.2.3.2", message: "\(p.qualifiedName) \($0) (\(type))") }
        }
        return (clause: "6.6.2.3.2", message: "\(p.qualifiedName) (\(p.namespace)) belongs to no predefined schema and no extension schema describes it")
    }
}
