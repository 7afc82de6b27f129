import PDF

/// One incremental update (ISO 32000-2 §7.5.6): the source's bytes copied unchanged, then
/// the objects set or added through the rewriter, then a cross-reference section of the same
/// form as the file's last one, chained to it by `/Prev`. Signatures over the original bytes
/// stay valid because not one of those bytes moves.
struct IncrementalUpdate {
    let rewriter: DocumentRewriter
    let options: WriteOptions

    /// Why the source cannot take an update; nil when it can.
    static func obstacle(for source: PDFDocument, options: WriteOptions) -> String? {
        if source.encryption != nil, options.encryption == .remove {
            return "decrypting rewrites every object"
        }
        if options.newEncryption != nil {
            return "encrypting with new passwords rewrites every object"
        }
        guard let last = source.lastCrossReference else {
            return "its cross-reference table is damaged (it had to be rebuilt to read the file)"
        }
        if last.form == .hybrid {
            return "it has hybrid cross-references (a table with /XRefStm), which an update would hide from older readers"
        }
        return nil
    }

    func write(to output: OutputFile) throws -> WriteSummary {
        let source = rewriter.source
        guard let last = source.lastCrossReference else {
            throw WriteError(.incrementalUnavailable, IncrementalUpdate.obstacle(for: source, options: options) ?? "no cross-reference to chain to")
        }
        let encryptor = source.encryptor.map { encryptor -> Encryptor in
            var copy = encryptor
            copy.deterministic = options.deterministic
            return copy
        }
        let sink = ObjectSink(output: output, encryptor: encryptor, deterministic: options.deterministic)
        try sink.write(source.bytes)
        let changes = rewriter.changedObjects
        var summary = WriteSummary(method: .incrementalUpdate, fallbackReason: nil, encrypted: encryptor != nil, objectsWritten: 0)
        // Nothing changed: the original file is the update.
        guard !changes.isEmpty else { return summary }
        if let end = source.bytes.last, end != 0x0A, end != 0x0D { try sink.write([0x0A]) }

        var xref = CrossReferenceWriter()
        for ref in changes {
            var object = rewriter.object(ref)
            if case .stream(var stream) = object {
                stream.dictionary = StreamPreparation.withoutLength(stream.dictionary)
                object = .stream(StreamPreparation.compressed(stream, options: options))
            }
            xref.entries[ref.number] = .offset(sink.offset, generation: ref.generation)
            try sink.writeObject(ref, object)
        }
        summary.objectsWritten = changes.count

        let previousSize = source.trailer["Size"]?.intValue ?? 0
        var size = max(previousSize, (changes.map(\.number).max() ?? 0) + 1)
        var trailer = PDFDictionary()
        for key in ["Root", "Encrypt"] {
            if let value = source.trailer[key], value != .null { trailer[key] = value }
        }
        if let info = rewriter.trailerInfo, info != .null { trailer["Info"] = info }
        let existingID = KeptEncryption.existingID(of: source)
        let xrefOffset = sink.offset
        switch last.form {
        case .table, .hybrid:
            trailer["Size"] = .int(size)
            trailer["Prev"] = .int(last.offset)
            if let id = sink.documentID(existing: existingID, encrypted: encryptor != nil) { trailer["ID"] = id }
            try sink.write(xref.table(trailer: trailer))
        case .stream:
            let number = size
            size += 1
            xref.entries[number] = .offset(xrefOffset, generation: 0)
            trailer["Size"] = .int(size)
            trailer["Prev"] = .int(last.offset)
            if let id = sink.documentID(existing: existingID, encrypted: encryptor != nil) { trailer["ID"] = id }
            let stream = xref.stream(trailer: trailer, compressionLevel: options.compressionLevel)
            try sink.writeObject(ObjectRef(number), .stream(stream), encrypt: false)
        }
        try sink.finish(crossReferenceAt: xrefOffset)
        return summary
    }
}
