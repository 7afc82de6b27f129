import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

private func options(objectStreams: Bool) -> WriteOptions {
    var options = WriteOptions()
    options.useObjectStreams = objectStreams
    return options
}

/// Every object of `document` (following object streams), with its number.
private func allObjects(_ document: PDFDocument) throws -> [(Int, PDFObject)] {
    try document.objectNumbers.map { ($0, try document.object(ObjectRef($0))) }
}

@Suite struct RewriteOracleTests {
    static let corpusFiles = [
        "pdf/qpdf/11-pages.pdf", "pdf/qpdf/hybrid-xref.pdf", "pdf/qpdf/c-object-streams.pdf", "pdf/qpdf/incremental-2.pdf",
        "pdf/qpdf/inherited-rotate.pdf", "pdf/pdfjs/bug1708041.pdf", "pdf/pdfjs/issue10301.pdf",
        "pdf/pdfjs/tracemonkey_freetext.pdf", "scans/graph_ocred.pdf", "scans/multipage.pdf",
    ]

    static var inputs: [URL] {
        PDFFixtures.samplePDFs() + corpusFiles.map(PDFFixtures.corpus)
    }

    @Test(arguments: inputs, [true, false])
    func aFullRewriteIsValidAndKeepsPagesAndText(input: URL, objectStreams: Bool) throws {
        let source = try PDFDocument(bytes: PDFFixtures.bytes(of: input))
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: source), options(objectStreams: objectStreams), in: folder)
        let name = input.lastPathComponent

        let check = try PDFFixtures.qpdfCheck(url)
        #expect(check.status == 0, "\(name): \(check.text) \(check.stderr)")
        #expect(PDFFixtures.qpdfPageCount(url) == PDFFixtures.qpdfPageCount(input), "\(name)")
        let textBefore = try #require(PDFFixtures.pdftotext(input))
        #expect(PDFFixtures.pdftotext(url) == textBefore, "\(name)")

        let bytes = try PDFFixtures.bytes(of: url)
        let reread = try PDFDocument(bytes: bytes)
        #expect(reread.warnings.isEmpty)
        #expect(try reread.pages().count == source.pages().count)
        for (before, after) in zip(try source.pages(), try reread.pages()) {
            #expect(after.mediaBox == before.mediaBox && after.rotation == before.rotation, "\(name) page \(before.index)")
            #expect(try reread.contents(of: after) == source.contents(of: before), "\(name) page \(before.index)")
        }
        // Dense numbering from 1.
        #expect(reread.objectNumbers == Array(1...(reread.objectNumbers.count)))
        if objectStreams {
            #expect(reread.trailer["Type"] == .name("XRef"))
            #expect(PDFFixtures.contains(bytes, "/Type/ObjStm"))
            #expect(reread.version >= "1.5")
        } else {
            #expect(reread.trailer["Type"] == nil)
            #expect(!PDFFixtures.contains(bytes, "ObjStm"))
            #expect(PDFFixtures.contains(bytes, "\nxref\n") || PDFFixtures.contains(bytes, "\rxref"))
        }
    }
}

@Suite struct RewriteBehaviourTests {
    @Test(arguments: [true, false])
    func unreachableObjectsAreDropped(objectStreams: Bool) throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(20, "(SOURCE-ORPHAN)")
        let source = try PDFDocument(bytes: pdf.bytes)
        let rewriter = DocumentRewriter(source: source)
        let orphan = rewriter.add(.string(Array("ADDED-ORPHAN".utf8)))
        #expect(orphan.number > 20)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(rewriter, options(objectStreams: objectStreams), in: folder)
        let output = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        let strings = try allObjects(output).compactMap { $0.1.stringBytes }.map { String(decoding: $0, as: UTF8.self) }
        #expect(!strings.contains("SOURCE-ORPHAN"))
        #expect(!strings.contains("ADDED-ORPHAN"))
        // catalog, pages, font, page, content (+ object stream and xref stream when packed)
        let xref = try PDFFixtures.run("qpdf", ["--show-xref", url.path]).text
        let count = xref.split(separator: "\n").count
        #expect(count == (objectStreams ? 7 : 5), "\(xref)")
        if !objectStreams {
            let bytes = try PDFFixtures.bytes(of: url)
            #expect(!PDFFixtures.contains(bytes, "ORPHAN"))
        }
    }

    @Test func addedObjectsThatAreReferencedAreWritten() throws {
        let source = try PDFDocument(bytes: PDFFixtures.simpleDocument().bytes)
        let rewriter = DocumentRewriter(source: source)
        let info = rewriter.add(.dictionary(PDFDictionary([("Title", .string(Array("Rewritten title".utf8)))])))
        var catalog = try #require(rewriter.object(ObjectRef(1)).dictionaryValue)
        let marker = rewriter.reserve()
        catalog["PieceInfo"] = .reference(marker)
        rewriter.set(marker, .array([.reference(info), .name("Marked")]))
        rewriter.set(ObjectRef(1), .dictionary(catalog))
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(rewriter, WriteOptions(), in: folder)
        let output = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        let piece = output.resolve(try output.catalog()["PieceInfo"] ?? .null).arrayValue
        #expect(piece?.count == 2)
        #expect(piece?.last == .name("Marked"))
        #expect(output.resolve(piece?.first ?? .null).dictionaryValue?["Title"] == .string(Array("Rewritten title".utf8)))
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
    }

    @Test func replacingAContentStreamChangesThePageText() throws {
        let source = try PDFDocument(bytes: PDFFixtures.simpleDocument { _ in "Before" }.bytes)
        let rewriter = DocumentRewriter(source: source)
        #expect(rewriter.object(ObjectRef(5)).streamValue != nil)
        rewriter.set(ObjectRef(5), .stream(PDFStream(dictionary: PDFDictionary(),
                                                     data: Array("BT /F1 24 Tf 72 700 Td (After) Tj ET".utf8))))
        #expect(rewriter.object(ObjectRef(5)).streamValue?.data.count == 36)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(rewriter, WriteOptions(), in: folder)
        #expect(PDFFixtures.pdftotext(url)?.contains("After") == true)
        #expect(PDFFixtures.pdftotext(url)?.contains("Before") == false)
    }

    @Test func lengthsAreRecomputedAndIndirectLengthObjectsDropped() throws {
        var pdf = PDFFixtures.simpleDocument()
        let content = "BT /F1 24 Tf 72 700 Td (Indirect) Tj ET"
        pdf.objects.removeAll { $0.number == 5 }
        pdf.add(5, bytes: PDFFixtures.streamBody(text: content, length: "9 0 R"))
        pdf.add(9, "\(content.utf8.count)")
        var options = WriteOptions()
        options.useObjectStreams = false
        options.compressStreams = false
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: PDFDocument(bytes: pdf.bytes)), options, in: folder)
        let output = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        let streams = try allObjects(output).compactMap { $0.1.streamValue }
        #expect(streams.count == 1)
        #expect(streams.first?.dictionary["Length"] == .int(content.utf8.count))
        #expect(try allObjects(output).allSatisfy { $0.1.intValue == nil })
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
    }

    @Test func uncompressedStreamsAreCompressedOnlyWhenAsked() throws {
        let long = String(repeating: "0 0 m 612 792 l S\n", count: 40)
        let source = try PDFDocument(bytes: PDFFixtures.simpleDocument { _ in long }.bytes)
        let folder = try PDFFixtures.ScratchFolder()

        let packedURL = try PDFFixtures.write(DocumentRewriter(source: source), WriteOptions(), in: folder, name: "packed.pdf")
        let packed = try PDFDocument(bytes: PDFFixtures.bytes(of: packedURL))
        let content = try #require(packed.resolve(packed.pages()[0].dictionary["Contents"] ?? .null).streamValue)
        #expect(content.dictionary["Filter"] == .name("FlateDecode"))
        #expect(content.data.count < long.utf8.count)
        #expect(String(decoding: try packed.decodedData(of: content), as: UTF8.self).contains(long))

        var plain = WriteOptions()
        plain.compressStreams = false
        let plainURL = try PDFFixtures.write(DocumentRewriter(source: source), plain, in: folder, name: "plain.pdf")
        let kept = try PDFDocument(bytes: PDFFixtures.bytes(of: plainURL))
        let keptContent = try #require(kept.resolve(kept.pages()[0].dictionary["Contents"] ?? .null).streamValue)
        #expect(keptContent.dictionary["Filter"] == nil)
        #expect(try kept.contents(of: kept.pages()[0]) == source.contents(of: source.pages()[0]))
    }

    @Test func smallObjectStreamsStillMakeAValidFile() throws {
        let source = try PDFDocument(bytes: PDFFixtures.simpleDocument(pages: 9).bytes)
        var options = WriteOptions()
        options.objectsPerStream = 2
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: source), options, in: folder)
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        let xref = try PDFFixtures.run("qpdf", ["--show-xref", url.path]).text
        let streams = Set(xref.split(separator: "\n").compactMap { line -> Substring? in
            guard let range = line.range(of: "stream = ") else { return nil }
            return line[range.upperBound...].prefix { $0.isNumber }
        })
        #expect(streams.count >= 6)
        #expect(try PDFDocument(bytes: PDFFixtures.bytes(of: url)).pages().count == 9)
    }

    /// `WriteOptions.compressionLevel` is documented as 0–9; a level zlib refuses must not turn
    /// every compressed stream, object stream and the xref stream into zero bytes.
    @Test(arguments: [10 as Int32, -5])
    func anOutOfRangeCompressionLevelStillWritesAValidFile(level: Int32) throws {
        let source = try PDFDocument(bytes: PDFFixtures.simpleDocument(pages: 2) { _ in String(repeating: "long text ", count: 20) }.bytes)
        var options = WriteOptions()
        options.compressionLevel = level
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: source), options, in: folder)
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        #expect(PDFFixtures.qpdfPageCount(url) == 2)
    }

    /// `objectsPerStream = 0` makes empty object streams (`/N 0`), so every non-stream object,
    /// the catalog included, is missing from the output.
    @Test func zeroObjectsPerStreamStillWritesEveryObject() throws {
        let source = try PDFDocument(bytes: PDFFixtures.simpleDocument(pages: 2).bytes)
        var options = WriteOptions()
        options.objectsPerStream = 0
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: source), options, in: folder)
        #expect(try PDFFixtures.qpdfCheck(url).status == 0)
        #expect(PDFFixtures.qpdfPageCount(url) == 2)
    }

    /// A negative `objectsPerStream` builds the range `chunkStart..<chunkStart - 1`: a trap.
    @Test func aNegativeObjectsPerStreamDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let folder = try PDFFixtures.ScratchFolder()
            var options = WriteOptions()
            options.objectsPerStream = -1
            let output = try OutputFile(destination: folder.file("out.pdf"))
            try DocumentRewriter(source: PDFDocument(bytes: PDFFixtures.simpleDocument().bytes)).write(to: output, options: options)
        }
    }

    @Test func theDocumentIdentityIsKeptAndTheInstanceIsNew() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.trailerExtra = "/ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>]"
        let source = try PDFDocument(bytes: pdf.bytes)
        for objectStreams in [true, false] {
            let folder = try PDFFixtures.ScratchFolder()
            let url = try PDFFixtures.write(DocumentRewriter(source: source), options(objectStreams: objectStreams), in: folder)
            let id = try #require(try PDFDocument(bytes: PDFFixtures.bytes(of: url)).trailer["ID"]?.arrayValue)
            #expect(id.count == 2)
            #expect(id.first == .string([0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF]))
            #expect(id.last != id.first)
            #expect(id.last?.stringBytes?.count == 16)
        }
    }

    @Test func theInfoDictionaryIsKept() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(9, "<< /Title (Quarterly report) /Author (Legible) >>")
        pdf.trailerExtra = "/Info 9 0 R"
        let source = try PDFDocument(bytes: pdf.bytes)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: source), WriteOptions(), in: folder)
        let info = try PDFFixtures.run("pdfinfo", [url.path]).text
        #expect(info.contains("Quarterly report"))
        #expect(info.contains("Legible"))
    }

    @Test func anIncrementallyUpdatedSourceIsWrittenAsItsNewestState() throws {
        let base = PDFFixtures.simpleDocument { _ in "Old text" }.bytes
        let updated = PDFFixtures.incrementalUpdate(base, objects: [
            (5, String(decoding: PDFFixtures.streamBody(text: "BT /F1 24 Tf 72 700 Td (New text) Tj ET"), as: UTF8.self)),
        ])
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: PDFDocument(bytes: updated)), options(objectStreams: false), in: folder)
        let bytes = try PDFFixtures.bytes(of: url)
        #expect(PDFFixtures.pdftotext(url)?.contains("New text") == true)
        #expect(!PDFFixtures.contains(bytes, "Old text"))
        #expect(!PDFFixtures.contains(bytes, "/Prev"))
    }

    @Test func anUncommittedWriteLeavesNoFile() throws {
        let source = try PDFDocument(bytes: PDFFixtures.simpleDocument().bytes)
        let folder = try PDFFixtures.ScratchFolder()
        do {
            let output = try OutputFile(destination: folder.file("never.pdf"))
            try DocumentRewriter(source: source).write(to: output)
        }
        #expect(folder.contents().isEmpty)
    }
}
