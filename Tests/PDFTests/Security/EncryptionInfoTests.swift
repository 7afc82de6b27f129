import Foundation
import Testing
@testable import PDF
import TestSupport

/// What `PDFDocument.encryption` reports agrees with `qpdf --show-encryption`: revision,
/// `/P`, which password was supplied, each permission and the crypt filter methods.
@Suite struct EncryptionInfoTests {
    @Test(arguments: EncryptedCorpusFiles.openable)
    func agreesWithQpdf(file: EncryptedCorpusFiles.Entry) throws {
        let bytes = try Fixtures.bytes(file.url)
        for password in file.passwords {
            let info = try #require(try PDFDocument(bytes: bytes, password: password).encryption)
            let shown = try Tool.run("qpdf", ["--show-encryption", "--password=\(password)", file.url.path]).stdout
            var fields: [String: String] = [:]
            for line in shown.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { fields[parts[0]] = parts[1] }
                if line.hasPrefix("R = ") { fields["R"] = String(line.dropFirst(4)) }
                if line.hasPrefix("P = ") { fields["P"] = String(line.dropFirst(4)) }
            }
            let context = Comment(rawValue: "password '\(password)'")
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
