import Foundation
import PDF

/// One full rewrite: reachability, renumbering, and serialization.
struct RewritePlan {
    let rewriter: DocumentRewriter
    let options: WriteOptions

    func write(to output: OutputFile) throws {
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
            case .stream(let stream): stripLength(stream.dictionary).forEach { visit($0.value) }
            default: break
            }
        }
        guard let root = trailer["Root"], case .reference = root else {
            throw WriteError("the document has no catalog to write")
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

        let version = max(Double(rewriter.source.version) ?? 1.4, options.useObjectStreams ? 1.5 : 1.4)
        try output.write("%PDF-\(String(format: "%.1f", version))\n")
        try output.write([0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A])

        var offsets: [Int: Int] = [:]           // new number -> byte offset
        var compressed: [Int: (Int, Int)] = [:]  // new number -> (object stream, index)
        var packable: [(Int, [UInt8])] = []
        for ref in order {
            let number = numbering[ref]!
            let object = rewriter.object(ref)
            if case .stream(var stream) = object {
                var dict = PDFDictionary()
                for (k, v) in stripLength(stream.dictionary) { dict[k] = renumber(v) }
                stream.dictionary = dict
                if options.compressStreams { stream = compress(stream) }
                stream.dictionary["Length"] = .int(stream.data.count)
                offsets[number] = output.offset
                try writeStream(number, stream, to: output)
            } else if options.useObjectStreams {
                packable.append((number, Serializer.bytes(renumber(object))))
            } else {
                offsets[number] = output.offset
                var body = Array("\(number) 0 obj\n".utf8)
                Serializer.write(renumber(object), into: &body)
                body += Array("\nendobj\n".utf8)
                try output.write(body)
            }
        }

        var nextNumber = order.count + 1
        let newRoot = renumber(root)
        let newInfo = trailer["Info"].map(renumber)
        let id = documentID(trailer: trailer)

        if !options.useObjectStreams {
            let xrefOffset = output.offset
            var table = Array("xref\n0 \(nextNumber)\n0000000000 65535 f\r\n".utf8)
            for n in 1..<nextNumber {
                table += Array(String(format: "%010d 00000 n\r\n", offsets[n] ?? 0).utf8)
            }
            var trailerDict = PDFDictionary([("Size", .int(nextNumber)), ("Root", newRoot)])
            if let newInfo, newInfo != .null { trailerDict["Info"] = newInfo }
            trailerDict["ID"] = id
            table += Array("trailer\n".utf8)
            Serializer.write(.dictionary(trailerDict), into: &table)
            table += Array("\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
            try output.write(table)
            return
        }

        // Object streams.
        // The index field of a compressed entry is two bytes wide.
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
                compressed[number] = (streamNumber, index)
            }
            header.append(0x0A)
            let data = Flate.deflate(header + body, level: options.compressionLevel)
            let dict = PDFDictionary([("Type", .name("ObjStm")), ("N", .int(chunk.count)), ("First", .int(header.count)),
                                      ("Filter", .name("FlateDecode")), ("Length", .int(data.count))])
            offsets[streamNumber] = output.offset
            try writeStream(streamNumber, PDFStream(dictionary: dict, data: data), to: output)
        }

        // Cross-reference stream.
        let xrefNumber = nextNumber
        let size = xrefNumber + 1
        let xrefOffset = output.offset
        offsets[xrefNumber] = xrefOffset
        var rows: [UInt8] = []
        rows.reserveCapacity(size * 7)
        func row(_ type: UInt8, _ field2: Int, _ field3: Int) {
            rows.append(type)
            rows += [UInt8(field2 >> 24 & 0xFF), UInt8(field2 >> 16 & 0xFF), UInt8(field2 >> 8 & 0xFF), UInt8(field2 & 0xFF)]
            rows += [UInt8(field3 >> 8 & 0xFF), UInt8(field3 & 0xFF)]
        }
        row(0, 0, 0xFFFF)
        for n in 1..<size {
            if let (stream, index) = compressed[n] { row(2, stream, index) }
            else { row(1, offsets[n] ?? 0, 0) }
        }
        let data = Flate.deflate(rows, level: options.compressionLevel)
        var dict = PDFDictionary([("Type", .name("XRef")), ("Size", .int(size)),
                                  ("W", .array([.int(1), .int(4), .int(2)])), ("Root", newRoot)])
        if let newInfo, newInfo != .null { dict["Info"] = newInfo }
        dict["ID"] = id
        dict["Filter"] = .name("FlateDecode")
        dict["Length"] = .int(data.count)
        try writeStream(xrefNumber, PDFStream(dictionary: dict, data: data), to: output)
        try output.write("startxref\n\(xrefOffset)\n%%EOF\n")
    }

    private func writeStream(_ number: Int, _ stream: PDFStream, to output: OutputFile) throws {
        var head = Array("\(number) 0 obj\n".utf8)
        Serializer.write(.stream(stream), into: &head)
        head += Array("\nstream\n".utf8)
        try output.write(head)
        try output.write(stream.data)
        try output.write("\nendstream\nendobj\n")
    }

    /// `/Length` is always recomputed, so an indirect one must not keep its object alive.
    private func stripLength(_ dict: PDFDictionary) -> PDFDictionary {
        var d = dict
        d["Length"] = nil
        return d
    }

    private func compress(_ stream: PDFStream) -> PDFStream {
        guard stream.dictionary["Filter"] == nil, stream.data.count > 64 else { return stream }
        let packed = Flate.deflate(stream.data, level: options.compressionLevel)
        guard packed.count < stream.data.count else { return stream }
        var out = stream
        out.data = packed
        out.dictionary["Filter"] = .name("FlateDecode")
        out.dictionary["DecodeParms"] = nil
        return out
    }

    /// Keeps the first half of an existing `/ID` (the document's permanent identity) and
    /// makes a new second half, as the specification asks of a modified file.
    private func documentID(trailer: PDFDictionary) -> PDFObject {
        var generator = SystemRandomNumberGenerator()
        let fresh = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        if let first = rewriter.source.resolve(trailer["ID"] ?? .null).arrayValue?.first?.stringBytes, !first.isEmpty {
            return .array([.string(first), .string(fresh)])
        }
        return .array([.string(fresh), .string(fresh)])
    }
}
