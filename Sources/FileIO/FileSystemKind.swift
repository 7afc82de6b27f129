import Foundation

/// Which file system holds a folder, as far as it matters for noticing changes: inotify only
/// sees what this kernel does, so on network and FUSE file systems, where other machines (or
/// a user-space daemon) write, events do not arrive and the folder must be polled.
package enum FileSystemKind {
    /// `statfs` magic numbers (linux/magic.h and the file systems' own headers).
    private static let remote: [Int: String] = [
        0x6969: "nfs", 0x517B: "smb", 0xFF53_4D42: "cifs", 0xFE53_4D42: "smb2", 0x6573_5546: "fuse",
        0x0102_1997: "9p", 0x00C3_6400: "ceph", 0x5346_414F: "afs", 0x0BD0_0BD0: "lustre", 0x0116_1970: "gfs2",
        0x4750_4653: "gpfs", 0x7461_636F: "ocfs2", 0x6B41_4653: "afs",
    ]

    /// The name of the network or FUSE file system holding `url`, or nil for a local one
    /// (and when `statfs` fails, since inotify is then tried and probed anyway).
    package static func remoteName(of url: URL) -> String? {
        magic(of: url).flatMap { remote[Int(UInt32(truncatingIfNeeded: $0))] }
    }

    private typealias StatFS = @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32

    /// `statfs(2)`'s `f_type`. Swift's Glibc module does not include `<sys/vfs.h>`, so the
    /// function is looked up by name; `f_type` is the first field of `struct statfs`, a C
    /// `long` (`Int`) on every Linux ABI, and 512 bytes hold the whole struct.
    private static func magic(of url: URL) -> Int? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "statfs") else { return nil }
        let function = unsafeBitCast(symbol, to: StatFS.self)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
        defer { buffer.deallocate() }
        guard function(url.path, buffer) == 0 else { return nil }
        return buffer.load(as: Int.self)
    }
}
