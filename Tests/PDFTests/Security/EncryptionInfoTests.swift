import Testing
@testable import PDF
import TestSupport

/// What `PDFDocument.encryption` reports for each kind of encryption. (That it agrees with
/// qpdf on every corpus file is checked in `EncryptedCorpusTests`.)
@Suite struct EncryptionInfoTests {
    @Test func describesEachKindOfEncryption() throws {
        func info(_ name: String, _ password: String = "") throws -> EncryptionInfo {
            try #require(try PDFDocument(bytes: try Fixtures.bytes(Fixtures.corpus("pdf/qpdf/\(name)")), password: password).encryption)
        }
        let r2 = try info("enc-R2,V1.pdf")
        #expect((r2.handler, r2.version, r2.revision, r2.keyLength, r2.streamMethod) == ("Standard", 1, 2, 40, .rc4))
        let r3 = try info("enc-R3,V2,U=view,O=master.pdf", "master")
        #expect((r3.version, r3.revision, r3.keyLength, r3.ownerPasswordUsed) == (2, 3, 128, true))
        let aes = try info("V4-aes.pdf")
        #expect((aes.version, aes.revision, aes.keyLength, aes.stringMethod, aes.encryptsMetadata) == (4, 4, 128, .aes128, true))
        #expect(try info("V4-aes-clearmeta.pdf").encryptsMetadata == false)
        let r5 = try info("c-r5-in.pdf", "user3")
        #expect((r5.version, r5.revision, r5.keyLength, r5.streamMethod, r5.ownerPasswordUsed) == (5, 5, 256, .aes256, false))
        let r6 = try info("enc-XI-R6,V5,U=view,O=master.pdf", "master")
        #expect((r6.revision, r6.keyLength, r6.ownerPasswordUsed) == (6, 256, true))
        #expect(r6.permissions.names == ["print", "modify", "extract", "annotate", "fillForms", "extractForAccessibility"])
    }

    /// Revision 2 knows only bits 3–6; the later permissions follow the bits they refine.
    @Test func revision2PermissionsFollowTheOlderBits() {
        let printOnly = EncryptionInfo.Permissions(p: -60, revision: 2)
        #expect(printOnly == [.print, .printHighQuality])
        let all = EncryptionInfo.Permissions(p: -4, revision: 2)
        #expect(all.names.count == 8)
        #expect(EncryptionInfo.Permissions(p: -3904, revision: 3).isEmpty)
    }
}
