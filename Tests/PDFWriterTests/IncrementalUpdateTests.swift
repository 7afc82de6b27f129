import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

/// Draws `text` on the first page through an added content stream and font resource: the kind
/// of change OCR makes (a changed page dictionary and new objects).
private func drawText(_ text: String, on rewriter: DocumentRewriter) throws {
    let document = rewriter.source
    let page = try #require(try document.pages().first)
    var dictionary = rewriter.object(page.ref).dictionaryValue ?? page.dictionary
    var resources = document.resolve(dictionary["Resources"] ?? .null).dictionaryValue ?? page.resources
    var fonts = document.resolve(resources["Font"] ?? .null).dictionaryValue ?? PDFDictionary()
    fonts["LegibleTestFont"] = .reference(rewriter.add(.dictionary(PDFDictionary([
        ("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica")),
    ]))))
    resources["Font"] = .dictionary(fonts)
    dictionary["Resources"] = .dictionary(resources)
    var contents: [PDFObject]
    switch dictionary["Contents"] {
    case .array(let items)?: contents = items
    case let single?: contents = document.resolve(single).arrayValue ?? [single]
    case nil: contents = []
    }
    let data = Array("q BT /LegibleTestFont 12 Tf 20 20 Td (\(text)) Tj ET Q".utf8)
    contents.append(.reference(rewriter.add(.stream(PDFStream(dictionary: PDFDictionary([("Title", .string(Array("note".utf8)))]), data: data)))))
    dictionary["Contents"] = .array(contents)
    rewriter.set(page.ref, .dictionary(dictionary))
}

/// Writes `rewriter` incrementally into `folder`, expecting no fallback.
private func writeIncrementally(_ rewriter: DocumentRewriter, in folder: PDFFixtures.ScratchFolder, name: String = "updated.pdf",
                                options: WriteOptions = WriteOptions()) throws -> URL {
    let url = folder.file(name)
    let output = try OutputFile(destination: url)
    let summary = try rewriter.writeIncremental(to: output, options: options)
    try output.commit()
    #expect(summary.method == .incrementalUpdate, "\(summary.fallbackReason ?? "")")
    return url
}

private func qpdf(_ url: URL, _ arguments: [String], password: String?) throws -> PDFFixtures.ProcessResult {
    try PDFFixtures.run("qpdf", (password.map { ["--password=\($0)"] } ?? []) + arguments + [url.path])
}

private func pdftotext(_ url: URL, password: String?) throws -> String {
    try PDFFixtures.run("pdftotext", (password.map { ["-upw", $0] } ?? []) + ["-q", url.path, "-"]).text
}

@Suite struct IncrementalUpdateTests {
    /// A classic-table document and the same document rewritten with an xref stream.
    static func sources() throws -> [(name: String, bytes: [UInt8])] {
        var pdf = PDFFixtures.simpleDocument(pages: 2) { "Original page \($0 + 1)" }
        pdf.trailerExtra = "/ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>]"
        let streamed = try PDFFixtures.qpdfTransform(pdf.bytes, ["--object-streams=generate"])
        return [("table", pdf.bytes), ("stream", streamed)]
    }

    @Test func nothingChangedLeavesTheFileByteForByte() throws {
        for (name, bytes) in try Self.sources() {
            let folder = try PDFFixtures.ScratchFolder()
            let url = try writeIncrementally(DocumentRewriter(source: PDFDocument(bytes: bytes)), in: folder)
            #expect(try PDFFixtures.bytes(of: url) == bytes, "\(name)")
        }
    }

    @Test func changesAreAppendedInASectionOfTheSameForm() throws {
        for (name, bytes) in try Self.sources() {
            let source = try PDFDocument(bytes: bytes)
            let before = try #require(source.lastCrossReference)
            let rewriter = DocumentRewriter(source: source)
            try drawText("Appended words", on: rewriter)
            let folder = try PDFFixtures.ScratchFolder()
            let url = try writeIncrementally(rewriter, in: folder)
            let output = try PDFFixtures.bytes(of: url)

            #expect(output.starts(with: bytes), "\(name)")
            let check = try PDFFixtures.qpdfCheck(url)
            #expect(check.status == 0, "\(name): \(check.text)")
            let text = try #require(PDFFixtures.pdftotext(url))
            #expect(text.contains("Appended words") && text.contains("Original page 1") && text.contains("Original page 2"), "\(name)")
            let reread = try PDFDocument(bytes: output)
            #expect(reread.warnings.isEmpty, "\(name): \(reread.warnings)")
            #expect(reread.lastCrossReference?.form == before.form, "\(name)")
            #expect(reread.trailer["Prev"]?.intValue == before.offset, "\(name)")
            #expect(reread.trailer["Root"] == source.trailer["Root"], "\(name)")
            let id = try #require(reread.trailer["ID"]?.arrayValue)
            #expect(id.first == source.trailer["ID"]?.arrayValue?.first, "\(name)")
            #expect(id.last != id.first, "\(name): the second half of /ID is new")
            // Only the page, the new font and the new content stream (and an xref stream) were added.
            let appended = Array(output[bytes.count...])
            let objects = String(decoding: appended, as: UTF8.self).components(separatedBy: " obj").count - 1
            #expect(objects == (before.form == .stream ? 4 : 3), "\(name)")
        }
    }

    @Test(arguments: ["pdf/qpdf/incremental-2.pdf", "pdf/qpdf/c-object-streams.pdf", "pdf/qpdf/11-pages.pdf", "pdf/pdfjs/tracemonkey_freetext.pdf"])
    func corpusFilesTakeAnUpdate(path: String) throws {
        let input = PDFFixtures.corpus(path)
        let bytes = try PDFFixtures.bytes(of: input)
        let rewriter = DocumentRewriter(source: try PDFDocument(bytes: bytes))
        try drawText("Appended words", on: rewriter)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try writeIncrementally(rewriter, in: folder)
        #expect(try PDFFixtures.bytes(of: url).starts(with: bytes))
        let check = try PDFFixtures.qpdfCheck(url)
        #expect(try check.status == 0 || check.status == PDFFixtures.qpdfCheck(input).status, "\(check.text) \(check.stderr)")
        #expect(PDFFixtures.qpdfPageCount(url) == PDFFixtures.qpdfPageCount(input))
        #expect(PDFFixtures.pdftotext(url)?.contains("Appended words") == true)
    }

    /// New objects are encrypted with the document's key and method, so that qpdf and poppler
    /// read them with the same password, and the encryption is unchanged.
    @Test(arguments: [["40"], ["128", "--use-aes=n"], ["128", "--use-aes=y"], ["256"]])
    func updatesOfEncryptedFilesAreEncryptedLikeTheFile(encryption: [String]) throws {
        let plain = PDFFixtures.simpleDocument { _ in "Original page" }.bytes
        let encrypted = try PDFFixtures.qpdfTransform(plain, ["--allow-weak-crypto", "--encrypt", "user", "owner"] + encryption + ["--"])
        let source = try PDFDocument(bytes: encrypted, password: "user")
        let rewriter = DocumentRewriter(source: source)
        try drawText("Secret addition", on: rewriter)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try writeIncrementally(rewriter, in: folder)
        let output = try PDFFixtures.bytes(of: url)

        #expect(output.starts(with: encrypted))
        #expect(!PDFFixtures.contains(Array(output[encrypted.count...]), "Secret addition"))
        #expect(!PDFFixtures.contains(Array(output[encrypted.count...]), "(note)"))
        let check = try qpdf(url, ["--check"], password: "user")
        #expect(check.status == 0, "\(check.text) \(check.stderr)")
        #expect(try pdftotext(url, password: "user").contains("Secret addition"))
        let inputURL = folder.file("input.pdf")
        try PDFFixtures.write(encrypted, to: inputURL)
        #expect(try qpdf(url, ["--show-encryption"], password: "owner").text == qpdf(inputURL, ["--show-encryption"], password: "owner").text)
        let reread = try PDFDocument(bytes: output, password: "user")
        #expect(reread.encryption == source.encryption)
    }

    @Test func aHybridFileFallsBackToAFullRewriteWithAReason() throws {
        let source = try PDFDocument(bytes: PDFFixtures.bytes(of: PDFFixtures.corpus("pdf/qpdf/hybrid-xref.pdf")))
        let rewriter = DocumentRewriter(source: source)
        #expect(rewriter.incrementalUpdateObstacle()?.contains("hybrid") == true)
        let folder = try PDFFixtures.ScratchFolder()
        let output = try OutputFile(destination: folder.file("out.pdf"))
        let summary = try rewriter.writeIncremental(to: output)
        try output.commit()
        #expect(summary.method == .fullRewrite)
        #expect(summary.fallbackReason?.contains("hybrid") == true)
        #expect(try PDFFixtures.qpdfCheck(folder.file("out.pdf")).status == 0)
    }

    @Test func aFileWhoseCrossReferenceWasRebuiltFallsBack() throws {
        let (good, _, xref) = PDFFixtures.simpleDocument().build()
        // Point startxref into the middle of the table.
        let tail = Array("startxref\n\(xref)\n%%EOF\n".utf8)
        let bytes = Array(good.dropLast(tail.count)) + Array("startxref\n\(xref + 7)\n%%EOF\n".utf8)
        let source = try PDFDocument(bytes: bytes)
        #expect(source.crossReferenceRebuilt)
        #expect(source.lastCrossReference == nil)
        #expect(DocumentRewriter(source: source).incrementalUpdateObstacle()?.contains("damaged") == true)
    }

    @Test func decryptingCannotBeIncremental() throws {
        let encrypted = try PDFFixtures.qpdfTransform(PDFFixtures.simpleDocument().bytes, ["--allow-weak-crypto", "--encrypt", "", "owner", "128", "--"])
        var options = WriteOptions()
        options.encryption = .remove
        #expect(DocumentRewriter(source: try PDFDocument(bytes: encrypted)).incrementalUpdateObstacle(options: options) != nil)
    }

    @Test func deterministicUpdatesAreIdentical() throws {
        let encrypted = try PDFFixtures.qpdfTransform(PDFFixtures.simpleDocument().bytes, ["--encrypt", "", "owner", "256", "--"])
        var options = WriteOptions()
        options.deterministic = true
        var outputs: [[UInt8]] = []
        for _ in 0..<2 {
            let rewriter = DocumentRewriter(source: try PDFDocument(bytes: encrypted))
            try drawText("Same every time", on: rewriter)
            let folder = try PDFFixtures.ScratchFolder()
            outputs.append(try PDFFixtures.bytes(of: writeIncrementally(rewriter, in: folder, options: options)))
        }
        #expect(outputs[0] == outputs[1])
    }
}

/// Signed files: an incremental update keeps every signature valid, as poppler checks it.
@Suite(.enabled(if: PDFSigning.toolsAvailable)) struct SignedIncrementalUpdateTests {
    @Test(arguments: ["pdf/qpdf/digitally-signed.pdf", "pdf/qpdf/minimal-signed-restricted.pdf"])
    func corpusSignaturesStayValid(path: String) throws {
        let input = PDFFixtures.corpus(path)
        let bytes = try PDFFixtures.bytes(of: input)
        let source = try PDFDocument(bytes: bytes)
        #expect(source.isSigned)
        let rewriter = DocumentRewriter(source: source)
        try drawText("Appended after signing", on: rewriter)
        let folder = try PDFFixtures.ScratchFolder()
        let url = try writeIncrementally(rewriter, in: folder)
        #expect(try PDFFixtures.bytes(of: url).starts(with: bytes))
        #expect(try PDFSigning.verdicts(url) == ["Signature is Valid."])
        #expect(PDFFixtures.pdftotext(url)?.contains("Appended after signing") == true)
        let check = try PDFFixtures.qpdfCheck(url)
        // No error the input did not have (the signed corpus file's hint-table warning goes
        // away: qpdf does not check the linearization of an updated file).
        #expect(try check.status == 0 || check.status == PDFFixtures.qpdfCheck(input).status, "\(check.text) \(check.stderr)")
    }

    @Test func aScanSignedAtTestTimeStaysValid() throws {
        let signed = try PDFSigning.sign(PDFFixtures.bytes(of: PDFFixtures.sample("scan-g4.pdf")))
        let folder = try PDFFixtures.ScratchFolder()
        let signedURL = folder.file("signed.pdf")
        try PDFFixtures.write(signed, to: signedURL)
        #expect(try PDFSigning.verdicts(signedURL) == ["Signature is Valid."])
        let source = try PDFDocument(bytes: signed)
        #expect(source.signatures().map(\.fieldName) == ["LegibleTestSignature"])
        #expect(source.signatures().first?.coversWholeFile(ofLength: signed.count) == true)

        let rewriter = DocumentRewriter(source: source)
        try drawText("Recognized later", on: rewriter)
        let url = try writeIncrementally(rewriter, in: folder)
        #expect(try PDFSigning.verdicts(url) == ["Signature is Valid."])
        #expect(try PDFDocument(bytes: PDFFixtures.bytes(of: url)).signatures().first?.coversWholeFile(ofLength: signed.count) == true)
    }

    @Test func aFullRewriteInvalidatesTheSignature() throws {
        let input = PDFFixtures.corpus("pdf/qpdf/digitally-signed.pdf")
        let folder = try PDFFixtures.ScratchFolder()
        let url = try PDFFixtures.write(DocumentRewriter(source: PDFDocument(bytes: PDFFixtures.bytes(of: input))), in: folder)
        #expect(try PDFSigning.verdicts(url) != ["Signature is Valid."])
    }
}
