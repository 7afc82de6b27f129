import Foundation
import PDF

/// One full rewrite: reachability, renumbering, and serialization — encrypted as the source
/// was unless the options remove the encryption.
struct RewritePlan {
    let rewriter: DocumentRewriter
    let options: WriteOptions

    func write(to output: OutputFile) throws -> WriteSummary {
        let trailer = rewriter.source.trailer
        // Breadth-first from the trailer's roots; new numbers in order of discovery.
        var numbering: [ObjectRef: Int] = [:]
        var order: [ObjectRef] = []
        var queue: [ObjectRef] = []
        func visit(_ object: PDFObject) {
            switch object {
            case .reference(let ref):
                if numbering[ref] == nil {
                    numbering[ref] = order.count + 1
                    order.append(ref)
                    queue.append(ref)
                }
            case .array(let items): items.forEach(visit)
            case .dictionary(let dict): dict.forEach { visit($0.value) }
            case .stream(let stream): StreamPreparation.withoutLength(stream.dictionary).forEach { visit($0.value) }
            default: break
            }
        }
        guard let root = trailer["Root"], case .reference = root else {
            throw WriteError(.badDocument, "the document has no catalog to write")
        }
        visit(root)
        if let info = trailer["Info"], case .reference = info { visit(info) }
        var cursor = 0
        while cursor < queue.count {
            let ref = queue[cursor]
            cursor += 1
            visit(rewriter.object(ref))
        }

        func renumber(_ object: PDFObject) -> PDFObject {
            switch object {
            case .reference(let ref):
                guard let n = numbering[ref] else { return .null }
                return .reference(ObjectRef(n, 0))
            case .array(let items): return .array(items.map(renumber))
            case .dictionary(let dict):
                var out = PDFDictionary()
                for (k, v) in dict { out[k] = renumber(v) }
                return .dictionary(out)
            default: return object
            }
        }

        let encryption = try encryptionToKeep()
        let useObjectStreams = options.useObjectStreams && WriteOptions.number(options.version ?? "1.5") >= 1.5
        let sink = ObjectSink(output: output, encryptor: encryption?.encryptor, deterministic: options.deterministic)
        try sink.write("%PDF-\(headerVersion(objectStreams: useObjectStreams, encryption: encryption?.encryptor != nil))\n")
        try sink.write([0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A])

        var xref = CrossReferenceWriter()
        xref.entries[0] = .freeHead
        var packable: [(Int, [UInt8])] = []
        for ref in order {
            let number = numbering[ref]!
            let object = rewriter.object(ref)
            if case .stream(var stream) = object {
                var dict = PDFDictionary()
                for (k, v) in StreamPreparation.withoutLength(stream.dictionary) { dict[k] = renumber(v) }
                stream.dictionary = dict
                xref.entries[number] = .offset(sink.offset, generation: 0)
                try sink.writeObject(ObjectRef(number), .stream(StreamPreparation.compressed(stream, options: options)))
            } else if useObjectStreams {
                packable.append((number, Serializer.bytes(renumber(object))))
            } else {
                xref.entries[number] = .offset(sink.offset, generation: 0)
                try sink.writeObject(ObjectRef(number), renumber(object))
            }
        }

        var nextNumber = order.count + 1
        // Object streams. The index field of a compressed entry is two bytes wide.
        let perStream = max(1, min(options.objectsPerStream, 65535))
        for chunkStart in stride(from: 0, to: packable.count, by: perStream) {
            let chunk = packable[chunkStart..<min(chunkStart + perStream, packable.count)]
            let streamNumber = nextNumber
            nextNumber += 1
            var header: [UInt8] = []
            var body: [UInt8] = []
            for (index, (number, bytes)) in chunk.enumerated() {
                header += Array("\(number) \(body.count) ".utf8)
                body += bytes
                body.append(0x0A)
                xref.entries[number] = .compressed(stream: streamNumber, index: index)
            }
            header.append(0x0A)
            let data = Flate.deflate(header + body, level: options.compressionLevel)
            let dict = PDFDictionary([("Type", .name("ObjStm")), ("N", .int(chunk.count)), ("First", .int(header.count)),
                                      ("Filter", .name("FlateDecode"))])
            xref.entries[streamNumber] = .offset(sink.offset, generation: 0)
            try sink.writeObject(ObjectRef(streamNumber), .stream(PDFStream(dictionary: dict, data: data)))
        }

        var trailerDict = PDFDictionary([("Root", renumber(root))])
        if let info = trailer["Info"].map(renumber), info != .null { trailerDict["Info"] = info }
        if let encryption {
            // Never in an object stream, never encrypted (ISO 32000-2 §7.5.7, §7.6.1).
            let number = nextNumber
            nextNumber += 1
            xref.entries[number] = .offset(sink.offset, generation: 0)
            try sink.writeObject(ObjectRef(number), .dictionary(encryption.dictionary), encrypt: false)
            trailerDict["Encrypt"] = .reference(ObjectRef(number))
        }
        let existingID = rewriter.source.resolve(trailer["ID"] ?? .null).arrayValue?.first.flatMap { rewriter.source.resolve($0).stringBytes }
        let id = sink.documentID(existing: existingID, encrypted: encryption != nil)

        let summary = WriteSummary(method: .fullRewrite, fallbackReason: nil, encrypted: encryption != nil, objectsWritten: order.count)
        if !useObjectStreams {
            let xrefOffset = sink.offset
            trailerDict["Size"] = .int(nextNumber)
            if let id { trailerDict["ID"] = id }
            try sink.write(xref.table(trailer: trailerDict))
            try sink.finish(crossReferenceAt: xrefOffset)
            return summary
        }

        // Cross-reference stream.
        let xrefNumber = nextNumber
        let xrefOffset = sink.offset
        xref.entries[xrefNumber] = .offset(xrefOffset, generation: 0)
        trailerDict["Size"] = .int(xrefNumber + 1)
        if let id { trailerDict["ID"] = id }
        let stream = xref.stream(trailer: trailerDict, compressionLevel: options.compressionLevel)
        try sink.writeObject(ObjectRef(xrefNumber), .stream(stream), encrypt: false)
        try sink.finish(crossReferenceAt: xrefOffset)
        return summary
    }

    /// The source's encryption, when the output keeps it: the encryptor and the `/Encrypt`
    /// dictionary, made direct throughout (it is written as one object, in clear).
    private func encryptionToKeep() throws -> (encryptor: Encryptor, dictionary: PDFDictionary)? {
        let source = rewriter.source
        guard options.encryption == .preserve, var encryptor = source.encryptor else { return nil }
        encryptor.deterministic = options.deterministic
        // Loaded through its reference, the dictionary is not decrypted (the reader skips it).
        guard let dictionary = source.resolve(source.trailer["Encrypt"] ?? .null).dictionaryValue else {
            throw WriteError(.encryption, "the encryption dictionary cannot be read, so the output cannot be encrypted like the input; decrypt it instead")
        }
        func direct(_ object: PDFObject, depth: Int) -> PDFObject {
            guard depth < 16 else { return .null }
            switch object {
            case .reference: return direct(source.resolve(object), depth: depth + 1)
            case .array(let items): return .array(items.map { direct($0, depth: depth + 1) })
            case .dictionary(let dict):
                var out = PDFDictionary()
                for (key, value) in dict { out[key] = direct(value, depth: depth + 1) }
                return .dictionary(out)
            default: return object
            }
        }
        return (encryptor, direct(.dictionary(dictionary), depth: 0).dictionaryValue ?? dictionary)
    }

    /// The header version: the one asked for (or the source's), raised to what object
    /// streams (1.5) and the kept encryption (AES-128: 1.6, AES-256: 1.7) need.
    private func headerVersion(objectStreams: Bool, encryption: Bool) -> String {
        var minimum = objectStreams ? 1.5 : 1.0
        if encryption, let info = rewriter.source.encryption {
            let methods = [info.stringMethod, info.streamMethod, info.embeddedFileMethod]
            if methods.contains(.aes256) { minimum = max(minimum, 1.7) }
            else if methods.contains(.aes128) { minimum = max(minimum, 1.6) }
            else if info.version >= 2 { minimum = max(minimum, 1.4) }
        }
        let asked = WriteOptions.number(options.version ?? rewriter.source.version)
        return String(format: "%.1f", max(asked, minimum))
    }
}
