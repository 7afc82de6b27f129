import CZlib

/// zlib/deflate compression (FlateDecode, ISO 32000-1 §7.4.4).
public enum Flate {
    /// Inflates zlib data. Truncated or damaged data yields what could be decoded, with
    /// `complete` false; nothing decodable at all throws.
    /// - Parameter limit: the most bytes to produce (hostile "zip bombs" stop here).
    public static func inflate(_ input: [UInt8], limit: Int = 1 << 31) throws -> (data: [UInt8], complete: Bool) {
        if input.isEmpty { return ([], true) }
        var stream = z_stream()
        // A well-formed zlib header is skipped and the deflate data inflated raw: the Adler-32
        // check of the trailer costs a sixth of inflating a flat scan, and readers (poppler,
        // MuPDF) do not reject data whose checksum is wrong either. Anything else (a preset
        // dictionary, a damaged header) goes through zlib's own header handling.
        let raw = hasPlainZlibHeader(input)
        guard (raw ? legible_inflateInitRaw(&stream) : legible_inflateInit(&stream)) == Z_OK else {
            throw PDFError(.malformed, "zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        let skipped = raw ? 2 : 0
        var output: [UInt8] = []
        output.reserveCapacity(min(max(input.count * 4, 1024), limit))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { inBuf in
            stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress.map { $0 + skipped })
            stream.avail_in = UInt32(inBuf.count - skipped)
            repeat {
                chunk.withUnsafeMutableBufferPointer { outBuf in
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(outBuf.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = outBuf.count - Int(stream.avail_out)
                    output.append(contentsOf: outBuf[0..<produced])
                }
            } while status == Z_OK && output.count < limit && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        if output.count >= limit && status == Z_OK {
            throw PDFError(.limitExceeded, "a compressed stream expands beyond \(limit) bytes")
        }
        if status == Z_STREAM_END { return (output, true) }
        if output.isEmpty {
            throw PDFError(.malformed, "Flate data cannot be decoded (zlib status \(status))")
        }
        return (output, false)
    }

    /// Whether `data` starts with a zlib header for deflate data without a preset dictionary
    /// (RFC 1950 §2.2: method 8, window at most 32 KiB, the header a multiple of 31).
    static func hasPlainZlibHeader(_ data: [UInt8]) -> Bool {
        guard data.count > 2 else { return false }
        let cmf = Int(data[0]), flg = Int(data[1])
        return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0 && flg & 0x20 == 0
    }

    /// Compresses data with zlib at `level` (0–9).
    public static func deflate(_ input: [UInt8], level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        guard legible_deflateInit(&stream, min(max(level, 0), 9)) == Z_OK else { return input.isEmpty ? [] : storedFallback(input) }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, UInt(input.count)))
        var output = [UInt8](repeating: 0, count: bound + 16)
        var produced = 0
        input.withUnsafeBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
                stream.avail_in = UInt32(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = UInt32(outBuf.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
                produced = outBuf.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(produced...)
        return output
    }

    /// zlib data with the input in stored (uncompressed) blocks, for when zlib cannot start.
    private static func storedFallback(_ input: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, input.count - offset)
            let last: UInt8 = offset + length >= input.count ? 1 : 0
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += input[offset..<offset + length]
            offset += length
        } while offset < input.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in input { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        out += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return out
    }
}
