import Foundation
import PDF

/// New object numbers for a full rewrite (plain or linearized), applied to objects on their
/// way out: references renumbered (references to objects not written become null), stream
/// `/Length` dropped (the sink writes it) and new streams compressed.
struct Renumbering {
    /// Source reference → new object number.
    var numbers: [ObjectRef: Int] = [:]

    /// `object` with its references renumbered.
    func apply(_ object: PDFObject) -> PDFObject {
        switch object {
        case .reference(let ref):
            guard let n = numbers[ref] else { return .null }
            return .reference(ObjectRef(n, 0))
        case .array(let items): return .array(items.map(apply))
        case .dictionary(let dict):
            var out = PDFDictionary()
            for (k, v) in dict { out[k] = apply(v) }
            return .dictionary(out)
        default: return object
        }
    }

    /// `object` ready to be written: renumbered, and for a stream without its `/Length` and
    /// compressed as `options` ask.
    func prepared(_ object: PDFObject, options: WriteOptions) -> PDFObject {
        guard case .stream(var stream) = object else { return apply(object) }
        var dict = PDFDictionary()
        for (k, v) in StreamPreparation.withoutLength(stream.dictionary) { dict[k] = apply(v) }
        stream.dictionary = dict
        return .stream(StreamPreparation.compressed(stream, options: options))
    }
}

/// The source's encryption as a full rewrite keeps it: the encryptor and the `/Encrypt`
/// dictionary, made direct throughout (it is written as one object, in clear).
struct KeptEncryption {
    let encryptor: Encryptor
    let dictionary: PDFDictionary

    /// The encryption to keep; nil when the source is not encrypted or `options` remove it.
    /// - Throws: `WriteError(.encryption)` when the `/Encrypt` dictionary cannot be read.
    static func of(_ source: PDFDocument, options: WriteOptions) throws -> KeptEncryption? {
        if let fresh = options.newEncryption {
            var encryptor = fresh.encryptor
            encryptor.deterministic = options.deterministic
            return KeptEncryption(encryptor: encryptor, dictionary: fresh.dictionary)
        }
        guard options.encryption == .preserve, var encryptor = source.encryptor else { return nil }
        encryptor.deterministic = options.deterministic
        // Loaded through its reference, the dictionary is not decrypted (the reader skips it).
        guard let dictionary = source.resolve(source.trailer["Encrypt"] ?? .null).dictionaryValue else {
            throw WriteError(.encryption, "the encryption dictionary cannot be read, so the output cannot be encrypted like the input; decrypt it instead")
        }
        func direct(_ object: PDFObject, depth: Int) -> PDFObject {
            guard depth < 16 else { return .null }
            switch object {
            case .reference: return direct(source.resolve(object), depth: depth + 1)
            case .array(let items): return .array(items.map { direct($0, depth: depth + 1) })
            case .dictionary(let dict):
                var out = PDFDictionary()
                for (key, value) in dict { out[key] = direct(value, depth: depth + 1) }
                return .dictionary(out)
            default: return object
            }
        }
        return KeptEncryption(encryptor: encryptor, dictionary: direct(.dictionary(dictionary), depth: 0).dictionaryValue ?? dictionary)
    }

    /// The header version of a full rewrite: the one asked for (or the source's), raised to
    /// what object streams (1.5) and kept encryption (AES-128: 1.6, AES-256: 1.7) need.
    static func headerVersion(of source: PDFDocument, options: WriteOptions, objectStreams: Bool, encrypted: Bool) -> String {
        var minimum = objectStreams ? 1.5 : 1.0
        if encrypted, options.newEncryption != nil {
            minimum = max(minimum, 1.7) // AES-256
        } else if encrypted, let info = source.encryption {
            let methods = [info.stringMethod, info.streamMethod, info.embeddedFileMethod]
            if methods.contains(.aes256) { minimum = max(minimum, 1.7) }
            else if methods.contains(.aes128) { minimum = max(minimum, 1.6) }
            else if info.version >= 2 { minimum = max(minimum, 1.4) }
        }
        let asked = WriteOptions.number(options.version ?? source.version)
        return String(format: "%.1f", max(asked, minimum))
    }

    /// The first half of the source's `/ID`, when it has one.
    static func existingID(of source: PDFDocument) -> [UInt8]? {
        source.resolve(source.trailer["ID"] ?? .null).arrayValue?.first.flatMap { source.resolve($0).stringBytes }
    }
}
