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
        var numbering = Renumbering()
        var order: [ObjectRef] = []
        var queue: [ObjectRef] = []
        func visit(_ object: PDFObject) {
            switch object {
            case .reference(let ref):
                if numbering.numbers[ref] == nil {
                    numbering.numbers[ref] = order.count + 1
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
        if let info = rewriter.trailerInfo, case .reference = info { visit(info) }
        var cursor = 0
        while cursor < queue.count {
            let ref = queue[cursor]
            cursor += 1
            visit(rewriter.object(ref))
        }

        let encryption = try KeptEncryption.of(rewriter.source, options: options)
        let useObjectStreams = options.useObjectStreams && WriteOptions.number(options.version ?? "1.5") >= 1.5
        let sink = ObjectSink(output: output, encryptor: encryption?.encryptor, deterministic: options.deterministic)
        let version = KeptEncryption.headerVersion(of: rewriter.source, options: options, objectStreams: useObjectStreams,
                                                   encrypted: encryption != nil)
        try sink.write("%PDF-\(version)\n")
        try sink.write([0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A])

        var xref = CrossReferenceWriter()
        xref.entries[0] = .freeHead
        var packable: [(Int, [UInt8])] = []
        for ref in order {
            guard let number = numbering.numbers[ref] else { continue }
            let object = numbering.prepared(rewriter.object(ref), options: options)
            if case .stream = object {
                xref.entries[number] = .offset(sink.offset, generation: 0)
                try sink.writeObject(ObjectRef(number), object)
            } else if useObjectStreams {
                packable.append((number, Serializer.bytes(object)))
            } else {
                xref.entries[number] = .offset(sink.offset, generation: 0)
                try sink.writeObject(ObjectRef(number), object)
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

        var trailerDict = PDFDictionary([("Root", numbering.apply(root))])
        if let info = rewriter.trailerInfo.map(numbering.apply), info != .null { trailerDict["Info"] = info }
        if let encryption {
            // Never in an object stream, never encrypted (ISO 32000-2 §7.5.7, §7.6.1).
            let number = nextNumber
            nextNumber += 1
            xref.entries[number] = .offset(sink.offset, generation: 0)
            try sink.writeObject(ObjectRef(number), .dictionary(encryption.dictionary), encrypt: false)
            trailerDict["Encrypt"] = .reference(ObjectRef(number))
        }
        let id = sink.documentID(existing: KeptEncryption.existingID(of: rewriter.source), encrypted: encryption != nil)

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
}
