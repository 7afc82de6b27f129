import Foundation
import Testing
@testable import PDF
import TestSupport

/// Which passwords open a document, and the errors when none does.
@Suite struct PasswordTests {
    static func corpus(_ name: String) throws -> [UInt8] {
        try Fixtures.bytes(Fixtures.corpus("pdf/qpdf/\(name)"))
    }

    @Test func missingPasswordIsAnEncryptedError() throws {
        let bytes = try PasswordTests.corpus("enc-R3,V2,U=view,O=master.pdf")
        let error = try #require(throws: PDFError.self) { try PDFDocument(bytes: bytes) }
        #expect(error.code == .encrypted)
        #expect(error.message.contains("password"))
    }

    @Test(arguments: ["enc-R2,V1,U=view,O=master.pdf", "enc-R3,V2,U=view,O=view.pdf", "c-r4.pdf", "c-r5-in.pdf", "c-r6-in.pdf"])
    func wrongPasswordIsAnEncryptedError(name: String) throws {
        let bytes = try PasswordTests.corpus(name)
        let error = try #require(throws: PDFError.self) { try PDFDocument(bytes: bytes, password: "quack") }
        #expect(error.code == .encrypted)
        #expect(error.message.contains("password"))
    }

    /// The empty user password is tried when none is given, and an owner password that is
    /// not empty is still recognised as such.
    @Test func emptyUserPasswordIsTriedAutomatically() throws {
        let bytes = try PasswordTests.corpus("enc-R3,V2,O=master.pdf")
        #expect(try PDFDocument(bytes: bytes).encryption?.ownerPasswordUsed == false)
        #expect(try PDFDocument(bytes: bytes, password: "master").encryption?.ownerPasswordUsed == true)
    }

    /// Revisions 2–4 read 32 bytes of a password, revisions 5 and 6 read 127: a longer
    /// password opens the file, one a character short of that does not (as in qpdf's tests).
    @Test func onlyTheSignificantCharactersCount() throws {
        let r3 = try PasswordTests.corpus("enc-long-password.pdf")
        _ = try PDFDocument(bytes: r3, password: "asdf asdf asdf asdf asdf asdf qwer")
        _ = try PDFDocument(bytes: r3, password: "asdf asdf asdf asdf asdf asdf qw")
        #expect(throws: PDFError.self) { try PDFDocument(bytes: r3, password: "asdf asdf asdf asdf asdf asdf q") }

        let r6 = try PasswordTests.corpus("enc-XI-long-password.pdf")
        let long = String(repeating: "qwertyuiopasdfghjklzxcvbnm", count: 5)
        _ = try PDFDocument(bytes: r6, password: String(long.prefix(127)))
        #expect(throws: PDFError.self) { try PDFDocument(bytes: r6, password: String(long.prefix(126))) }
    }

    /// `text` replaced by `replacement` padded with spaces to the same length, so that every
    /// cross-reference offset stays right.
    static func patched(_ bytes: [UInt8], _ text: String, _ replacement: String) throws -> [UInt8] {
        let old = Array(text.utf8)
        let new = Array(replacement.utf8) + [UInt8](repeating: 0x20, count: old.count - replacement.utf8.count)
        var index = try #require(bytes.indices.first { bytes[$0...].starts(with: old) })
        var out = bytes
        for byte in new { out[index] = byte; index += 1 }
        return out
    }

    /// V4-aes.pdf with its handler renamed.
    @Test(arguments: [("Adobe.PubSec", "public-key"), ("FooSecurity", "custom")])
    func unsupportedHandlersAreNamed(filter: String, kind: String) throws {
        let bytes = try PasswordTests.patched(try PasswordTests.corpus("V4-aes.pdf"), "/Filter /Standard /Length 128", "/Filter /\(filter)")
        let error = try #require(throws: PDFError.self) { try PDFDocument(bytes: bytes) }
        #expect(error.code == .unsupported)
        #expect(error.message.contains(filter))
        #expect(error.message.contains(kind))
    }

    @Test func unknownRevisionIsUnsupported() throws {
        let bytes = try PasswordTests.patched(try PasswordTests.corpus("V4-aes.pdf"), "/R 4 /StmF", "/R 7 /StmF")
        let error = try #require(throws: PDFError.self) { try PDFDocument(bytes: bytes) }
        #expect(error.code == .unsupported)
        #expect(error.message.contains("revision 7"))
    }

    /// Non-ASCII passwords: UTF-8 for revision 6, Latin-1 (PDFDocEncoding) for revision 4.
    @Test(arguments: ["256", "128"])
    func nonASCIIPasswords(bits: String) throws {
        let folder = try TemporaryDirectory()
        let encrypted = folder.file("locked.pdf")
        let password = "Grüße"
        let aes = bits == "128" ? ["--use-aes=y"] : []
        let result = try Tool.run("qpdf", ["--encrypt", password, "owner", bits] + aes + ["--", Fixtures.sample("born-digital.pdf").path, encrypted.path])
        try #require(result.status == 0, "\(result.stderr)")
        let bytes = try Fixtures.bytes(encrypted)
        _ = try PDFDocument(bytes: bytes, password: password)
        #expect(throws: PDFError.self) { try PDFDocument(bytes: bytes, password: "Grusse") }
    }
}
