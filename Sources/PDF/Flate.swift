import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// zlib/deflate compression (FlateDecode, ISO 32000-1 §7.4.4).
public enum Flate {
    /// Inflates zlib data. Truncated or damaged data yields what could be decoded, with
    /// `complete` false; nothing decodable at all throws.
    /// - Parameter limit: the most bytes to produce (hostile "zip bombs" stop here).
    public static func inflate(_ input: [UInt8], limit: Int = 1 << 31) throws -> (data: [UInt8], complete: Bool) {
        if input.isEmpty { return ([], true) }
        let reader = try FlateReader(input)
        // zlib writes straight into one buffer grown by realloc (which moves large blocks by
        // remapping, not copying); one byte past the limit tells a bomb from a stream of exactly it.
        let most = limit < Int.max ? limit + 1 : limit
        var capacity = min(max(input.count * 4, 1024), most)
        guard var storage = realloc(nil, capacity) else {
            throw PDFError(.limitExceeded, "no memory to inflate a stream")
        }
        defer { free(storage) }
        var produced = 0
        while true {
            produced += try reader.read(into: UnsafeMutableRawBufferPointer(start: storage + produced, count: capacity - produced))
            if reader.finished || produced >= most { break }
            if produced == capacity {
                capacity = capacity > most / 2 ? most : capacity * 2
                guard let grown = realloc(storage, capacity) else {
                    throw PDFError(.limitExceeded, "no memory to inflate a stream")
                }
                storage = grown
            }
        }
        if produced > limit {
            throw PDFError(.limitExceeded, "a compressed stream expands beyond \(limit) bytes")
        }
        return (Array(UnsafeRawBufferPointer(start: storage, count: produced)), reader.complete)
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
