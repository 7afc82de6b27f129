import Foundation
import Testing
@testable import PDF
import TestSupport

/// Every encrypted file of the qpdf corpus opens with the passwords its name (or qpdf's test
/// suite) gives, and reads like qpdf reads it: the same page count, and the encryption
/// `qpdf --show-encryption` describes (revision, `/P`, which password was supplied, each
/// permission, the crypt filter methods).
@Suite struct EncryptedCorpusTests {
    @Test(arguments: EncryptedCorpusFiles.openable)
    func opensWithEachPasswordLikeQpdf(file: EncryptedCorpusFiles.Entry) throws {
        let bytes = try Fixtures.bytes(file.url)
        for password in file.passwords {
            let context = Comment(rawValue: "password '\(password)'")
            let document = try PDFDocument(bytes: bytes, password: password)
            let pages = try Tool.run("qpdf", ["--show-npages", "--password=\(password)", file.url.path]).stdout
            #expect(try document.pages().count == Int(pages.trimmingCharacters(in: .whitespacesAndNewlines)), context)

            let info = try #require(document.encryption)
            let shown = try Tool.run("qpdf", ["--show-encryption", "--password=\(password)", file.url.path]).stdout
            let fields = EncryptedCorpusTests.fields(of: shown)
            #expect(fields["R"] == String(info.revision), context)
            #expect(fields["P"] == String(info.rawPermissions), context)
            #expect(shown.contains("Supplied password is owner password") == info.ownerPasswordUsed, context)
            let permissions: [(String, EncryptionInfo.Permissions)] = [
                ("extract for accessibility", .extractForAccessibility), ("extract for any purpose", .extract),
                ("print low resolution", .print), ("print high resolution", .printHighQuality),
                ("modify document assembly", .assemble), ("modify forms", .fillForms),
                ("modify annotations", .annotate), ("modify other", .modify),
            ]
            for (label, permission) in permissions {
                #expect(fields[label] == (info.permissions.contains(permission) ? "allowed" : "not allowed"), "\(label), \(context)")
            }
            let methods: [EncryptionInfo.Method: String] = [.none: "none", .rc4: "RC4", .aes128: "AESv2", .aes256: "AESv3"]
            if let stream = fields["stream encryption method"] {
                #expect(stream == methods[info.streamMethod], context)
                #expect(fields["string encryption method"] == methods[info.stringMethod], context)
                #expect(fields["file encryption method"] == methods[info.embeddedFileMethod], context)
            }
        }
    }

    /// The lists cover every file of the qpdf corpus that mentions `/Encrypt`.
    @Test func everyEncryptedFileIsListed() throws {
        let folder = Fixtures.corpus("pdf/qpdf")
        let keyword = Array("/Encrypt".utf8)
        var encrypted: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".pdf") {
            let bytes = try Fixtures.bytes(folder.appendingPathComponent(name))
            if Parser.find(keyword, in: bytes, from: 0, to: bytes.count) != nil { encrypted.insert(name) }
        }
        let listed = EncryptedCorpusFiles.openable.map(\.name) + EncryptedCorpusFiles.unreadable.map(\.name)
        #expect(encrypted == Set(listed))
    }

    /// The two files qpdf cannot open either end in a typed error, not a crash.
    @Test func damagedEncryptedFilesFailWithAPDFError() throws {
        for (name, _) in EncryptedCorpusFiles.unreadable {
            let bytes = try Fixtures.bytes(Fixtures.corpus("pdf/qpdf/\(name)"))
            #expect(throws: PDFError.self, "\(name)") { _ = try PDFDocument(bytes: bytes).pages() }
        }
    }

    /// `qpdf --show-encryption` lines: `R = 3`, `P = -4`, `print low resolution: allowed`, ….
    static func fields(of text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            for separator in [" = ", ": "] {
                if let range = line.range(of: separator) {
                    fields[String(line[..<range.lowerBound])] = String(line[range.upperBound...])
                    break
                }
            }
        }
        return fields
    }
}
