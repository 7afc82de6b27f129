import Foundation

/// Reads a whole file straight into a byte array: one copy in memory, not a mapped file plus
/// a copy of it.
public enum FileBytes {
    /// The largest input file read (protects memory; inputs are read whole).
    public static let maxInputBytes = 8 << 30

    /// The bytes of the input file at `url`, which must exist and not be a folder.
    /// - Throws: `PipelineError`: `.fileAccess` ("input file not found", "input is a
    ///   directory", unreadable), `.badInput` past `limit` bytes.
    public static func input(_ url: URL, limit: Int = maxInputBytes) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PipelineError(.fileAccess, "input file not found: \(url.path)")
        }
        if isDirectory.boolValue { throw PipelineError(.fileAccess, "input is a directory: \(url.path)") }
        return try read(url, limit: limit)
    }

    package static func read(_ url: URL, limit: Int) throws -> [UInt8] {
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
