import DocumentFacts
import FileIO
import Foundation
import Testing
import PDF
import TestSupport

/// What `legible info` reports, against the samples' manifest and poppler's `pdfimages -list`.
@Suite struct DocumentInfoTests {
    @Test func aScanIsOnePageWithOneImageAtItsResolution() throws {
        let info = try DocumentInfo.read(Fixtures.sample("scan-g4.pdf"))
        #expect(info.pageCount == 1)
        #expect(info.encryption == nil)
        #expect(!info.recovered)
        #expect(info.check == nil)
        let page = try #require(info.pages.first)
        #expect((page.widthInches, page.heightInches) == (5, 4))
        #expect((page.width, page.height) == (360, 288))
        let image = try #require(page.images.first)
        #expect(page.images.count == 1)
        #expect((image.width, image.height, image.filters, image.dpi) == (1500, 1200, ["CCITTFaxDecode"], 300))
        #expect(page.holds.hasPrefix("images"))
    }

    @Test func textRotationAndMixedPagesAreSeen() throws {
        let born = try DocumentInfo.read(Fixtures.sample("born-digital.pdf"))
        #expect(born.pages[0].textOperators > 0)
        #expect(born.pages[0].images.isEmpty)
        #expect(born.pages[0].holds.hasPrefix("text"))
        #expect(try DocumentInfo.read(Fixtures.sample("rotated.pdf")).pages[0].rotation == 90)
        let mixed = try DocumentInfo.read(Fixtures.sample("mixed.pdf"))
        #expect(mixed.pages.map { $0.images.count } == [0, 1])
        #expect(mixed.pages[0].textOperators > 0)
    }

    /// Every image `pdfimages -list` lists, with the same pixel size, encoding and resolution.
    @Test(arguments: ["scans/cardinal.pdf", "scans/aspect.pdf", "scans/epson.pdf", "scans/multipage.pdf",
                      "pdf/pdfjs/images.pdf"])
    func imagesAgreeWithPdfimages(path: String) throws {
        let url = Fixtures.corpus(path)
        let info = try DocumentInfo.read(url)
        let listed = try Tool.run("pdfimages", ["-list", url.path]).stdout.split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ").map(String.init) }
            .filter { $0.count >= 14 && $0[2] == "image" }
        let encodings = ["CCITTFaxDecode": "ccitt", "DCTDecode": "jpeg", "JBIG2Decode": "jbig2", "JPXDecode": "jpx"]
        let ours = info.pages.flatMap { page in
            page.images.map { image in
                [String(page.number), String(image.width), String(image.height),
                 image.filters.last.flatMap { encodings[$0] } ?? "image", String(Int(image.dpi.rounded()))]
            }
        }
        let poppler = listed.map { [$0[0], $0[3], $0[4], $0[8], String(max(Int($0[12]) ?? 0, Int($0[13]) ?? 0))] }
        #expect(ours == poppler, "\(path)")
    }

    @Test func encryptionIsDescribed() throws {
        let folder = try TemporaryDirectory()
        let locked = folder.file("locked.pdf")
        try Tool.run("qpdf", ["--encrypt", "user", "owner", "128", "--print=none", "--use-aes=y", "--",
                              Fixtures.sample("scan-g4.pdf").path, locked.path])
        let info = try DocumentInfo.read(locked, password: "user")
        let encryption = try #require(info.encryption)
        #expect(encryption.handler == "Standard")
        #expect((encryption.revision, encryption.version, encryption.keyLength) == (4, 4, 128))
        #expect(encryption.method == "AESV2")
        #expect(!encryption.permissions.contains("print"))
        #expect(encryption.permissions.contains("extract"))
        #expect(!encryption.ownerPassword)
        #expect(try DocumentInfo.read(locked, password: "owner").encryption?.ownerPassword == true)
        #expect(throws: PipelineError.self) { try DocumentInfo.read(locked) }
    }

    /// qpdf's `c-empty.pdf` has an empty page tree: a document of 0 pages, not an error.
    @Test func anEmptyDocumentHasNoPages() throws {
        let info = try DocumentInfo.read(Fixtures.corpus("pdf/qpdf/c-empty.pdf"))
        #expect(info.pageCount == 0)
        #expect(info.pages.isEmpty)
    }

    @Test func recoveryIsReportedWithItsWarnings() throws {
        let info = try DocumentInfo.read(Fixtures.corpus("pdf/pdfjs/xref_command_missing.pdf"))
        #expect(info.recovered)
        #expect(!info.warnings.isEmpty)
    }

    @Test func theCheckLoadsEveryObject() throws {
        let info = try DocumentInfo.read(Fixtures.sample("two-pages.pdf"), check: true)
        let check = try #require(info.check)
        let objects = try PDFDocument(bytes: Fixtures.bytes(Fixtures.sample("two-pages.pdf"))).objectNumbers.count
        #expect(check.objects == objects)
        #expect(check.streams >= 4)
        #expect(check.problemCount == 0)
        // qpdf's `issue-1688a.pdf` has a stream whose predictor rows outrun its data.
        let broken = try #require(try DocumentInfo.read(Fixtures.corpus("pdf/qpdf/issue-1688a.pdf"), check: true).check)
        #expect(broken.problemCount == 1)
        #expect(broken.problems.count == 1)
    }

    @Test func readingErrorsCarryTheirExitCodes() throws {
        let folder = try TemporaryDirectory()
        let text = folder.file("notes.pdf")
        try Data("just some words".utf8).write(to: text)
        for (url, code) in [(folder.file("absent.pdf"), PipelineError.Code.fileAccess), (folder.url, .fileAccess),
                            (text, .badInput)] {
            let error = #expect(throws: PipelineError.self) { try DocumentInfo.read(url) }
            #expect(error?.code == code, "\(url.lastPathComponent)")
        }
    }

    @Test func theJSONHasEveryDocumentedKeyEvenWhenEmpty() throws {
        let info = try DocumentInfo.read(Fixtures.sample("scan-g4.pdf"))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(info)) as? [String: Any]
        let keys = Set(json?.keys.map { $0 } ?? [])
        #expect(keys == Set(DocumentInfo.jsonKeys))
        #expect(json?["encryption"] is NSNull)
        let decoded = try JSONDecoder().decode(DocumentInfo.self, from: JSONEncoder().encode(info))
        #expect(decoded == info)
    }
}
