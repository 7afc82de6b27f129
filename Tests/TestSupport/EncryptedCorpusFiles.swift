import Foundation

/// The encrypted files of the qpdf corpus and the passwords that open them. Passwords come
/// from the file names (`U=`, `O=`) or, where the name gives none, from qpdf's own test
/// suite (`qpdf/qtest/encryption.test` and the C API tests), which published them; an
/// empty password means the user password is empty.
public enum EncryptedCorpusFiles {
    /// One encrypted file.
    public struct Entry: Sendable, CustomStringConvertible {
        /// The file name in `pdf/qpdf/`.
        public var name: String
        /// Passwords that open the file: user first, then owner when it is known.
        public var passwords: [String]
        public var description: String { name }
        /// The file.
        public var url: URL { Fixtures.corpus("pdf/qpdf/\(name)") }
    }

    /// Files Legible and qpdf open, with their passwords.
    public static let openable: [Entry] = [
        Entry(name: "20-pages.pdf", passwords: ["user", "owner"]),
        Entry(name: "V4-aes-clearmeta.pdf", passwords: [""]),
        Entry(name: "V4-aes.pdf", passwords: [""]),
        Entry(name: "V4-clearmeta.pdf", passwords: [""]),
        Entry(name: "V4.pdf", passwords: [""]),
        Entry(name: "bad-encryption-length.pdf", passwords: [""]),
        Entry(name: "c-r2.pdf", passwords: ["user1"]),
        Entry(name: "c-r3.pdf", passwords: ["user2", "owner2"]),
        Entry(name: "c-r4.pdf", passwords: ["user2", "owner2"]),
        Entry(name: "c-r5-in.pdf", passwords: ["user3", "owner3"]),
        Entry(name: "c-r6-in.pdf", passwords: ["user4", "owner4"]),
        Entry(name: "copied-positive-P.pdf", passwords: [""]),
        Entry(name: "enc-R2,V1,O=master.pdf", passwords: ["", "master"]),
        Entry(name: "enc-R2,V1,U=view,O=master.pdf", passwords: ["view", "master"]),
        Entry(name: "enc-R2,V1,U=view,O=view.pdf", passwords: ["view"]),
        Entry(name: "enc-R2,V1.pdf", passwords: [""]),
        Entry(name: "enc-R3,V2,O=master.pdf", passwords: ["", "master"]),
        Entry(name: "enc-R3,V2,U=view,O=master.pdf", passwords: ["view", "master"]),
        Entry(name: "enc-R3,V2,U=view,O=view.pdf", passwords: ["view"]),
        Entry(name: "enc-R3,V2.pdf", passwords: [""]),
        Entry(name: "enc-XI-R6,V5,O=master.pdf", passwords: ["", "master"]),
        Entry(name: "enc-XI-R6,V5,U=attachment,encrypted-attachments.pdf", passwords: ["attachment"]),
        Entry(name: "enc-XI-R6,V5,U=view,O=master.pdf", passwords: ["view", "master"]),
        Entry(name: "enc-XI-R6,V5,U=view,attachments,cleartext-metadata.pdf", passwords: ["view"]),
        Entry(name: "enc-XI-R6,V5,U=wwwww,O=wwwww.pdf", passwords: ["wwwww"]),
        // Passwords longer than a revision reads: 32 bytes up to revision 4, 127 from revision 5.
        Entry(name: "enc-XI-long-password.pdf", passwords: [String(repeating: "qwertyuiopasdfghjklzxcvbnm", count: 5)]),
        Entry(name: "enc-long-password.pdf", passwords: ["asdf asdf asdf asdf asdf asdf qwer"]),
        Entry(name: "encrypted-40-bit-R3.pdf", passwords: ["623"]),
        Entry(name: "encrypted-positive-P.pdf", passwords: [""]),
        Entry(name: "encrypted-with-images.pdf", passwords: [""]),
        Entry(name: "invalid-id-xref.pdf", passwords: [""]),
        Entry(name: "job-json-encrypt-128.pdf", passwords: ["u", "o"]),
        Entry(name: "job-json-encrypt-40.pdf", passwords: ["u", "o"]),
        Entry(name: "leading-junk.pdf", passwords: [""]),
        Entry(name: "metadata-crypt-filter.pdf", passwords: [""]),
        Entry(name: "minimal-signed-restricted.pdf", passwords: [""]),
        Entry(name: "nontrivial-crypt-filter.pdf", passwords: ["asdfqwer"]),
        Entry(name: "pages-copy-encryption.pdf", passwords: ["user", "owner"]),
        Entry(name: "short-O-U.pdf", passwords: ["19723102477"]),
        Entry(name: "unfilterable-with-crypt.pdf", passwords: ["attachment"]),
    ]

    /// Encrypted files qpdf itself cannot open, with the reason.
    public static let unreadable: [(name: String, reason: String)] = [
        ("bad-content.pdf", "no %PDF- header and no trailer qpdf's recovery can find"),
        ("issue-147.pdf", "damaged: the /Encrypt object lacks endobj and the trailer /ID is invalid; qpdf reports an invalid password"),
    ]
}
