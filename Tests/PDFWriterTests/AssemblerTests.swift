import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

/// A two-page document assembled from scratch; the content streams carry `/Length` only when
/// `withLengths` is true.
private func assembled(withLengths: Bool) -> [UInt8] {
    var assembler = PDFAssembler()
    let catalog = assembler.reserve()
    let pages = assembler.reserve()
    let font = assembler.add(.dictionary(PDFDictionary([("Type", .name("Font")), ("Subtype", .name("Type1")),
                                                        ("BaseFont", .name("Helvetica"))])))
    var kids: [PDFObject] = []
    for index in 1...2 {
        let data = Array("BT /F1 24 Tf 72 700 Td (Assembled page \(index)) Tj ET".utf8)
        let dictionary = withLengths ? PDFDictionary([("Length", .int(data.count))]) : PDFDictionary()
        let content = assembler.add(.stream(PDFStream(dictionary: dictionary, data: data)))
        let page = assembler.add(.dictionary(PDFDictionary([
            ("Type", .name("Page")), ("Parent", .reference(pages)), ("MediaBox", PDFRect(0, 0, 612, 792).object),
            ("Resources", .dictionary(PDFDictionary([("Font", .dictionary(PDFDictionary([("F1", .reference(font))])))]))),
            ("Contents", .reference(content)),
        ])))
        kids.append(.reference(page))
    }
    assembler.set(pages, .dictionary(PDFDictionary([("Type", .name("Pages")), ("Kids", .array(kids)), ("Count", .int(2))])))
    assembler.set(catalog, .dictionary(PDFDictionary([("Type", .name("Catalog")), ("Pages", .reference(pages))])))
    return assembler.bytes(root: catalog, version: "1.6")
}

@Suite struct AssemblerTests {
    @Test func anAssembledDocumentReadsBack() throws {
        let bytes = assembled(withLengths: true)
        #expect(bytes.starts(with: Array("%PDF-1.6\n".utf8)))
        let document = try PDFDocument(bytes: bytes)
        #expect(document.warnings.isEmpty)
        #expect(document.version == "1.6")
        let pages = try document.pages()
        #expect(pages.count == 2)
        #expect(String(decoding: try document.contents(of: pages[1]), as: UTF8.self).contains("(Assembled page 2)"))
    }

    @Test func anAssembledDocumentPassesQpdfAndPoppler() throws {
        let folder = try PDFFixtures.ScratchFolder()
        let url = folder.file("assembled.pdf")
        try PDFFixtures.write(assembled(withLengths: true), to: url)
        let check = try PDFFixtures.qpdfCheck(url)
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
        let text = PDFFixtures.pdftotext(url) ?? ""
        #expect(text.contains("Assembled page 1") && text.contains("Assembled page 2"))
    }

    /// `PDFStream` says "/Length is recomputed by writers", and `ImageDocumentBuilder` relies on it
    /// (its image and content streams carry no /Length), but `PDFAssembler.bytes` writes the
    /// dictionary as given: every stream of an image-input PDF lacks /Length.
    @Test func theAssemblerWritesTheLengthOfEveryStream() throws {
        let bytes = assembled(withLengths: false)
        let folder = try PDFFixtures.ScratchFolder()
        let url = folder.file("no-lengths.pdf")
        try PDFFixtures.write(bytes, to: url)
        let check = try PDFFixtures.qpdfCheck(url)
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
        let document = try PDFDocument(bytes: bytes)
        for number in document.objectNumbers {
            guard let stream = try document.object(ObjectRef(number)).streamValue else { continue }
            #expect(stream.dictionary["Length"] == .int(stream.data.count), "object \(number)")
        }
    }
}
