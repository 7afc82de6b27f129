#if canImport(Glibc)
import Glibc
#endif

/// libdeflate's whole-buffer zlib decoder, opened on first use. It decodes several times faster
/// than zlib's streaming inflate, and many times faster on the long runs of flat scans (a
/// 9,000-pixel-square colour page: 15 ms instead of 450 ms). libtiff depends on it, so it is
/// present wherever Leptonica is; without it zlib decodes everything, as it does any stream
/// libdeflate rejects (damaged, truncated: zlib keeps what it can read of those).
struct LibDeflate: @unchecked Sendable {
    private typealias Allocate = @convention(c) () -> OpaquePointer?
    private typealias Release = @convention(c) (OpaquePointer?) -> Void
    private typealias Decompress = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int,
                                                   UnsafeMutablePointer<Int>?) -> Int32
    private let allocate: Allocate
    private let release: Release
    private let decompress: Decompress

    /// libdeflate's result codes (`enum libdeflate_result`): decoded, and out of room.
    private static let success: Int32 = 0, insufficientSpace: Int32 = 3

    /// The library, or nil when it cannot be opened.
    static let shared: LibDeflate? = {
        guard let library = dlopen("libdeflate.so.0", RTLD_NOW | RTLD_LOCAL),
              let allocate = dlsym(library, "libdeflate_alloc_decompressor"),
              let release = dlsym(library, "libdeflate_free_decompressor"),
              let decompress = dlsym(library, "libdeflate_zlib_decompress")
        else { return nil }
        return LibDeflate(allocate: unsafeBitCast(allocate, to: Allocate.self), release: unsafeBitCast(release, to: Release.self),
                          decompress: unsafeBitCast(decompress, to: Decompress.self))
    }()

    /// The decoded bytes of a whole, valid zlib stream of fewer than `limit` bytes; nil for
    /// anything else (damaged or truncated data, more than `limit` bytes, no memory).
    func inflate(_ input: [UInt8], limit: Int) -> [UInt8]? {
        guard let decompressor = allocate() else { return nil }
        defer { release(decompressor) }
        // The size is not known before decoding. Most streams fit in 8 times their compressed
        // size; the rest (flat scans compress a thousandfold) are decoded again into room for
        // deflate's largest possible expansion, 1032 to 1, which is reserved but only written
        // as far as the data goes.
        let first = min(limit, max(input.count * 8, 1 << 16))
        switch attempt(input, capacity: first, decompressor) {
        case .decoded(let output): return output.count < limit ? fitted(output, room: first) : nil
        case .failed: return nil
        case .tooSmall: break
        }
        let (most, overflow) = input.count.multipliedReportingOverflow(by: 1032)
        let second = overflow ? limit : min(limit, most + 1024)
        // The room is reserved through malloc first, which fails softly where an array would trap.
        guard second > first, let probe = malloc(second) else { return nil }
        free(probe)
        guard case .decoded(let output) = attempt(input, capacity: second, decompressor), output.count < limit else { return nil }
        return fitted(output, room: second)
    }

    /// `output`, copied out of its room when it fills under a quarter of it, so that decoded
    /// streams kept in memory hold no more than four times their size.
    private func fitted(_ output: [UInt8], room: Int) -> [UInt8] {
        guard output.count < room / 4 else { return output }
        return [UInt8](unsafeUninitializedCapacity: output.count) { buffer, count in
            _ = buffer.initialize(from: output)
            count = output.count
        }
    }

    private enum Attempt {
        case decoded([UInt8])
        /// The stream needs more room.
        case tooSmall
        /// Damaged, truncated or not a zlib stream.
        case failed
    }

    /// The stream decoded into `capacity` bytes of room.
    private func attempt(_ input: [UInt8], capacity: Int, _ decompressor: OpaquePointer) -> Attempt {
        var status: Int32 = -1
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var produced = 0
            status = input.withUnsafeBytes { source in
                decompress(decompressor, source.baseAddress, source.count, buffer.baseAddress, buffer.count, &produced)
            }
            count = status == Self.success ? produced : 0
        }
        switch status {
        case Self.success: return .decoded(output)
        case Self.insufficientSpace: return .tooSmall
        default: return .failed
        }
    }
}
