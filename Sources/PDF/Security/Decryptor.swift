/// Decrypts objects as they are loaded from an encrypted file (ISO 32000-2 §7.6.2): every
/// string and stream, with the key of the object that holds it, except
/// - strings of the `/Encrypt` dictionary,
/// - cross-reference streams,
/// - the `/Contents` of signature dictionaries (the signed bytes are the encrypted ones),
/// - XMP metadata streams when `/EncryptMetadata` is false,
/// - anything inside an object stream (the object stream itself is decrypted instead).
///
/// A stream whose filter chain starts with `/Crypt` is decrypted with the crypt filter it
/// names, and that filter is then removed so the stream reads as plain data.
struct Decryptor: Sendable {
    let fileKey: [UInt8]
    let revision: Int
    let stringMethod: EncryptionInfo.Method
    let streamMethod: EncryptionInfo.Method
    let embeddedFileMethod: EncryptionInfo.Method
    let cryptFilters: [String: EncryptionInfo.Method]
    let encryptMetadata: Bool
    /// The `/Encrypt` dictionary's object, when it is indirect.
    let encryptionDictionary: ObjectRef?

    /// `object`, loaded as indirect object `ref`, with its strings and stream data decrypted.
    func decrypt(_ object: PDFObject, ref: ObjectRef) throws -> PDFObject {
        if ref == encryptionDictionary { return object }
        var stringKey: [UInt8]?
        func decryptString(_ bytes: [UInt8]) throws -> [UInt8] {
            let key = stringKey ?? StandardSecurityHandler.objectKey(fileKey: fileKey, revision: revision, ref: ref, method: stringMethod)
            stringKey = key
            return try Decryptor.apply(stringMethod, key: key, to: bytes)
        }
        if case .stream(var stream) = object {
            if stream.dictionary["Type"]?.nameValue == "XRef" { return object }
            if stringMethod != .none {
                stream.dictionary = try mapStrings(in: stream.dictionary, with: decryptString)
            }
            try decryptData(of: &stream, ref: ref)
            return .stream(stream)
        }
        return stringMethod == .none ? object : try mapStrings(in: object, with: decryptString)
    }

    /// `object` with `transform` applied to every string it holds, except a signature's
    /// `/Contents`. Shared by decryption and encryption (`Encryptor`).
    func mapStrings(in object: PDFObject, with transform: ([UInt8]) throws -> [UInt8]) throws -> PDFObject {
        switch object {
        case .string(let bytes):
            return .string(try transform(bytes))
        case .array(let items):
            return .array(try items.map { try mapStrings(in: $0, with: transform) })
        case .dictionary(let dictionary):
            return .dictionary(try mapStrings(in: dictionary, with: transform))
        default:
            return object
        }
    }

    func mapStrings(in dictionary: PDFDictionary, with transform: ([UInt8]) throws -> [UInt8]) throws -> PDFDictionary {
        let signature = Decryptor.isSignature(dictionary)
        var result = dictionary
        for (key, value) in dictionary {
            if signature, key == "Contents" { continue }
            result[key] = try mapStrings(in: value, with: transform)
        }
        return result
    }

    /// Signature and document time-stamp dictionaries; `/Type` is optional in the former,
    /// so a dictionary with a handler `/Filter` and a `/ByteRange` counts too.
    static func isSignature(_ dictionary: PDFDictionary) -> Bool {
        switch dictionary["Type"]?.nameValue {
        case "Sig", "DocTimeStamp": return true
        case nil: return dictionary["ByteRange"]?.arrayValue != nil && dictionary["Filter"]?.nameValue != nil
        default: return false
        }
    }

    /// The method for a stream's data by its type: embedded files and clear metadata have
    /// their own (a `/Crypt` filter may still override it).
    func method(forStream dictionary: PDFDictionary) -> EncryptionInfo.Method {
        switch dictionary["Type"]?.nameValue {
        case "EmbeddedFile": return embeddedFileMethod
        case "Metadata" where !encryptMetadata: return .none
        default: return streamMethod
        }
    }

    private func decryptData(of stream: inout PDFStream, ref: ObjectRef) throws {
        var method = method(forStream: stream.dictionary)
        if let named = removeCryptFilter(from: &stream.dictionary) {
            method = named
        }
        guard method != .none else { return }
        let key = StandardSecurityHandler.objectKey(fileKey: fileKey, revision: revision, ref: ref, method: method)
        stream.data = try Decryptor.apply(method, key: key, to: stream.data)
    }

    /// Removes a leading `/Crypt` filter (ISO 32000-2 §7.4.10) and returns the method of the
    /// crypt filter its parameters name (`Identity` when unnamed); nil without one. A name
    /// that `/CF` does not define falls back to the document's stream method.
    private func removeCryptFilter(from dictionary: inout PDFDictionary) -> EncryptionInfo.Method? {
        var parameters: PDFDictionary?
        switch dictionary["Filter"] {
        case .name("Crypt")?:
            parameters = dictionary["DecodeParms"]?.dictionaryValue
            dictionary["Filter"] = nil
            dictionary["DecodeParms"] = nil
        case .array(let filters)? where filters.first == .name("Crypt"):
            let list = dictionary["DecodeParms"]?.arrayValue
            parameters = list?.first?.dictionaryValue
            dictionary["Filter"] = filters.count > 1 ? .array(Array(filters.dropFirst())) : nil
            if let list { dictionary["DecodeParms"] = list.count > 1 ? .array(Array(list.dropFirst())) : nil }
        default:
            return nil
        }
        let name = parameters?["Name"]?.nameValue ?? "Identity"
        return cryptFilters[name] ?? streamMethod
    }

    /// Decrypts `data` with `method`. AES data is a 16-byte initialisation vector followed
    /// by CBC blocks ending in PKCS #7 padding; damaged data (a partial last block, bad
    /// padding) is decrypted as far as it goes rather than rejected.
    static func apply(_ method: EncryptionInfo.Method, key: [UInt8], to data: [UInt8]) throws -> [UInt8] {
        switch method {
        case .none:
            return data
        case .rc4:
            return try RC4.apply(key: key, to: data)
        case .aes128, .aes256:
            guard data.count >= 2 * AES.blockSize else { return [] }
            let iv = Array(data[0..<AES.blockSize])
            let end = AES.blockSize + (data.count - AES.blockSize) / AES.blockSize * AES.blockSize
            let plain = try AES(key: key).decryptCBC(Array(data[AES.blockSize..<end]), iv: iv, padding: false)
            guard let padding = PKCS7.paddingLength(of: plain) else { return plain }
            return Array(plain.dropLast(padding))
        }
    }
}
