import Foundation

/// How many OCR engines the memory allows when the user does not say (`-j`): one per core,
/// fewer when the address-space limit (`ulimit -v`), the cgroup's memory limit or the memory
/// the kernel reports available would not hold them. Under `ulimit -v 600000` two engines
/// aborted the process ("failed to allocate 32 bytes", exit 134) where one works.
public enum WorkerMemory {
    /// Address space taken before the engines: the runtime, the libraries, the document and its
    /// pages. Measured: `ocr -j 1` on Samples/two-pages.pdf peaks at 600 MB of address space
    /// (VmPeak), `-j 2` at 740 MB; this leaves one engine under a 600 MB limit.
    static let baseAddressSpace = 460 << 20
    /// Address space each further engine adds (its Tesseract model, thread stack, malloc arena, page raster).
    static let addressSpacePerEngine = 160 << 20
    /// Memory one engine and the page raster it works on keep resident, against what is
    /// available (MemAvailable, cgroup): about a Tesseract model and a 300 dpi colour page.
    static let residentPerEngine = 300 << 20

    /// The engines to run: `cores`, bounded by the memory limits that apply; at least one.
    public static func defaultJobs(cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        var jobs = cores
        if let limit = addressSpaceLimit() {
            jobs = min(jobs, 1 + max(0, limit - baseAddressSpace - addressSpacePerEngine) / addressSpacePerEngine)
        }
        if let available = [cgroupAvailable(), memoryAvailable()].compactMap({ $0 }).min() {
            jobs = min(jobs, available / residentPerEngine)
        }
        return max(1, jobs)
    }

    /// `RLIMIT_AS` in bytes, when set.
    static func addressSpaceLimit() -> Int? {
        var limit = rlimit()
        // RLIM_INFINITY is all ones; an address space near it is no limit either.
        guard getrlimit(RLIMIT_AS_VALUE, &limit) == 0, limit.rlim_cur < rlim_t(Int.max) else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// The cgroup (v2) memory limit less what the cgroup uses, when limited.
    static func cgroupAvailable() -> Int? {
        guard let max = number(in: "/sys/fs/cgroup/memory.max"),
              let current = number(in: "/sys/fs/cgroup/memory.current") else { return nil }
        return Swift.max(0, max - current)
    }

    /// `MemAvailable` of /proc/meminfo, in bytes.
    static func memoryAvailable() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes * 1024
    }

    /// The number a cgroup file holds (nil for "max", a missing file or anything else).
    private static func number(in path: String) -> Int? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// `RLIMIT_AS` as Glibc declares it (an enum there).
    private static var RLIMIT_AS_VALUE: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_AS.rawValue) }
}
