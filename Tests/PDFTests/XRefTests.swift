import Foundation
import Testing
@testable import PDF
import TestSupport

/// The in-use entries of the file's merged cross-reference, as qpdf `--show-xref` prints them
/// (`N/G: uncompressed; offset = O` and `N/G: compressed; stream = S, index = I`).
private func qpdfXRef(_ bytes: [UInt8]) throws -> [Int: XRefEntry] {
    let scratch = try PDFFixtures.ScratchFolder()
    let url = scratch.file("in.pdf")
    try PDFFixtures.write(bytes, to: url)
    let result = try PDFFixtures.run("qpdf", ["--show-xref", url.path])
    try #require(result.status == 0 || result.status == 3, "qpdf --show-xref: \(result.stderr)")
    var entries: [Int: XRefEntry] = [:]
    for line in result.text.split(separator: "\n") {
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let id = parts[0].split(separator: "/").compactMap { Int($0) }
        let numbers = parts[1].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard id.count == 2 else { continue }
        if parts[1].contains("uncompressed"), numbers.count == 1 {
            entries[id[0]] = .offset(numbers[0], generation: id[1])
        } else if parts[1].contains("compressed"), numbers.count == 2 {
            entries[id[0]] = .compressed(stream: numbers[0], index: numbers[1])
        }
    }
    return entries
}

/// Our merged cross-reference, in-use entries only.
private func ourXRef(_ bytes: [UInt8]) throws -> [Int: XRefEntry] {
    guard let start = PDFFixtures.lastStartXRef(bytes) else { throw PDFFixtures.FixtureError("no startxref") }
    let table = try XRefReader(bytes: bytes).read(startOffset: start)
    return table.entries.filter { $0.value != .free }
}

/// A file with a hand-made cross-reference stream (W [1 2 1], two /Index ranges) and an object
/// stream holding the page tree (2) and an array (7). Object 5 is in no range.
private func handMadeXRefStreamFile() -> [UInt8] {
    var out = Array("%PDF-1.5\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
    var offsets: [Int: Int] = [:]
    func object(_ number: Int, _ body: [UInt8]) {
        offsets[number] = out.count
        out += Array("\(number) 0 obj\n".utf8) + body + Array("\nendobj\n".utf8)
    }
    object(1, Array("<< /Type /Catalog /Pages 2 0 R >>".utf8))
    object(3, Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>".utf8))
    object(4, PDFFixtures.streamBody(text: "0 0 m 200 100 l S"))
    let pages = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
    let array = "[(in an object stream) 7]"
    let header = "2 0 7 \(pages.utf8.count + 1) "
    object(6, PDFFixtures.streamBody("/Type /ObjStm /N 2 /First \(header.utf8.count) /Filter /FlateDecode",
                                     Flate.deflate(Array((header + pages + " " + array).utf8))))
    let xrefOffset = out.count
    func row(_ type: UInt8, _ field: Int, _ third: UInt8) -> [UInt8] { [type, UInt8(field >> 8), UInt8(field & 0xFF), third] }
    var rows = row(0, 0, 255) + row(1, offsets[1]!, 0) + row(2, 6, 0) + row(1, offsets[3]!, 0) + row(1, offsets[4]!, 0)
    rows += row(1, offsets[6]!, 0) + row(2, 6, 1) + row(1, xrefOffset, 0)
    out += Array("8 0 obj\n".utf8)
    out += PDFFixtures.streamBody("/Type /XRef /Size 9 /W [1 2 1] /Index [0 5 6 3] /Root 1 0 R", rows)
    out += Array("\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
    return out
}

@Suite struct XRefStreamTests {
    @Test func aHandMadeXRefStreamIsValidForQpdf() throws {
        let scratch = try PDFFixtures.ScratchFolder()
        let url = scratch.file("xref-stream.pdf")
        try PDFFixtures.write(handMadeXRefStreamFile(), to: url)
        let check = try PDFFixtures.qpdfCheck(url)
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
    }

    @Test func aHandMadeXRefStreamIsRead() throws {
        let bytes = handMadeXRefStreamFile()
        let document = try PDFDocument(bytes: bytes)
        #expect(document.warnings.isEmpty)
        #expect(document.trailer["Type"] == .name("XRef"))
        #expect(try document.object(ObjectRef(7)) == .array([.string(Array("in an object stream".utf8)), .int(7)]))
        #expect(try document.object(ObjectRef(5)) == .null)
        let pages = try document.pages()
        #expect(pages.count == 1)
        #expect(pages[0].mediaBox == PDFRect(0, 0, 200, 100))
        #expect(try document.contents(of: pages[0]) == Array("0 0 m 200 100 l S\n".utf8))
        #expect(try ourXRef(bytes) == qpdfXRef(bytes))
    }

    @Test func qpdfGeneratedObjectStreamsAreRead() throws {
        let original = PDFFixtures.simpleDocument(pages: 3) { "Object stream page \($0 + 1)" }.bytes
        let packed = try PDFFixtures.qpdfTransform(original, ["--object-streams=generate", "--compress-streams=y"])
        let document = try PDFDocument(bytes: packed)
        #expect(document.trailer["Type"] == .name("XRef"))
        #expect(document.warnings.isEmpty)
        // qpdf packs the catalog into an object stream: it is not in the file as plain text.
        #expect(!String(decoding: packed, as: UTF8.self).contains("/Catalog"))
        #expect(try document.catalog()["Type"] == .name("Catalog"))
        let pages = try document.pages()
        #expect(pages.count == 3)
        for page in pages {
            let text = String(decoding: try document.contents(of: page), as: UTF8.self)
            #expect(text.contains("(Object stream page \(page.index + 1)) Tj"))
            #expect(page.resources["Font"]?.dictionaryValue?["F1"] != nil)
        }
        let entries = try ourXRef(packed)
        #expect(entries.values.contains { if case .compressed = $0 { true } else { false } })
        #expect(entries == (try qpdfXRef(packed)))
    }

    @Test func everyObjectOfAnObjectStreamFileResolves() throws {
        let packed = try PDFFixtures.qpdfTransform(PDFFixtures.simpleDocument(pages: 4).bytes,
                                                   ["--object-streams=generate"])
        let document = try PDFDocument(bytes: packed)
        for number in document.objectNumbers {
            #expect(try document.object(ObjectRef(number)) != .null, "object \(number)")
        }
    }

    @Test(arguments: ["pdf/qpdf/hybrid-xref.pdf", "pdf/qpdf/good17.pdf", "pdf/pdfjs/issue10301.pdf",
                      "pdf/pdfjs/issue21126.pdf", "pdf/qpdf/incremental-2.pdf", "pdf/qpdf/lin5.pdf",
                      "pdf/qpdf/c-object-streams.pdf", "pdf/qpdf/delete-and-reuse.pdf"])
    func mergedEntriesMatchQpdf(path: String) throws {
        let bytes = try PDFFixtures.bytes(of: PDFFixtures.corpus(path))
        #expect(try ourXRef(bytes) == qpdfXRef(bytes))
    }

    @Test func hybridFilesReadTheirHiddenObjects() throws {
        let url = PDFFixtures.corpus("pdf/qpdf/hybrid-xref.pdf")
        let bytes = try PDFFixtures.bytes(of: url)
        let document = try PDFDocument(bytes: bytes)
        #expect(document.trailer["XRefStm"] != nil)
        let pages = try document.pages()
        #expect(pages.count == PDFFixtures.qpdfPageCount(url))
        for page in pages { #expect(try !document.contents(of: page).isEmpty) }
    }
}

@Suite struct ClassicXRefTests {
    @Test func severalSubsectionsAndGaps() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(10, "(ten)")
        pdf.add(11, "(eleven)")
        let built = pdf.build()
        var out = Array(built.bytes[0..<built.xref])
        let xref = out.count
        func entry(_ n: Int) -> String { String(format: "%010d 00000 n\r\n", built.offsets[n]!) }
        out += Array(("xref\n0 1\n0000000000 65535 f\r\n1 5\n" + (1...5).map(entry).joined()
                      + "10 2\n" + entry(10) + entry(11)).utf8)
        out += Array("trailer\n<< /Size 12 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        let document = try PDFDocument(bytes: out)
        #expect(document.warnings.isEmpty)
        #expect(try document.object(ObjectRef(10)) == .string(Array("ten".utf8)))
        #expect(try document.object(ObjectRef(11)) == .string(Array("eleven".utf8)))
        #expect(try document.object(ObjectRef(7)) == .null)
        #expect(try document.pages().count == 1)
    }

    @Test func entriesWithSingleSpaceOrLFEndingsAreRead() throws {
        // Some writers end entries with " \n" or "\n" instead of the two-byte "\r\n".
        var built = PDFFixtures.simpleDocument().build()
        var text = String(decoding: built.bytes[built.xref...], as: UTF8.self)
        text = text.replacingOccurrences(of: "\r\n", with: " \n")
        built.bytes = Array(built.bytes[0..<built.xref]) + Array(text.utf8)
        let document = try PDFDocument(bytes: built.bytes)
        #expect(document.warnings.isEmpty)
        #expect(try document.pages().count == 1)
    }

    @Test func aPrevChainThatLoopsDoesNotHang() throws {
        var built = PDFFixtures.simpleDocument().build()
        let trailer = "trailer\n<< /Size 6 /Root 1 0 R >>"
        let looped = "trailer\n<< /Size 6 /Root 1 0 R /Prev \(built.xref) >>"
        var text = String(decoding: built.bytes[built.xref...], as: UTF8.self)
        text = text.replacingOccurrences(of: trailer, with: looped)
        #expect(text.contains("/Prev"))
        built.bytes = Array(built.bytes[0..<built.xref]) + Array(text.utf8)
        let document = try PDFDocument(bytes: built.bytes)
        #expect(try document.pages().count == 1)
    }

    @Test func aPrevOutsideTheFileIsReadAroundWithAWarning() throws {
        var built = PDFFixtures.simpleDocument().build()
        var text = String(decoding: built.bytes[built.xref...], as: UTF8.self)
        text = text.replacingOccurrences(of: "/Root 1 0 R", with: "/Root 1 0 R /Prev 99999999")
        built.bytes = Array(built.bytes[0..<built.xref]) + Array(text.utf8)
        let document = try PDFDocument(bytes: built.bytes)
        #expect(!document.warnings.isEmpty)
        #expect(try document.pages().count == 1)
    }
}

@Suite struct IncrementalUpdateTests {
    @Test func theNewestDefinitionWins() throws {
        let base = PDFFixtures.simpleDocument { _ in "Original" }.bytes
        let first = PDFFixtures.incrementalUpdate(base, objects: [
            (5, String(decoding: PDFFixtures.streamBody(text: "BT /F1 24 Tf 72 700 Td (First update) Tj ET"), as: UTF8.self)),
            (6, "<< /Title (first) >>"),
        ], trailerExtra: "/Info 6 0 R")
        let second = PDFFixtures.incrementalUpdate(first, objects: [
            (5, String(decoding: PDFFixtures.streamBody(text: "BT /F1 24 Tf 72 700 Td (Second update) Tj ET"), as: UTF8.self)),
        ])
        let document = try PDFDocument(bytes: second)
        #expect(document.warnings.isEmpty)
        let page = try #require(try document.pages().first)
        let text = String(decoding: try document.contents(of: page), as: UTF8.self)
        #expect(text.contains("(Second update)"))
        #expect(!text.contains("Original") && !text.contains("First update"))
        // The newest trailer has no /Info; the one before it does, and it is kept.
        #expect(document.trailer["Info"] == .reference(ObjectRef(6)))
        #expect(document.resolve(.reference(ObjectRef(6))).dictionaryValue?["Title"] == .string(Array("first".utf8)))
        #expect(document.trailer["Prev"]?.intValue == PDFFixtures.lastStartXRef(first))
        // poppler reads the same page text.
        let scratch = try PDFFixtures.ScratchFolder()
        try PDFFixtures.write(second, to: scratch.file("updated.pdf"))
        #expect(PDFFixtures.pdftotext(scratch.file("updated.pdf"))?.contains("Second update") == true)
    }

    @Test func anUpdateCanFreeAnObject() throws {
        var pdf = PDFFixtures.simpleDocument()
        pdf.add(8, "(doomed)")
        let base = pdf.bytes
        let previous = try #require(PDFFixtures.lastStartXRef(base))
        var out = base
        let xref = out.count
        out += Array("xref\n8 1\n0000000000 00001 f\r\ntrailer\n<< /Size 9 /Root 1 0 R /Prev \(previous) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        let document = try PDFDocument(bytes: out)
        #expect(try document.object(ObjectRef(8)) == .null)
        #expect(!document.objectNumbers.contains(8))
        #expect(try PDFDocument(bytes: base).object(ObjectRef(8)) == .string(Array("doomed".utf8)))
    }

    @Test func anUpdateWithAnXRefStreamOverAClassicFile() throws {
        // Mixed chains: a classic original, then an update whose cross-reference is a stream.
        let base = PDFFixtures.simpleDocument { _ in "Original" }.bytes
        let previous = try #require(PDFFixtures.lastStartXRef(base))
        var out = base
        let objectOffset = out.count
        out += Array("5 0 obj\n".utf8) + PDFFixtures.streamBody(text: "BT (Streamed update) Tj ET") + Array("\nendobj\n".utf8)
        let xrefOffset = out.count
        let rows: [UInt8] = [1, UInt8(objectOffset >> 16), UInt8(objectOffset >> 8 & 0xFF), UInt8(objectOffset & 0xFF), 0,
                             1, UInt8(xrefOffset >> 16), UInt8(xrefOffset >> 8 & 0xFF), UInt8(xrefOffset & 0xFF), 0]
        out += Array("9 0 obj\n".utf8)
        out += PDFFixtures.streamBody("/Type /XRef /Size 10 /W [1 3 1] /Index [5 1 9 1] /Root 1 0 R /Prev \(previous)", rows)
        out += Array("\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        let document = try PDFDocument(bytes: out)
        #expect(document.warnings.isEmpty)
        let text = String(decoding: try document.contents(of: document.pages()[0]), as: UTF8.self)
        #expect(text.contains("Streamed update"))
        #expect(try ourXRef(out) == qpdfXRef(out))
    }

    @Test(arguments: ["pdf/qpdf/incremental-1.pdf", "pdf/qpdf/incremental-2.pdf", "pdf/qpdf/incremental-3.pdf"])
    func corpusIncrementalFilesMatchQpdf(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        #expect(try document.pages().count == PDFFixtures.qpdfPageCount(url))
    }
}
