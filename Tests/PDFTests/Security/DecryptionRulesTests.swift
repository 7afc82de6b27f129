import Foundation
import Testing
@testable import PDF
import TestSupport

/// What is decrypted and with which key (ISO 32000-2 §7.6.2, §7.6.5): the exceptions and
/// the crypt filters, on corpus files that exercise each.
@Suite struct DecryptionRulesTests {
    static func open(_ name: String, _ password: String = "") throws -> PDFDocument {
        try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus("pdf/qpdf/\(name)")), password: password)
    }

    /// nontrivial-crypt-filter.pdf: strings and streams are not encrypted (`Identity`), but the
    /// embedded files name the AES-256 crypt filter `StdCF` in their `/Crypt` filter.
    @Test func cryptFilterInAStreamsChainIsAppliedAndRemoved() throws {
        let name = "nontrivial-crypt-filter.pdf"
        let document = try DecryptionRulesTests.open(name, "asdfqwer")
        for number in [1, 2] {
            let stream = try #require(try document.object(ObjectRef(number)).streamValue)
            #expect(stream.dictionary["Filter"] == .array([.name("FlateDecode")]))
            let expected = try Tool.run("qpdf", ["--password=asdfqwer", "--show-object=\(number)", "--filtered-stream-data",
                                                 Fixtures.corpus("pdf/qpdf/\(name)").path])
            #expect(try document.decodedData(of: stream) == [UInt8](expected.output))
        }
        // The metadata stream's /Crypt names no filter: Identity, so it stays as stored.
        let metadata = try #require(try document.object(ObjectRef(3)).streamValue)
        #expect(metadata.dictionary["Filter"] == nil)
        #expect(String(decoding: metadata.data.prefix(9), as: UTF8.self) == "<?xpacket")
    }

    /// Signed files keep the signature's `/Contents` as written: the signature covers the
    /// encrypted file, so the DER data is stored unencrypted.
    @Test func signatureContentsAreNotDecrypted() throws {
        let document = try DecryptionRulesTests.open("minimal-signed-restricted.pdf")
        let signature = try #require(try document.object(ObjectRef(72)).dictionaryValue)
        let contents = try #require(signature["Contents"]?.stringBytes)
        #expect(contents.starts(with: [0x30, 0x82]))
        // Its other strings are decrypted like any other.
        #expect(signature["Reason"]?.stringBytes == Array("Agreement certified by Adobe Acrobat Sign".utf8))
    }

    /// `/EncryptMetadata false`: the XMP stream is stored in the clear, everything else is not.
    @Test func cleartextMetadataIsLeftAlone() throws {
        let document = try DecryptionRulesTests.open("V4-aes-clearmeta.pdf")
        #expect(document.encryption?.encryptsMetadata == false)
        let catalog = try document.catalog()
        let metadata = try #require(document.resolve(catalog["Metadata"] ?? .null).streamValue)
        #expect(String(decoding: try document.decodedData(of: metadata).prefix(9), as: UTF8.self) == "<?xpacket")
        let page = try #require(try document.pages().first)
        #expect(String(decoding: try document.contents(of: page), as: UTF8.self).contains("BT"))
    }

    /// Cross-reference streams are never encrypted, even when loaded as objects.
    @Test func crossReferenceStreamsAreNotDecrypted() throws {
        let document = try DecryptionRulesTests.open("nontrivial-crypt-filter.pdf", "asdfqwer")
        let xref = try #require(try document.object(ObjectRef(6)).streamValue)
        #expect(xref.dictionary["Type"] == .name("XRef"))
        #expect(try document.decodedData(of: xref).count == 11 * 4)
    }

    /// Damaged AES data decrypts as far as it goes: no IV or no block gives nothing, a
    /// partial last block is dropped, and bad padding is kept rather than rejected.
    @Test func damagedAESDataIsReadAsFarAsItGoes() throws {
        let key = [UInt8](repeating: 7, count: 16), iv = [UInt8](repeating: 1, count: 16)
        let sealed = try iv + AES(key: key).encryptCBC(Array("hello, world".utf8), iv: iv)
        #expect(try Decryptor.apply(.aes128, key: key, to: sealed) == Array("hello, world".utf8))
        #expect(try Decryptor.apply(.aes128, key: key, to: Array(sealed.prefix(20))) == [])
        #expect(try Decryptor.apply(.aes128, key: key, to: sealed + [1, 2, 3]) == Array("hello, world".utf8))
        let unpadded = try iv + AES(key: key).encryptCBC([UInt8](repeating: 0x41, count: 16), iv: iv, padding: false)
        #expect(try Decryptor.apply(.aes128, key: key, to: unpadded) == [UInt8](repeating: 0x41, count: 16))
    }

    /// Algorithm 1: the object key mixes in the object number and generation, and a salt
    /// for AES; revisions 5 and 6 use the file key as it is.
    @Test func objectKeysFollowAlgorithm1() {
        let fileKey = Array(0..<16).map(UInt8.init)
        let ref = ObjectRef(0x123456, 0x0102)
        let material = fileKey + [0x56, 0x34, 0x12, 0x02, 0x01]
        #expect(StandardSecurityHandler.objectKey(fileKey: fileKey, revision: 3, ref: ref, method: .rc4) == MD5.hash(material))
        #expect(StandardSecurityHandler.objectKey(fileKey: fileKey, revision: 4, ref: ref, method: .aes128)
            == MD5.hash(material + Array("sAlT".utf8)))
        let short = Array(fileKey.prefix(5))
        #expect(StandardSecurityHandler.objectKey(fileKey: short, revision: 2, ref: ref, method: .rc4).count == 10)
        #expect(StandardSecurityHandler.objectKey(fileKey: fileKey + fileKey, revision: 6, ref: ref, method: .aes256) == fileKey + fileKey)
    }
}
