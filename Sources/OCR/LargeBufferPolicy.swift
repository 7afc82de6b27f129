import Foundation

/// Keeps page-sized buffers out of malloc's arenas, and the arenas themselves alive between
/// pages. Rasters and Tesseract's working images (tens of megabytes each) are made and freed
/// on worker threads page after page; glibc raises its mmap threshold each time such a block
/// is freed, after which they are carved from per-thread arenas that rarely shrink, and the
/// process keeps pages it no longer uses (a 30-page scan grew to ~257 MB; with the threshold
/// pinned at 1 MiB, ~220 MB).
enum LargeBufferPolicy {
    /// glibc's `M_MMAP_THRESHOLD` parameter number (malloc.h).
    private static let mmapThresholdParameter: Int32 = -3
    private static let threshold: Int32 = 1 << 20
    /// glibc's `M_TOP_PAD` parameter number (malloc.h).
    private static let topPadParameter: Int32 = -2
    /// Free memory an arena keeps at its top, and below which a worker thread's arena never
    /// hands a whole heap back: glibc's heap size for thread arenas (64 MiB on 64-bit), so no
    /// heap of a worker is unmapped. Tesseract's allocations of one page fill and empty such
    /// heaps; unmapped after every page, they were mapped and faulted in again on the next
    /// (`ocr -j 2` on multi30 pages 1-8: 147,600 -> 56,600 page faults, sys time
    /// 0.39 -> 0.16 s, peak RSS 175 -> 221 MB; bench/README.md, session 11).
    private static let topPad: Int32 = 64 << 20

    /// Pins the threshold once per process (glibc only; elsewhere nothing happens), and keeps
    /// the workers' heaps when the address space is not limited: under `ulimit -v` the main
    /// arena's padding would take address space the engines need (`WorkerMemory`).
    static let apply: Void = {
        // mallopt is not in Swift's Glibc module; look it up instead.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        _ = mallopt(mmapThresholdParameter, threshold)
        if WorkerMemory.addressSpaceLimit() == nil { _ = mallopt(topPadParameter, topPad) }
    }()
}
