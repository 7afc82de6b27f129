/// The standard password-based security handler (ISO 32000-2 §7.6.4): the `/Encrypt`
/// dictionary's parameters, read and checked. Password checks and key derivation are in
/// `SecurityHandler+Keys.swift`.
struct StandardSecurityHandler {
    /// `/V`: 1–3 RC4 throughout, 4 crypt filters with RC4 or AES-128, 5 AES-256.
    let version: Int
    /// `/R`: 2–4 use MD5 and RC4 to derive keys, 5 and 6 SHA-2 and AES-256.
    let revision: Int
    /// File key lengths in bytes to try, most likely first (more than one only when
    /// `/Length` is missing or unusable).
    let keyLengths: [Int]
    /// `/O` and `/U`: 32 bytes up to revision 4, 48 from revision 5 (padded or cut to size).
    let ownerHash: [UInt8]
    let userHash: [UInt8]
    /// `/OE` and `/UE` (revisions 5 and 6): the file key encrypted with a password-derived key.
    let ownerEncryptedKey: [UInt8]
    let userEncryptedKey: [UInt8]
    /// `/Perms` (revisions 5 and 6): the permissions encrypted with the file key.
    let encryptedPermissions: [UInt8]
    /// `/P`.
    let permissions: Int32
    /// The first string of the trailer's `/ID` (empty when missing).
    let documentID: [UInt8]
    /// `/EncryptMetadata`.
    let encryptMetadata: Bool
    /// The crypt filters of `/CF` by name, plus `Identity`.
    let cryptFilters: [String: EncryptionInfo.Method]
    let stringMethod: EncryptionInfo.Method
    let streamMethod: EncryptionInfo.Method
    let embeddedFileMethod: EncryptionInfo.Method

    /// Reads `dictionary` (`/Filter /Standard`).
    /// - Throws: `PDFError(.unsupported)` for a version, revision or crypt filter method
    ///   this handler does not know.
    init(dictionary: PDFDictionary, documentID: [UInt8], resolve: (PDFObject) -> PDFObject) throws {
        func value(_ key: String) -> PDFObject? {
            let object = resolve(dictionary[key] ?? .null)
            return object == .null ? nil : object
        }
        let version = value("V")?.intValue ?? 0
        guard let revision = value("R")?.intValue else {
            throw PDFError(.malformed, "the standard security handler's dictionary has no /R")
        }
        guard (0...5).contains(version) else {
            throw PDFError(.unsupported, "encryption algorithm version /V \(version) is not supported")
        }
        guard (2...6).contains(revision) else {
            throw PDFError(.unsupported, "standard security handler revision \(revision) is not supported")
        }
        self.version = version
        self.revision = revision
        self.documentID = documentID
        permissions = Int32(truncatingIfNeeded: value("P")?.intValue ?? -4)
        encryptMetadata = value("EncryptMetadata") != .bool(false)

        let hashSize = revision >= 5 ? 48 : 32
        ownerHash = StandardSecurityHandler.fit(value("O")?.stringBytes ?? [], to: hashSize)
        userHash = StandardSecurityHandler.fit(value("U")?.stringBytes ?? [], to: hashSize)
        ownerEncryptedKey = StandardSecurityHandler.fit(value("OE")?.stringBytes ?? [], to: 32)
        userEncryptedKey = StandardSecurityHandler.fit(value("UE")?.stringBytes ?? [], to: 32)
        encryptedPermissions = value("Perms")?.stringBytes ?? []

        var filters: [String: EncryptionInfo.Method] = ["Identity": .none]
        var filterLengths: [String: Int] = [:]
        if version >= 4, let cf = value("CF")?.dictionaryValue {
            for (name, entry) in cf {
                guard let filter = resolve(entry).dictionaryValue else { continue }
                let method = resolve(filter["CFM"] ?? .null).nameValue ?? "None"
                switch method {
                case "None": filters[name] = EncryptionInfo.Method.none
                case "V2": filters[name] = .rc4
                case "AESV2": filters[name] = .aes128
                case "AESV3": filters[name] = .aes256
                default:
                    throw PDFError(.unsupported, "crypt filter /\(name) uses the method /\(method), which is not supported")
                }
                filterLengths[name] = resolve(filter["Length"] ?? .null).intValue
            }
        }
        func method(_ key: String, default fallback: EncryptionInfo.Method) throws -> EncryptionInfo.Method {
            guard version >= 4 else { return .rc4 }
            guard let name = value(key)?.nameValue else { return fallback }
            guard let method = filters[name] else {
                throw PDFError(.malformed, "/\(key) names the crypt filter /\(name), which /CF does not define")
            }
            return method
        }
        cryptFilters = filters
        stringMethod = try method("StrF", default: .none)
        streamMethod = try method("StmF", default: .none)
        embeddedFileMethod = try method("EFF", default: streamMethod)

        let methods = [stringMethod, streamMethod, embeddedFileMethod]
        let declaredBits = value("Length")?.intValue
        switch (version, revision) {
        case (_, 5...), (5, _):
            keyLengths = [32]
        case (_, 2), (0...1, _):
            keyLengths = [5]
        case (4, _) where methods.contains(.aes128):
            keyLengths = [16]
        case (4, _):
            // A crypt filter's /Length is in bytes in some writers' files and in bits in others'.
            let used = [value("StmF")?.nameValue, value("StrF")?.nameValue].compactMap { $0.flatMap { filterLengths[$0] } }
            let bytes = used.first.map { $0 <= 16 ? $0 : $0 / 8 } ?? declaredBits.map { $0 / 8 } ?? 16
            keyLengths = [(5...16).contains(bytes) ? bytes : 16]
        default:
            if let bits = declaredBits, (40...128).contains(bits), bits % 8 == 0 {
                keyLengths = [bits / 8]
            } else {
                // The default is 40 bits, but writers that drop /Length mostly meant 128.
                keyLengths = [5, 16]
            }
        }
    }

    /// `bytes` cut or zero-padded to `size`: some writers store shorter or longer hashes.
    private static func fit(_ bytes: [UInt8], to size: Int) -> [UInt8] {
        bytes.count >= size ? Array(bytes.prefix(size)) : bytes + [UInt8](repeating: 0, count: size - bytes.count)
    }
}
