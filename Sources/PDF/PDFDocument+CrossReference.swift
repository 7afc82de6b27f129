/// The form of a cross-reference section (ISO 32000-1 §7.5.4, §7.5.8).
public enum CrossReferenceForm: String, Sendable {
    /// A classic `xref` table followed by a `trailer` dictionary.
    case table
    /// A cross-reference stream (PDF 1.5), whose dictionary is the trailer.
    case stream
    /// A classic table whose trailer also points at a cross-reference stream (`/XRefStm`),
    /// for readers of both generations.
    case hybrid
}

/// Where the newest cross-reference section of a file is and what form it has: what an
/// incremental update chains to with `/Prev` and imitates.
public struct LastCrossReference: Sendable, Equatable {
    /// The byte offset the file's last `startxref` gives.
    public var offset: Int
    /// The section's form.
    public var form: CrossReferenceForm
}

extension PDFDocument {
    /// The byte offset where the cross-reference information places `ref` (its newest
    /// definition); nil for objects inside object streams, free or unknown ones.
    public func byteOffset(of ref: ObjectRef) -> Int? {
        if case .offset(let offset, _)? = xref.entries[ref.number] { return offset }
        return nil
    }

    /// The newest cross-reference section, as the file's last `startxref` names it; nil when
    /// the reader had to rebuild the cross-reference information (the file's own is missing,
    /// unreadable or wrong), since nothing can then be chained to it.
    public var lastCrossReference: LastCrossReference? {
        guard !crossReferenceRebuilt, let offset = try? PDFDocument.startXRef(bytes), offset >= 0, offset < bytes.count else {
            return nil
        }
        var lexer = Lexer(bytes: bytes, position: offset)
        lexer.skipWhitespace()
        if bytes[lexer.position...].starts(with: Array("xref".utf8)) {
            return LastCrossReference(offset: offset, form: trailer["XRefStm"] == nil ? .table : .hybrid)
        }
        return LastCrossReference(offset: offset, form: .stream)
    }
}
