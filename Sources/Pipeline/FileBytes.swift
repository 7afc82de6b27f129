import Foundation

/// Reads a whole file straight into a byte array: one copy in memory, not a mapped file plus
/// a copy of it.
enum FileBytes {
    static func read(_ url: URL, limit: Int) throws -> [UInt8] {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PipelineError(.fileAccess, "cannot read \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw PipelineError(.fileAccess, "cannot read \(url.path): \(String(cString: strerror(errno)))")
        }
        let size = Int(status.st_size)
        guard size <= limit else {
            throw PipelineError(.badInput, "\(url.lastPathComponent) is larger than \(limit >> 30) GiB")
        }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let n = Foundation.read(descriptor, buffer.baseAddress! + count, size - count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failure = n < 0 ? errno : 0; break }
                count += n
            }
        }
        if failure != 0 {
            throw PipelineError(.fileAccess, "cannot read \(url.path): \(String(cString: strerror(failure)))")
        }
        return bytes
    }
}
