import PDF

/// How a document is written, in the manner of PDFKit's `write(to:withOptions:)` options.
///
/// ```swift
/// var options = WriteOptions()
/// options.version = "1.4"          // classic table, no object streams
/// options.deterministic = true     // same input, same bytes
/// try rewriter.write(to: output, options: options)
/// ```
public struct WriteOptions: Sendable {
    /// What happens to the encryption of an encrypted source.
    public enum Encryption: String, Sendable {
        /// The output is encrypted as the source was: same handler, keys, permissions and
        /// passwords.
        case preserve
        /// The output is written unencrypted (the user asked to decrypt).
        case remove
    }

    /// Compress streams that are stored uncompressed.
    public var compressStreams = true
    /// zlib level for new compression (0–9).
    public var compressionLevel: Int32 = 6
    /// Pack non-stream objects into object streams with a cross-reference stream (PDF 1.5);
    /// when false, a classic table is written. A `version` below 1.5 turns this off.
    public var useObjectStreams = true
    /// Objects per object stream.
    public var objectsPerStream = 100
    /// The PDF version to write in the header, e.g. "1.4" for readers of that generation
    /// (a classic table, no object streams); nil keeps the source's, raised to 1.5 when
    /// object streams are written. Encryption that needs a later version (AES-128: 1.6,
    /// AES-256: 1.7) raises it to that. Ignored by incremental updates, which cannot
    /// change the header.
    public var version: String?
    /// Keep or remove the source's encryption (full rewrites only: an incremental update
    /// always keeps it).
    public var encryption: Encryption = .preserve
    /// Write the same bytes for the same input: the second half of `/ID` is the MD5 of
    /// the content instead of random (the first half is the source's, or that digest too),
    /// and AES initialisation vectors come from the data.
    public var deterministic = false
    /// Append only the new and changed objects after the original bytes (an incremental
    /// update, which keeps existing signatures valid) instead of rewriting the whole file.
    /// Falls back to a full rewrite, with the reason in the `WriteSummary`, when the file
    /// cannot take an update (see `DocumentRewriter.incrementalUpdateObstacle`).
    public var incremental = false
    /// Write a linearized file (ISO 32000-1 Annex F, "fast web view"): the first page and a
    /// hint stream up front, so a viewer can show it before the rest arrives. Full rewrites
    /// only, with classic cross-reference tables (no object streams).
    public var linearize = false

    /// Encrypt the output afresh (AES-256) with these passwords and permissions, whatever the
    /// source's encryption was (full rewrites only: an incremental update keeps the source's).
    public var newEncryption: NewEncryption?

    /// The defaults: a full rewrite, compressed, with object streams, encryption kept.
    public init() {}

    /// The version as a number (1.4 for anything unreadable).
    static func number(_ version: String) -> Double {
        Double(version) ?? 1.4
    }
}

/// What a write did.
public struct WriteSummary: Sendable, Equatable {
    /// How the file was written.
    public enum Method: String, Sendable {
        /// Every reachable object rewritten.
        case fullRewrite = "full rewrite"
        /// The original bytes kept, changes appended.
        case incrementalUpdate = "incremental update"
    }

    /// How the file was written.
    public var method: Method
    /// Why the write asked for was not made: an incremental update that became a full
    /// rewrite, or a linearized file that became a plain one; nil otherwise.
    public var fallbackReason: String?
    /// Whether the output is encrypted.
    public var encrypted: Bool
    /// Whether the output is linearized.
    public var linearized = false
    /// Objects written (for an incremental update, the ones appended).
    public var objectsWritten: Int
}
