/// How a full rewrite is written.
public struct WriteOptions: Sendable {
    /// Compress streams that are stored uncompressed.
    public var compressStreams = true
    /// zlib level for new compression (0–9).
    public var compressionLevel: Int32 = 6
    /// Pack non-stream objects into object streams with a cross-reference stream (PDF 1.5);
    /// when false, a classic table is written.
    public var useObjectStreams = true
    /// Objects per object stream.
    public var objectsPerStream = 100

    /// The defaults: compressed, with object streams.
    public init() {}
}
