import Foundation

/// Keeps page-sized buffers out of malloc's arenas. Rasters and Tesseract's working images
/// (tens of megabytes each) are made and freed on worker threads page after page; glibc
/// raises its mmap threshold each time such a block is freed, after which they are carved
/// from per-thread arenas that rarely shrink, and the process keeps pages it no longer uses
/// (a 30-page scan grew to ~257 MB; with the threshold pinned at 1 MiB, ~220 MB).
enum LargeBufferPolicy {
    /// glibc's `M_MMAP_THRESHOLD` parameter number (malloc.h).
    private static let mmapThresholdParameter: Int32 = -3
    private static let threshold: Int32 = 1 << 20

    /// Pins the threshold once per process (glibc only; elsewhere nothing happens).
    static let apply: Void = {
        // mallopt is not in Swift's Glibc module; look it up instead.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThresholdParameter, threshold)
    }()
}
