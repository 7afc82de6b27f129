import Foundation

/// Opens an encrypted document: picks the security handler the `/Encrypt` dictionary
/// names, finds which password opens it, and sets up decryption (ISO 32000-2 §7.6).
enum SecurityHandler {
    /// What opening an encrypted document yields.
    struct Unlocked {
        var decryptor: Decryptor
        var info: EncryptionInfo
        /// Problems noticed but read around.
        var warnings: [String]
    }

    /// Opens the document whose trailer's `/Encrypt` entry is `encrypt`.
    /// - Parameter password: tried as owner and as user password; nil tries the empty
    ///   password, which opens documents that only restrict permissions.
    /// - Throws: `PDFError(.encrypted)` when the password opens nothing,
    ///   `PDFError(.unsupported)` for a handler other than the standard one.
    static func unlock(_ encrypt: PDFObject, trailer: PDFDictionary, password: String?,
                       resolve: (PDFObject) -> PDFObject) throws -> Unlocked {
        guard let dictionary = resolve(encrypt).dictionaryValue else {
            throw PDFError(.malformed, "the trailer's /Encrypt entry is not a dictionary", object: encrypt.referenceValue)
        }
        let filter = resolve(dictionary["Filter"] ?? .null).nameValue ?? "(none)"
        guard filter == "Standard" else {
            let kind = filter == "Adobe.PubSec" || filter.hasPrefix("Adobe.PPK") ? "public-key" : "custom"
            throw PDFError(.unsupported, "the PDF is encrypted with the \(kind) security handler /\(filter); only the standard password handler is supported")
        }
        let id = resolve(trailer["ID"] ?? .null).arrayValue?.first.flatMap { resolve($0).stringBytes } ?? []
        let handler = try StandardSecurityHandler(dictionary: dictionary, documentID: id, resolve: resolve)

        var opened: (key: [UInt8], owner: Bool)?
        for candidate in passwordEncodings(password ?? "", revision: handler.revision) {
            if let found = try handler.authenticate(candidate) { opened = found; break }
        }
        guard let (key, owner) = opened else {
            if password == nil {
                throw PDFError(.encrypted, "the PDF is encrypted and needs a password to open")
            }
            throw PDFError(.encrypted, "the password given is neither the user nor the owner password of this PDF")
        }
        var warnings: [String] = []
        if !handler.permissionsMatch(fileKey: key) {
            warnings.append("the encryption dictionary's /Perms does not confirm its /P and /EncryptMetadata")
        }
        let decryptor = Decryptor(fileKey: key, revision: handler.revision, stringMethod: handler.stringMethod,
                                  streamMethod: handler.streamMethod, embeddedFileMethod: handler.embeddedFileMethod,
                                  cryptFilters: handler.cryptFilters, encryptMetadata: handler.encryptMetadata,
                                  encryptionDictionary: encrypt.referenceValue)
        let info = EncryptionInfo(handler: filter, version: handler.version, revision: handler.revision,
                                  keyLength: key.count * 8, stringMethod: handler.stringMethod,
                                  streamMethod: handler.streamMethod, embeddedFileMethod: handler.embeddedFileMethod,
                                  rawPermissions: handler.permissions, ownerPasswordUsed: owner,
                                  encryptsMetadata: handler.encryptMetadata)
        return Unlocked(decryptor: decryptor, info: info, warnings: warnings)
    }

    /// The byte forms of `password` to try. Revisions 2–4 take PDFDocEncoding, which agrees
    /// with Latin-1 for the characters people type; UTF-8 is tried as well because some
    /// writers used it. Revisions 5 and 6 take UTF-8 after SASLprep, whose main effect,
    /// NFKC normalisation, is applied here.
    static func passwordEncodings(_ password: String, revision: Int) -> [[UInt8]] {
        var forms: [[UInt8]] = []
        func add(_ form: [UInt8]) { if !forms.contains(form) { forms.append(form) } }
        if revision >= 5 {
            add(Array(password.precomposedStringWithCompatibilityMapping.utf8))
        } else if password.unicodeScalars.allSatisfy({ $0.value < 256 }) {
            add(password.unicodeScalars.map { UInt8($0.value) })
        }
        add(Array(password.utf8))
        return forms
    }
}
