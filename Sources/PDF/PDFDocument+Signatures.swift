/// A digital signature found in a document: a signature dictionary with a `/ByteRange`
/// (ISO 32000-2 §12.8.1). Only its placement is read; the cryptography is not checked.
public struct PDFSignature: Sendable, Equatable {
    /// What the signature is for.
    public enum Kind: Sendable, Equatable {
        /// An ordinary (approval) signature.
        case approval
        /// A certification signature (`/DocMDP`), with the changes it permits: 1 none,
        /// 2 form filling and signing, 3 those and annotations.
        case certification(permittedChanges: Int)
        /// A document time stamp (`/Type /DocTimeStamp`).
        case timeStamp
        /// A usage-rights signature (`/UR3`).
        case usageRights
    }

    /// The field's fully qualified name (`/T` of the field and its ancestors, joined by
    /// dots); empty for signatures found outside the form (e.g. only in `/Perms`).
    public var fieldName: String
    /// The signature dictionary's object, when it is indirect.
    public var object: ObjectRef?
    /// `/ByteRange`: pairs of offset and length of the signed bytes.
    public var byteRange: [Int]
    /// `/SubFilter`, e.g. `adbe.pkcs7.detached`.
    public var subFilter: String?
    /// What the signature is for.
    public var kind: Kind

    /// Whether the signed bytes run to the end of a file of `length` bytes, i.e. nothing was
    /// appended after signing.
    public func coversWholeFile(ofLength length: Int) -> Bool {
        guard byteRange.count >= 2, byteRange.count % 2 == 0 else { return false }
        return byteRange[byteRange.count - 2] + byteRange[byteRange.count - 1] == length
    }
}

extension PDFDocument {
    /// The signatures of the document: signed fields reachable from the form's `/Fields`
    /// (and their `/Kids`), signature widgets on pages that the form does not list, and the
    /// signatures of the catalog's `/Perms` (certification, usage rights). An unsigned
    /// signature field (no `/V`) is not a signature. Never throws: damage reads as absence.
    public func signatures() -> [PDFSignature] {
        var found: [PDFSignature] = []
        var seen = Set<ObjectRef>()
        var visitedFields = Set<ObjectRef>()
        let certification = certificationLevel()

        func record(_ value: PDFObject, name: String) {
            let ref = value.referenceValue
            if let ref, !seen.insert(ref).inserted { return }
            guard let dictionary = resolve(value).dictionaryValue,
                  let range = resolve(dictionary["ByteRange"] ?? .null).arrayValue?.compactMap({ resolve($0).intValue }),
                  !range.isEmpty else { return }
            var kind = PDFSignature.Kind.approval
            if dictionary["Type"]?.nameValue == "DocTimeStamp" {
                kind = .timeStamp
            } else if let certification, ref != nil, ref == certification.ref {
                kind = .certification(permittedChanges: certification.level)
            }
            found.append(PDFSignature(fieldName: name, object: ref, byteRange: range,
                                      subFilter: dictionary["SubFilter"]?.nameValue, kind: kind))
        }

        func visitField(_ value: PDFObject, parentName: String, inheritedType: String?, depth: Int) {
            guard depth < 32 else { return }
            if let ref = value.referenceValue, !visitedFields.insert(ref).inserted { return }
            guard let field = resolve(value).dictionaryValue else { return }
            let partial = resolve(field["T"] ?? .null).stringBytes.map { String(decoding: $0, as: UTF8.self) }
            let name = [parentName, partial ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
            let type = field["FT"]?.nameValue ?? inheritedType
            if type == "Sig", let signed = field["V"] { record(signed, name: name) }
            for kid in resolve(field["Kids"] ?? .null).arrayValue ?? [] {
                visitField(kid, parentName: name, inheritedType: type, depth: depth + 1)
            }
        }

        guard let catalog = try? catalog() else { return [] }
        let form = resolve(catalog["AcroForm"] ?? .null).dictionaryValue
        for field in resolve(form?["Fields"] ?? .null).arrayValue ?? [] {
            visitField(field, parentName: "", inheritedType: nil, depth: 0)
        }
        for page in (try? pages()) ?? [] {
            for annotation in resolve(page.dictionary["Annots"] ?? .null).arrayValue ?? [] {
                guard let widget = resolve(annotation).dictionaryValue, widget["Subtype"]?.nameValue == "Widget",
                      widget["FT"]?.nameValue == "Sig" || widget["V"].map({ resolve($0).dictionaryValue?["ByteRange"] != nil }) == true
                else { continue }
                visitField(annotation, parentName: "", inheritedType: "Sig", depth: 0)
            }
        }
        let permissions = resolve(catalog["Perms"] ?? .null).dictionaryValue
        for key in ["DocMDP", "UR3"] {
            guard let value = permissions?[key] else { continue }
            let before = found.count
            record(value, name: "")
            if found.count > before {
                found[before].kind = key == "UR3" ? .usageRights : .certification(permittedChanges: certification?.level ?? 2)
            }
        }
        return found
    }

    /// The certification signature's dictionary and its `/P` (2 when absent, as specified).
    private func certificationLevel() -> (ref: ObjectRef?, level: Int)? {
        guard let catalog = try? catalog(),
              let value = resolve(catalog["Perms"] ?? .null).dictionaryValue?["DocMDP"],
              let signature = resolve(value).dictionaryValue else { return nil }
        var level = 2
        for reference in resolve(signature["Reference"] ?? .null).arrayValue ?? [] {
            guard let transform = resolve(reference).dictionaryValue, transform["TransformMethod"]?.nameValue == "DocMDP" else { continue }
            level = resolve(resolve(transform["TransformParams"] ?? .null).dictionaryValue?["P"] ?? .null).intValue ?? 2
        }
        return (value.referenceValue, level)
    }

    /// Whether the document carries at least one digital signature (see `signatures()`).
    public var isSigned: Bool { !signatures().isEmpty }
}
