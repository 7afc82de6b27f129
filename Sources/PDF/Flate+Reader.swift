import CZlib

/// zlib data inflated a piece at a time into the caller's memory, so a large image's samples
/// can be converted band by band instead of first being gathered into one buffer (a 9,000-pixel
/// square RGB scan is 243 MB of samples; its bands stay in cache and no page of it is faulted).
public final class FlateReader {
    private var stream = z_stream()
    private let input: [UInt8]
    /// Bytes of `input` zlib has consumed.
    private var consumed: Int
    /// zlib's last status: `Z_OK` while more may come.
    private var status: Int32 = Z_OK
    /// Bytes produced so far.
    public private(set) var produced = 0
    /// Whether the data came to its end (or to damage past which nothing more can be had).
    public private(set) var finished = false
    /// Whether the data ended where the deflate stream says it does.
    public var complete: Bool { status == Z_STREAM_END }

    /// Starts inflating `input`; empty input is an empty stream.
    /// - Throws: `PDFError(.malformed)` when zlib cannot start.
    public init(_ input: [UInt8]) throws {
        self.input = input
        // A well-formed zlib header is skipped and the deflate data inflated raw: the Adler-32
        // check of the trailer costs a sixth of inflating a flat scan, and readers (poppler,
        // MuPDF) do not reject data whose checksum is wrong either. Anything else (a preset
        // dictionary, a damaged header) goes through zlib's own header handling.
        let raw = Flate.hasPlainZlibHeader(input)
        consumed = raw ? 2 : 0
        guard (raw ? legible_inflateInitRaw(&stream) : legible_inflateInit(&stream)) == Z_OK else {
            throw PDFError(.malformed, "zlib could not be initialised")
        }
        if input.isEmpty { finished = true; status = Z_STREAM_END }
    }

    deinit { inflateEnd(&stream) }

    /// Inflates into `buffer` until it is full or the data ends, and returns the bytes written.
    /// zlib's output goes straight into `buffer`: matches reaching back are copied from it.
    /// - Throws: `PDFError(.malformed)` when the data ends in damage before any byte was produced.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let out = buffer.baseAddress, !buffer.isEmpty, !finished else { return 0 }
        var filled = 0
        input.withUnsafeBufferPointer { inBuf in
            repeat {
                // zlib keeps no pointer into the input or output between calls: both are given again.
                stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress.map { $0 + consumed })
                stream.avail_in = UInt32(clamping: inBuf.count - consumed)
                stream.next_out = (out + filled).assumingMemoryBound(to: UInt8.self)
                let room = UInt32(clamping: buffer.count - filled)
                stream.avail_out = room
                let before = stream.avail_in
                status = CZlib.inflate(&stream, Z_NO_FLUSH)
                consumed += Int(before - stream.avail_in)
                filled += Int(room - stream.avail_out)
                // Z_BUF_ERROR with input left and room left cannot happen; without input it is the end.
                if status != Z_OK || (stream.avail_in == 0 && stream.avail_out > 0) { finished = true }
            } while !finished && filled < buffer.count
        }
        produced += filled
        if finished && produced == 0 && status != Z_STREAM_END {
            throw PDFError(.malformed, "Flate data cannot be decoded (zlib status \(status))")
        }
        return filled
    }
}
