/// Password checks and key derivation of the standard security handler
/// (ISO 32000-2 §7.6.4.3–7.6.4.4; ISO 32000-1 §7.6.3.3–7.6.3.4 for revisions 2–4).
extension StandardSecurityHandler {
    /// The 32 bytes that pad a short password (algorithm 2, step a).
    static let passwordPadding: [UInt8] = [
        0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
        0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
    ]

    /// Appended to the object key material of AES-128 data (algorithm 1, step d).
    static let aesSalt: [UInt8] = Array("sAlT".utf8)

    /// The file encryption key `password` opens, and whether it is the owner password; nil
    /// if it is neither password. `password` is already encoded (see `passwordEncodings`).
    func authenticate(_ password: [UInt8]) throws -> (key: [UInt8], owner: Bool)? {
        if revision >= 5 {
            let password = Array(password.prefix(127))
            if let key = try ownerKeyAES(password) { return (key, true) }
            if let key = try userKeyAES(password) { return (key, false) }
            return nil
        }
        for length in keyLengths {
            if let key = try ownerKeyRC4(password, length: length) { return (key, true) }
            if let key = try userKeyRC4(password, length: length) { return (key, false) }
        }
        return nil
    }

    /// The key for one object's strings and streams (algorithm 1): from revision 5 the file
    /// key itself, before that an MD5 of the file key, the object number and generation
    /// (and a salt for AES).
    static func objectKey(fileKey: [UInt8], revision: Int, ref: ObjectRef, method: EncryptionInfo.Method) -> [UInt8] {
        if revision >= 5 { return fileKey }
        var md5 = MD5()
        md5.update(fileKey)
        let n = ref.number, g = ref.generation
        md5.update([UInt8(truncatingIfNeeded: n), UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n >> 16),
                    UInt8(truncatingIfNeeded: g), UInt8(truncatingIfNeeded: g >> 8)])
        if method == .aes128 { md5.update(aesSalt) }
        return Array(md5.finalize().prefix(min(fileKey.count + 5, 16)))
    }

    // MARK: - Revisions 2 to 4

    /// The password cut to 32 bytes and completed with the padding string.
    private func padded(_ password: [UInt8]) -> [UInt8] {
        let head = Array(password.prefix(32))
        return head + StandardSecurityHandler.passwordPadding.prefix(32 - head.count)
    }

    /// Algorithm 2: the file key derived from a user password.
    private func fileKey(userPassword: [UInt8], length: Int) -> [UInt8] {
        var md5 = MD5()
        md5.update(padded(userPassword))
        md5.update(ownerHash)
        let p = UInt32(bitPattern: permissions)
        md5.update([UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8),
                    UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 24)])
        md5.update(documentID)
        if revision >= 4, !encryptMetadata { md5.update([0xFF, 0xFF, 0xFF, 0xFF]) }
        var key = md5.finalize()
        if revision >= 3 {
            for _ in 0..<50 { key = MD5.hash(Array(key.prefix(length))) }
        }
        return Array(key.prefix(length))
    }

    /// Algorithms 4 and 5: what `/U` holds for a file key (only the first 16 bytes are
    /// significant from revision 3).
    private func userHash(fileKey: [UInt8]) throws -> [UInt8] {
        if revision == 2 { return try RC4.apply(key: fileKey, to: StandardSecurityHandler.passwordPadding) }
        var md5 = MD5()
        md5.update(StandardSecurityHandler.passwordPadding)
        md5.update(documentID)
        var value = md5.finalize()
        for round in 0..<20 {
            value = try RC4.apply(key: fileKey.map { $0 ^ UInt8(round) }, to: value)
        }
        return value
    }

    /// Algorithm 6: the file key if `password` is the user password.
    private func userKeyRC4(_ password: [UInt8], length: Int) throws -> [UInt8]? {
        let key = fileKey(userPassword: password, length: length)
        let expected = try userHash(fileKey: key)
        let compared = revision == 2 ? 32 : 16
        return expected.prefix(compared) == userHash.prefix(compared) ? key : nil
    }

    /// Algorithm 7: the file key if `password` is the owner password. `/O` holds the padded
    /// user password encrypted with a key derived from the owner password (algorithm 3).
    private func ownerKeyRC4(_ password: [UInt8], length: Int) throws -> [UInt8]? {
        var hash = MD5.hash(padded(password))
        if revision >= 3 {
            for _ in 0..<50 { hash = MD5.hash(hash) }
        }
        let key = Array(hash.prefix(length))
        var userPassword = ownerHash
        if revision == 2 {
            userPassword = try RC4.apply(key: key, to: userPassword)
        } else {
            for round in (0..<20).reversed() {
                userPassword = try RC4.apply(key: key.map { $0 ^ UInt8(round) }, to: userPassword)
            }
        }
        return try userKeyRC4(userPassword, length: length)
    }

    // MARK: - Revisions 5 and 6

    /// Algorithm 2.A for the user password: `/U` is a hash (32 bytes), a validation salt and
    /// a key salt (8 bytes each); the key salt's hash decrypts `/UE` into the file key.
    private func userKeyAES(_ password: [UInt8]) throws -> [UInt8]? {
        let hash = try passwordHash(password, salt: userHash[32..<40], userData: [])
        guard hash == Array(userHash[0..<32]) else { return nil }
        let intermediate = try passwordHash(password, salt: userHash[40..<48], userData: [])
        return try AES(key: intermediate).decryptCBC(userEncryptedKey, iv: [UInt8](repeating: 0, count: 16), padding: false)
    }

    /// Algorithm 2.A for the owner password: as for the user password with `/O` and `/OE`,
    /// the whole 48-byte `/U` joining the hashed data.
    private func ownerKeyAES(_ password: [UInt8]) throws -> [UInt8]? {
        let hash = try passwordHash(password, salt: ownerHash[32..<40], userData: userHash)
        guard hash == Array(ownerHash[0..<32]) else { return nil }
        let intermediate = try passwordHash(password, salt: ownerHash[40..<48], userData: userHash)
        return try AES(key: intermediate).decryptCBC(ownerEncryptedKey, iv: [UInt8](repeating: 0, count: 16), padding: false)
    }

    /// SHA-256 of password, salt and user data for revision 5; algorithm 2.B for revision 6,
    /// which iterates AES-128 and a data-chosen SHA-2 at least 64 times to slow guessing.
    private func passwordHash(_ password: [UInt8], salt: ArraySlice<UInt8>, userData: [UInt8]) throws -> [UInt8] {
        try StandardSecurityHandler.passwordHash(password, salt: salt, userData: userData, revision: revision)
    }

    /// `passwordHash` of a handler of `revision` (also what new encryption is made with).
    static func passwordHash(_ password: [UInt8], salt: ArraySlice<UInt8>, userData: [UInt8], revision: Int) throws -> [UInt8] {
        var sha = SHA256()
        sha.update(password)
        sha.update(salt)
        sha.update(userData)
        var k = sha.finalize()
        guard revision >= 6 else { return k }
        var round = 0
        while true {
            let unit = password + k + userData
            var k1: [UInt8] = []
            k1.reserveCapacity(unit.count * 64)
            for _ in 0..<64 { k1.append(contentsOf: unit) }
            let e = try AES(key: Array(k[0..<16])).encryptCBC(k1, iv: Array(k[16..<32]), padding: false)
            // The first 16 bytes of E as a big-endian number, modulo 3, equal their byte sum
            // modulo 3 because 256 ≡ 1 (mod 3).
            let selector = e[0..<16].reduce(0) { $0 + Int($1) } % 3
            switch selector {
            case 0: k = SHA256.hash(e)
            case 1: k = SHA384.hash(e)
            default: k = SHA512.hash(e)
            }
            round += 1
            if round >= 64, let last = e.last, Int(last) <= round - 32 { break }
        }
        return Array(k[0..<32])
    }

    /// Whether `/Perms`, decrypted with the file key, confirms `/P` and `/EncryptMetadata`
    /// (algorithm 2.A step f; ISO 32000-2 §7.6.4.4.11). Always true before revision 5.
    func permissionsMatch(fileKey: [UInt8]) -> Bool {
        guard revision >= 5 else { return true }
        guard encryptedPermissions.count >= 16,
              let plain = try? AES(key: fileKey).decryptECB(Array(encryptedPermissions.prefix(16)), padding: false),
              plain[9..<12] == [0x61, 0x64, 0x62] else { return false }
        let p = UInt32(plain[0]) | UInt32(plain[1]) << 8 | UInt32(plain[2]) << 16 | UInt32(plain[3]) << 24
        let metadata = plain[8] == 0x54
        return p == UInt32(bitPattern: permissions) && metadata == encryptMetadata
    }
}
