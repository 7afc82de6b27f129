import Foundation
import PDF

/// The fingerprint of an input's bytes, the key under which journals remember it: SHA-256
/// (from the PDF module's crypto), so two different files never pass for one.
package enum ContentHash {
    /// "sha256:" and the hex digest of the file at `url`, read in 1 MiB chunks.
    /// - Throws: `PipelineError.fileAccess` when it cannot be read.
    package static func of(_ url: URL) throws -> String {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PipelineError(.fileAccess, "cannot read \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw PipelineError(.fileAccess, "cannot read \(url.path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return "sha256:" + hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
