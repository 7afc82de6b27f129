import Foundation
import Testing
@testable import PDF
import TestSupport

/// Every encrypted file of the qpdf corpus opens with the passwords its name (or qpdf's test
/// suite) gives, and reads like qpdf reads it.
@Suite struct EncryptedCorpusTests {
    @Test(arguments: EncryptedCorpusFiles.openable)
    func opensWithEachPasswordAndCountsPagesLikeQpdf(file: EncryptedCorpusFiles.Entry) throws {
        let bytes = try Fixtures.bytes(file.url)
        for password in file.passwords {
            let expected = try Tool.run("qpdf", ["--show-npages", "--password=\(password)", file.url.path])
            let document = try PDFDocument(bytes: bytes, password: password)
            #expect(document.encryption != nil)
            #expect(try document.pages().count == Int(expected.stdout.trimmingCharacters(in: .whitespacesAndNewlines)),
                    "password '\(password)'")
        }
    }
}
