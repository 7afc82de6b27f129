/// Encrypts objects for writing into an encrypted file, with the key and methods of the
/// document they came from (ISO 32000-2 §7.6.2): the counterpart of the reader's decryption,
/// leaving out what it leaves out — cross-reference streams, signature `/Contents`, and XMP
/// metadata when `/EncryptMetadata` is false. The writer must not pass it the `/Encrypt`
/// dictionary or objects it packs into object streams (the object stream is encrypted instead).
///
/// ```swift
/// if let encryptor = document.encryptor {
///     let sealed = try encryptor.encrypt(object, ref: ObjectRef(12))
/// }
/// ```
public struct Encryptor: Sendable {
    private let keys: Decryptor
    /// When true, AES initialisation vectors are derived from the object key and the data
    /// instead of drawn at random, so that writing the same document twice gives the same
    /// bytes. Each object still gets its own vector; only identical plaintext under the same
    /// key repeats, which is what deterministic output asks for.
    public var deterministic = false

    init(keys: Decryptor) {
        self.keys = keys
    }

    /// `object`, to be written as indirect object `ref`, with its strings and stream data
    /// encrypted. A stream's data is encrypted as it is (already compressed, if it is to be);
    /// the caller sets `/Length` afterwards.
    /// - Throws: `PDFError(.malformed)` if the cipher rejects its key (never for keys read
    ///   from a document that opened).
    public func encrypt(_ object: PDFObject, ref: ObjectRef) throws -> PDFObject {
        var stringKey: [UInt8]?
        func encryptString(_ bytes: [UInt8]) throws -> [UInt8] {
            let key = stringKey ?? objectKey(ref, keys.stringMethod)
            stringKey = key
            return try apply(keys.stringMethod, key: key, to: bytes)
        }
        if case .stream(var stream) = object {
            if stream.dictionary["Type"]?.nameValue == "XRef" { return object }
            if keys.stringMethod != .none {
                stream.dictionary = try keys.mapStrings(in: stream.dictionary, with: encryptString)
            }
            let method = keys.method(forStream: stream.dictionary)
            if method != .none, !hasCryptFilter(stream.dictionary) {
                stream.data = try apply(method, key: objectKey(ref, method), to: stream.data)
            }
            return .stream(stream)
        }
        return keys.stringMethod == .none ? object : try keys.mapStrings(in: object, with: encryptString)
    }

    private func objectKey(_ ref: ObjectRef, _ method: EncryptionInfo.Method) -> [UInt8] {
        StandardSecurityHandler.objectKey(fileKey: keys.fileKey, revision: keys.revision, ref: ref, method: method)
    }

    /// A stream that names its own crypt filter is left to it (the reader removes the filters
    /// it applies, so only streams made elsewhere can carry one).
    private func hasCryptFilter(_ dictionary: PDFDictionary) -> Bool {
        switch dictionary["Filter"] {
        case .name("Crypt")?: return true
        case .array(let filters)?: return filters.first == .name("Crypt")
        default: return false
        }
    }

    /// RC4, or AES-CBC with PKCS #7 padding behind a 16-byte initialisation vector.
    private func apply(_ method: EncryptionInfo.Method, key: [UInt8], to data: [UInt8]) throws -> [UInt8] {
        switch method {
        case .none:
            return data
        case .rc4:
            return try RC4.apply(key: key, to: data)
        case .aes128, .aes256:
            let iv = initialisationVector(key: key, data: data)
            return iv + (try AES(key: key).encryptCBC(data, iv: iv, padding: true))
        }
    }

    private func initialisationVector(key: [UInt8], data: [UInt8]) -> [UInt8] {
        guard deterministic else {
            var generator = SystemRandomNumberGenerator()
            return (0..<AES.blockSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        var hash = SHA256()
        hash.update(key)
        hash.update(data)
        return Array(hash.finalize().prefix(AES.blockSize))
    }
}

extension PDFDocument {
    /// Encrypts objects with this document's key and methods, for writers that keep the
    /// document encrypted; nil when the document is not encrypted.
    public var encryptor: Encryptor? {
        decryptor.map { Encryptor(keys: $0) }
    }
}
