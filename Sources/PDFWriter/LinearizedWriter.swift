import Foundation
import PDF

/// A full rewrite as a linearized file (ISO 32000-1 Annex F), for viewers that show the first
/// page while the rest arrives: the linearization dictionary, the first-page cross-reference
/// section, the catalog and what opening needs (part 4), the primary hint stream, the first
/// page (part 6), the other pages (7), their shared objects (8), the rest (9), and the main
/// cross-reference section. Classic tables, no object streams. Every object is laid out
/// before anything is written, so the dictionary and the hint tables hold final values.
struct LinearizedWriter {
    // Any error thrown before the second pass leaves the output untouched (`DocumentRewriter`
    // then falls back to a plain rewrite).
    let rewriter: DocumentRewriter
    let options: WriteOptions

    /// A sentinel for an encryption dictionary the source holds directly in its trailer.
    private static let directEncryption = ObjectRef(-1, 0)
    /// Room reserved for the linearization dictionary and for the first-page trailer.
    private static let dictionaryRoom = 200, trailerRoom = 300

    func write(to output: OutputFile) throws -> WriteSummary {
        let source = rewriter.source
        let kept = try KeptEncryption.of(source, options: options)
        let encryptionRef = kept.map { _ in source.trailer["Encrypt"]?.referenceValue ?? Self.directEncryption }
        let plan = try LinearizationPlan(rewriter: rewriter, encryptionDictionary: encryptionRef)

        // Numbers: parts 7, 8, 9 from 1 (the main section); then the linearization dictionary,
        // parts 4 and 6, and the hint stream (the first-page section).
        var numbering = Renumbering()
        let second = plan.part7 + plan.part8 + plan.part9
        for (index, ref) in second.enumerated() { numbering.numbers[ref] = index + 1 }
        let firstSectionStart = second.count + 1
        let linearizationNumber = firstSectionStart
        for (index, ref) in (plan.part4 + plan.part6).enumerated() { numbering.numbers[ref] = firstSectionStart + 1 + index }
        let hintNumber = firstSectionStart + 1 + plan.part4.count + plan.part6.count
        let size = hintNumber + 1

        let sink = ObjectSink(output: output, encryptor: kept?.encryptor, deterministic: false)
        func rendered(_ ref: ObjectRef) throws -> [UInt8] {
            guard let number = numbering.numbers[ref] else { return [] }
            if ref == encryptionRef, let kept {
                return try sink.rendered(ObjectRef(number), .dictionary(kept.dictionary), encrypt: false)
            }
            return try sink.rendered(ObjectRef(number), numbering.prepared(plan.object(ref), options: options))
        }
        // First pass: every object's length (and, for deterministic output, a digest).
        var lengths: [ObjectRef: Int] = [:]
        var digest = MD5()
        for ref in plan.part4 + plan.part6 + second {
            let bytes = try rendered(ref)
            lengths[ref] = bytes.count
            if options.deterministic { digest.update(bytes) }
        }
        let id = sink.documentID(existing: KeptEncryption.existingID(of: source), encrypted: kept != nil,
                                 contentDigest: options.deterministic ? digest.finalize() : nil)

        // Layout, first as if the hint stream were absent (the hint tables' offsets are).
        let version = KeptEncryption.headerVersion(of: source, options: options, objectStreams: false, encrypted: kept != nil)
        let header = Array("%PDF-\(version)\n".utf8) + [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        let linearizationLength = Array("\(linearizationNumber) 0 obj\n".utf8).count + Self.dictionaryRoom + Array("\nendobj\n".utf8).count
        let firstTableHead = Array("xref\n\(firstSectionStart) \(size - firstSectionStart)\n".utf8)
        let firstXRefLength = firstTableHead.count + 20 * (size - firstSectionStart)
            + Array("trailer\n".utf8).count + Self.trailerRoom + Array("\nstartxref\n0\n%%EOF\n".utf8).count
        let hintAt = header.count + linearizationLength + firstXRefLength + plan.part4.reduce(0) { $0 + lengths[$1]! }
        var offsets: [ObjectRef: Int] = [:]   // as if without the hint stream
        var cursor = header.count + linearizationLength + firstXRefLength
        for ref in plan.part4 + plan.part6 + second {
            offsets[ref] = cursor
            cursor += lengths[ref]!
        }
        let endOfFirstPage = offsets[plan.part6.last!]! + lengths[plan.part6.last!]!

        // The hint stream.
        func length(of refs: ArraySlice<ObjectRef>) -> Int { refs.reduce(0) { $0 + lengths[$1]! } }
        let sharedIndex = Dictionary(uniqueKeysWithValues: (plan.part6 + plan.part8).enumerated().map { ($0.element, $0.offset) })
        var pages: [HintTables.Page] = []
        var start = 0
        for (index, count) in plan.pageObjectCounts.enumerated() {
            let objects = index == 0 ? plan.part6[0..<count] : plan.part7[start..<start + count]
            if index > 0 { start += count }
            let shared = index == 0 ? [] : plan.sharedByPage[index - 1].compactMap { sharedIndex[$0] }
            pages.append(HintTables.Page(objectCount: count, length: length(of: objects), shared: shared))
        }
        var outlines: HintTables.Outlines?
        if let first = plan.outlines.first {
            outlines = HintTables.Outlines(firstObject: numbering.numbers[first]!, firstObjectOffset: offsets[first]!,
                                           objectCount: plan.outlines.count, length: length(of: plan.outlines[...]))
        }
        let tables = HintTables(pages: pages, firstPageOffset: offsets[plan.part6[0]]!,
                                sharedLengths: (plan.part6 + plan.part8).map { lengths[$0]! },
                                sharedOnFirstPage: plan.part6.count,
                                firstSharedObject: plan.part8.first.map { numbering.numbers[$0]! } ?? 0,
                                firstSharedOffset: plan.part8.first.map { offsets[$0]! } ?? 0, outlines: outlines)
        let (hintData, sharedTable, outlineTable) = tables.encoded()
        var hintDictionary = PDFDictionary([("S", .int(sharedTable))])
        if let outlineTable { hintDictionary["O"] = .int(outlineTable) }
        let hint = try sink.rendered(ObjectRef(hintNumber), .stream(StreamPreparation.compressed(
            PDFStream(dictionary: hintDictionary, data: hintData), options: options)))

        // Final offsets: everything after the hint stream moves by its length.
        let shift = hint.count
        func real(_ offset: Int) -> Int { offset >= hintAt ? offset + shift : offset }
        let mainXRef = real(cursor)
        let mainHead = Array("xref\n0 \(firstSectionStart)".utf8)
        var mainTable = mainHead + Array("\n0000000000 65535 f\r\n".utf8)
        for ref in second { mainTable += Array(String(format: "%010d 00000 n\r\n", real(offsets[ref]!)).utf8) }
        let firstXRef = header.count + linearizationLength
        mainTable += Array("trailer\n<< /Size \(firstSectionStart) >>\nstartxref\n\(firstXRef)\n%%EOF\n".utf8)
        let fileLength = mainXRef + mainTable.count

        let linearization = PDFDictionary([
            ("Linearized", .int(1)), ("L", .int(fileLength)), ("H", .array([.int(hintAt), .int(hint.count)])),
            ("O", .int(numbering.numbers[plan.part6[0]]!)), ("E", .int(real(endOfFirstPage))), ("N", .int(plan.pages.count)),
            ("T", .int(mainXRef + mainHead.count)),
        ])
        var trailer = PDFDictionary([("Size", .int(size)), ("Prev", .int(mainXRef)), ("Root", .reference(ObjectRef(numbering.numbers[plan.root]!)))])
        if let info = rewriter.trailerInfo.map(numbering.apply), info != .null { trailer["Info"] = info }
        if let encryptionRef { trailer["Encrypt"] = .reference(ObjectRef(numbering.numbers[encryptionRef]!)) }
        if let id { trailer["ID"] = id }

        var firstTable = firstTableHead
        firstTable += Array(String(format: "%010d 00000 n\r\n", header.count).utf8)
        for ref in plan.part4 + plan.part6 {
            firstTable += Array(String(format: "%010d 00000 n\r\n", real(offsets[ref]!)).utf8)
        }
        firstTable += Array(String(format: "%010d 00000 n\r\n", hintAt).utf8)
        let linearizationObject = Array("\(linearizationNumber) 0 obj\n".utf8) + (try Self.padded(linearization, to: Self.dictionaryRoom))
            + Array("\nendobj\n".utf8)
        firstTable += Array("trailer\n".utf8) + (try Self.padded(trailer, to: Self.trailerRoom)) + Array("\nstartxref\n0\n%%EOF\n".utf8)

        // Second pass: write (nothing above has touched the output, so a plan that cannot be
        // linearized leaves it empty for a plain rewrite).
        try sink.write(header)
        try sink.write(linearizationObject)
        try sink.write(firstTable)
        for ref in plan.part4 { try sink.write(rendered(ref)) }
        try sink.write(hint)
        for ref in plan.part6 + second { try sink.write(rendered(ref)) }
        try sink.write(mainTable)
        return WriteSummary(method: .fullRewrite, fallbackReason: nil, encrypted: kept != nil, linearized: true, objectsWritten: size - 1)
    }

    /// `dictionary`'s syntax followed by spaces up to `room` bytes.
    private static func padded(_ dictionary: PDFDictionary, to room: Int) throws -> [UInt8] {
        let bytes = Serializer.bytes(.dictionary(dictionary))
        guard bytes.count <= room else {
            throw WriteError(.cannotLinearize, "the linearization data does not fit the room reserved for it")
        }
        return bytes + [UInt8](repeating: 0x20, count: room - bytes.count)
    }
}
