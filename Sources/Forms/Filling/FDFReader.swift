import PDF

/// Reads the field values of an FDF file (ISO 32000-1 §12.7.7): the catalog's `/FDF /Fields`,
/// each with a partial name `/T`, a value `/V` and nested `/Kids`. FDF is PDF syntax, so the
/// PDF reader opens it (it has no cross-reference table; the reader finds its objects).
enum FDFReader {
    /// The deepest `/Kids` nesting followed.
    static let maxDepth = 32

    /// The assignments of `bytes`, in the file's order.
    /// - Throws: `FormsError.badData`.
    static func assignments(from bytes: [UInt8]) throws -> [FormFieldAssignment] {
        let document: PDFDocument
        let root: PDFDictionary
        do {
            document = try PDFDocument(bytes: bytes, password: nil)
            root = try document.catalog()
        } catch {
            throw FormsError(.badData, "the FDF data cannot be read: \(error)")
        }
        guard let fdf = document.resolve(root["FDF"] ?? .null).dictionaryValue else {
            throw FormsError(.badData, "the FDF data has no /FDF dictionary in its catalog")
        }
        var result: [FormFieldAssignment] = []
        var visited = 0
        func walk(_ items: [PDFObject], prefix: String, depth: Int) {
            guard depth < maxDepth else { return }
            for item in items {
                visited += 1
                guard visited <= FieldTree.maxNodes, let field = document.resolve(item).dictionaryValue else { continue }
                let partial = document.resolve(field["T"] ?? .null).textValue ?? ""
                let name = [prefix, partial].filter { !$0.isEmpty }.joined(separator: ".")
                if let value = field["V"].flatMap({ Self.value(document.resolve($0), document: document) }), !name.isEmpty {
                    result.append(FormFieldAssignment(name: name, value: value))
                }
                walk(document.resolve(field["Kids"] ?? .null).arrayValue ?? [], prefix: name, depth: depth + 1)
            }
        }
        walk(document.resolve(fdf["Fields"] ?? .null).arrayValue ?? [], prefix: "", depth: 0)
        return result
    }

    /// A `/V`: a string is text, a name a button's state, an array several options.
    private static func value(_ object: PDFObject, document: PDFDocument) -> FormFieldValue? {
        switch object {
        case .string: return object.textValue.map(FormFieldValue.text)
        case .name(let name): return .text(ButtonStateName.text(name))
        case .array(let items): return .options(items.compactMap { document.resolve($0).textValue })
        case .int, .real: return object.numberValue.map { .text(PDFNumber.rounded($0, decimals: 6, limit: 1e15)) }
        default: return nil
        }
    }
}
