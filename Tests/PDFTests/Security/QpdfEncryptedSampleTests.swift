import Foundation
import Testing
@testable import PDF
import TestSupport

/// Samples encrypted by qpdf at test time, in each standard scheme, read back: both
/// passwords open them, others do not, and the pages hold what the unencrypted sample holds.
@Suite struct QpdfEncryptedSampleTests {
    struct Scheme: Sendable, CustomStringConvertible {
        var arguments: [String]
        var revision: Int
        var keyLength: Int
        var method: EncryptionInfo.Method
        var description: String { arguments.joined(separator: " ") }
    }

    static let schemes: [Scheme] = [
        Scheme(arguments: ["40"], revision: 2, keyLength: 40, method: .rc4),
        Scheme(arguments: ["128", "--use-aes=n"], revision: 3, keyLength: 128, method: .rc4),
        Scheme(arguments: ["128", "--use-aes=y"], revision: 4, keyLength: 128, method: .aes128),
        Scheme(arguments: ["128", "--use-aes=y", "--cleartext-metadata"], revision: 4, keyLength: 128, method: .aes128),
        Scheme(arguments: ["256", "--force-R5"], revision: 5, keyLength: 256, method: .aes256),
        Scheme(arguments: ["256"], revision: 6, keyLength: 256, method: .aes256),
    ]

    /// Encrypts `sample` with user password "user" and owner password "owner"; object
    /// streams are generated so that their decryption is exercised too.
    static func encrypt(_ sample: String, _ scheme: Scheme, in folder: TemporaryDirectory) throws -> [UInt8] {
        let output = folder.file("encrypted.pdf")
        let result = try Tool.run("qpdf", ["--allow-weak-crypto", "--object-streams=generate", "--encrypt", "user", "owner"] + scheme.arguments
                                    + ["--", Fixtures.sample(sample).path, output.path])
        try #require(result.status == 0, "qpdf: \(result.stderr)")
        return try Fixtures.bytes(output)
    }

    @Test(arguments: schemes)
    func opensWithEitherPasswordAndNoOther(scheme: Scheme) throws {
        let folder = try TemporaryDirectory()
        let bytes = try QpdfEncryptedSampleTests.encrypt("two-pages.pdf", scheme, in: folder)

        let user = try PDFDocument(bytes: bytes, password: "user")
        let info = try #require(user.encryption)
        #expect((info.revision, info.keyLength, info.streamMethod, info.ownerPasswordUsed) == (scheme.revision, scheme.keyLength, scheme.method, false))
        #expect(info.encryptsMetadata == !scheme.arguments.contains("--cleartext-metadata"))
        #expect(try PDFDocument(bytes: bytes, password: "owner").encryption?.ownerPasswordUsed == true)

        for wrong in [nil, "", "User", "owner "] as [String?] {
            let error = try #require(throws: PDFError.self) { try PDFDocument(bytes: bytes, password: wrong) }
            #expect(error.code == .encrypted)
            #expect(error.message.contains("password"))
        }
    }

    @Test(arguments: schemes)
    func pagesReadAsInTheUnencryptedSample(scheme: Scheme) throws {
        let folder = try TemporaryDirectory()
        for sample in ["born-digital.pdf", "two-pages.pdf"] {
            let original = try PDFDocument(bytes: try Fixtures.bytes(Fixtures.sample(sample)))
            let bytes = try QpdfEncryptedSampleTests.encrypt(sample, scheme, in: folder)
            for password in ["user", "owner"] {
                let decrypted = try PDFDocument(bytes: bytes, password: password)
                let pages = try decrypted.pages(), expected = try original.pages()
                try #require(pages.count == expected.count)
                for (page, originalPage) in zip(pages, expected) {
                    #expect(try decrypted.contents(of: page) == original.contents(of: originalPage), "\(sample) with \(password)")
                }
                // The info dictionary's strings are encrypted too.
                let producer = { (document: PDFDocument) in document.resolve(document.trailer["Info"] ?? .null).dictionaryValue?["Producer"] }
                #expect(producer(original)?.stringBytes != nil)
                #expect(producer(decrypted) == producer(original))
            }
        }
    }
}
