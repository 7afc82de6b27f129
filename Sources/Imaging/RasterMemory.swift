#if canImport(Glibc)
import Glibc
#endif

/// How the C allocator keeps the memory of rasters that come and go. Composing a page made of
/// strips (PCLm, banded scans) decodes, stretches and frees a few hundred kilobytes per strip;
/// by default glibc maps such blocks anew or hands the freed top of the heap back to the kernel
/// after each, and every page of them is faulted in again: 61,000 of pclm-in.pdf's 94,000 page
/// faults, a quarter of its time. Page-sized rasters (tens of megabytes and more) still get
/// their own mappings, returned when freed.
public enum RasterMemory {
    /// Blocks up to this size come from the heap rather than their own mapping.
    public static let heapBlockLimit: Int32 = 4 << 20
    /// Freed memory at the top of the heap kept for reuse before any is returned.
    public static let keptFreeMemory: Int32 = 16 << 20

    /// Applies the limits above to the process's allocator (glibc's `mallopt`, looked up in the
    /// C library already loaded; elsewhere nothing changes). Call once, early.
    public static func keepFreedRastersMapped() {
        #if os(Linux)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        // M_TRIM_THRESHOLD is -1 and M_MMAP_THRESHOLD -3 in glibc's <malloc.h>.
        _ = mallopt(-1, keptFreeMemory)
        _ = mallopt(-3, heapBlockLimit)
        #endif
    }
}
