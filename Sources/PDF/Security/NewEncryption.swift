/// Encryption made afresh for an output, with passwords of the caller's choosing: the
/// standard security handler's AES-256 (`/V 5 /R 6`, ISO 32000-2 §7.6.4.4.7–7.6.4.4.9,
/// algorithms 8, 9 and 10) — the only method the current standard does not deprecate.
///
/// ```swift
/// let encryption = try NewEncryption(userPassword: "open", ownerPassword: "admin", permissions: [.print])
/// // hand `encryption.dictionary` (the `/Encrypt` entry) and `encryption.encryptor` to a writer
/// ```
public struct NewEncryption: Sendable {
    /// The `/Encrypt` dictionary to write (in clear, as one object).
    public let dictionary: PDFDictionary
    /// Encrypts the output's objects with the new file key.
    public let encryptor: Encryptor

    /// Bits of `/P` that must be set whatever is permitted (7, 8 and 13–32; ISO 32000-2 table 22).
    static let reservedPermissionBits: UInt32 = 0xFFFF_F0C0

    /// Makes a random file key and the dictionary that opens it with either password.
    /// - Parameters:
    ///   - userPassword: opens the document with `permissions`; empty opens it without asking.
    ///   - ownerPassword: opens it with every permission; when empty, the user password's.
    ///   - permissions: what a reader opened with the user password may do.
    /// - Throws: `PDFError(.malformed)` only if the cipher rejects a key it made itself.
    public init(userPassword: String, ownerPassword: String, permissions: EncryptionInfo.Permissions) throws {
        let revision = 6
        var random = SystemRandomNumberGenerator()
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) } }
        func prepared(_ password: String) -> [UInt8] {
            Array((SecurityHandler.passwordEncodings(password, revision: revision).first ?? []).prefix(127))
        }
        let user = prepared(userPassword)
        let owner = ownerPassword.isEmpty ? user : prepared(ownerPassword)
        let fileKey = bytes(32)
        let zeroIV = [UInt8](repeating: 0, count: 16)

        // Algorithm 8: /U is the hash of the user password with a validation salt, then both salts;
        // /UE the file key under the hash with the key salt.
        let userSalts = bytes(16)
        let u = try StandardSecurityHandler.passwordHash(user, salt: userSalts[0..<8], userData: [], revision: revision) + userSalts
        let userKey = try StandardSecurityHandler.passwordHash(user, salt: userSalts[8..<16], userData: [], revision: revision)
        let ue = try AES(key: userKey).encryptCBC(fileKey, iv: zeroIV, padding: false)
        // Algorithm 9: the same for the owner password, the whole /U joining the hashed data.
        let ownerSalts = bytes(16)
        let o = try StandardSecurityHandler.passwordHash(owner, salt: ownerSalts[0..<8], userData: u, revision: revision) + ownerSalts
        let ownerKey = try StandardSecurityHandler.passwordHash(owner, salt: ownerSalts[8..<16], userData: u, revision: revision)
        let oe = try AES(key: ownerKey).encryptCBC(fileKey, iv: zeroIV, padding: false)
        // Algorithm 10: /Perms, the permissions (low byte first), "T" for encrypted metadata,
        // "adb" and four random bytes, under the file key.
        let p = NewEncryption.reservedPermissionBits | permissions.rawValue
        let permsPlain = [UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p >> 16 & 0xFF), UInt8(p >> 24 & 0xFF),
                          0xFF, 0xFF, 0xFF, 0xFF] + Array("Tadb".utf8) + bytes(4)
        let perms = try AES(key: fileKey).encryptECB(permsPlain, padding: false)

        let filter = PDFDictionary([("CFM", .name("AESV3")), ("AuthEvent", .name("DocOpen")), ("Length", .int(32))])
        dictionary = PDFDictionary([
            ("Filter", .name("Standard")), ("V", .int(5)), ("R", .int(revision)), ("Length", .int(256)),
            ("CF", .dictionary(PDFDictionary([("StdCF", .dictionary(filter))]))),
            ("StmF", .name("StdCF")), ("StrF", .name("StdCF")),
            ("O", .string(o)), ("U", .string(u)), ("OE", .string(oe)), ("UE", .string(ue)), ("Perms", .string(perms)),
            ("P", .int(Int(Int32(bitPattern: p)))), ("EncryptMetadata", .bool(true)),
        ])
        encryptor = Encryptor(keys: Decryptor(fileKey: fileKey, revision: revision, stringMethod: .aes256, streamMethod: .aes256,
                                              embeddedFileMethod: .aes256, cryptFilters: ["StdCF": .aes256, "Identity": .none],
                                              encryptMetadata: true, encryptionDictionary: nil))
    }
}
