import Foundation
import PDF

/// Writes indirect objects into an output file for both kinds of write (full rewrite and
/// incremental update): encrypts them when the output keeps the document's encryption,
/// sets stream lengths last (after compression and encryption), and, for deterministic
/// output, keeps a digest of every byte written, from which the `/ID` is made.
final class ObjectSink {
    private let output: OutputFile
    /// Encrypts objects on their way out; nil for an unencrypted output.
    let encryptor: Encryptor?
    /// The running digest; nil unless the output is to be deterministic.
    private var digest: MD5?

    init(output: OutputFile, encryptor: Encryptor?, deterministic: Bool) {
        self.output = output
        self.encryptor = encryptor
        if deterministic { digest = MD5() }
    }

    /// The offset of the next byte in the output file.
    var offset: Int { output.offset }

    /// Appends raw bytes.
    func write(_ bytes: [UInt8]) throws {
        digest?.update(bytes)
        try output.write(bytes)
    }

    /// Appends `text` as UTF-8.
    func write(_ text: String) throws { try write(Array(text.utf8)) }

    /// Writes `object` as indirect object `ref`, encrypted with `ref`'s key unless `encrypt`
    /// is false (the `/Encrypt` dictionary and cross-reference streams are written in clear).
    /// A stream's `/Length` is set to the data as written.
    func writeObject(_ ref: ObjectRef, _ object: PDFObject, encrypt: Bool = true) throws {
        try write(rendered(ref, object, encrypt: encrypt))
    }

    /// The bytes `writeObject` writes for `object` (their length never depends on chance:
    /// random AES initialisation vectors have a fixed size), from `N G obj` to `endobj` and
    /// its line end.
    func rendered(_ ref: ObjectRef, _ object: PDFObject, encrypt: Bool = true) throws -> [UInt8] {
        var object = object
        if encrypt, let encryptor {
            do { object = try encryptor.encrypt(object, ref: ref) } catch {
                throw WriteError(.encryption, "object \(ref.number) could not be encrypted: \(error)")
            }
        }
        var out = Array("\(ref.number) \(ref.generation) obj\n".utf8)
        if case .stream(var stream) = object {
            stream.dictionary["Length"] = .int(stream.data.count)
            Serializer.write(.stream(stream), into: &out)
            out += Array("\nstream\n".utf8)
            out += stream.data
            out += Array("\nendstream\nendobj\n".utf8)
        } else {
            Serializer.write(object, into: &out)
            out += Array("\nendobj\n".utf8)
        }
        return out
    }

    /// A document identifier (ISO 32000-2 §14.4): the first half kept from `existing` (the
    /// document's permanent identity, which encryption keys also depend on), the second new —
    /// `contentDigest` when given, else the MD5 of everything written so far for deterministic
    /// output, random otherwise. Without an existing first half both are new, unless
    /// `encrypted`: a key derived without an `/ID` must stay so, so nil is returned and no
    /// `/ID` is written.
    func documentID(existing: [UInt8]?, encrypted: Bool, contentDigest: [UInt8]? = nil) -> PDFObject? {
        let fresh: [UInt8]
        if let contentDigest {
            fresh = contentDigest
        } else if var finished = digest {
            fresh = finished.finalize()
        } else {
            var generator = SystemRandomNumberGenerator()
            fresh = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        if let existing, !existing.isEmpty { return .array([.string(existing), .string(fresh)]) }
        return encrypted ? nil : .array([.string(fresh), .string(fresh)])
    }

    /// Ends the file: `startxref` with the offset of the last cross-reference section.
    func finish(crossReferenceAt offset: Int) throws {
        try write("startxref\n\(offset)\n%%EOF\n")
    }
}

/// Stream preparation shared by both kinds of write.
enum StreamPreparation {
    /// `/Length` is always recomputed, so an indirect one must not keep its object alive.
    static func withoutLength(_ dictionary: PDFDictionary) -> PDFDictionary {
        var copy = dictionary
        copy["Length"] = nil
        return copy
    }

    /// `stream` Flate-compressed when it is stored without a filter and compression makes it
    /// smaller; as it is otherwise.
    static func compressed(_ stream: PDFStream, options: WriteOptions) -> PDFStream {
        // Metadata streams stay readable as they are (PDF/A validators and file tools read them raw).
        guard options.compressStreams, stream.dictionary["Filter"] == nil, stream.data.count > 64,
              stream.dictionary["Type"]?.nameValue != "Metadata" else { return stream }
        let packed = Flate.deflate(stream.data, level: options.compressionLevel)
        guard packed.count < stream.data.count else { return stream }
        var out = stream
        out.data = packed
        out.dictionary["Filter"] = .name("FlateDecode")
        out.dictionary["DecodeParms"] = nil
        return out
    }
}
