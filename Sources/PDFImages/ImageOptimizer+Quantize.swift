import Imaging
import PDF

extension ImageOptimizer {
    /// The largest mean absolute error (in 8-bit levels) a quantized gray image may have:
    /// about what a scan's antialiased text edges lose when most of the page is paper or ink.
    static let maxQuantizationError = 1.0
    /// Gray level counts tried, fewest (smallest file) first; 4 levels pack into 2 bits,
    /// 8 and 16 into 4.
    static let quantizationLevels = [4, 8, 16]

    /// Gray levels for 8-bit samples: the fewest of `quantizationLevels` whose mean absolute
    /// error stays within `maxQuantizationError`, placed where the histogram needs them
    /// (each level the median of the samples it stands for); nil when even 16 levels err more,
    /// as a photograph or a noisy scan would.
    static func grayLevels(of samples: [UInt8]) -> (levels: [UInt8], lookup: [UInt8])? {
        guard !samples.isEmpty else { return nil }
        var histogram = [Int](repeating: 0, count: 256)
        for s in samples { histogram[Int(s)] += 1 }
        let partition = GrayPartition(histogram: histogram)
        for count in quantizationLevels {
            guard let (cost, levels, lookup) = partition.best(levels: count) else { continue }
            if Double(cost) / Double(samples.count) <= maxQuantizationError { return (levels, lookup) }
        }
        return nil
    }

    /// The 8-bit samples of a one-component image stored bare or as JPEG; nil when they
    /// cannot be had at the stated size.
    static func graySamples(_ data: [UInt8], codec: String?, width: Int, height: Int) -> [UInt8]? {
        if codec == nil { return data.count >= width * height ? data : nil }
        guard let image = try? ImageDecoder.jpeg(data), image.width == width, image.height == height,
              let samples = try? image.pdfSamples(), samples.components == 1, samples.bitsPerComponent == 8 else { return nil }
        return samples.data
    }

    /// An `/Indexed` image over the image's own gray colour space: the samples mapped to
    /// `grayLevels`, packed into 2 or 4 bits, Flate-coded with PNG predictors where smaller.
    static func quantizedGray(_ stream: PDFStream, samples: [UInt8], width: Int, height: Int) -> PDFStream? {
        guard samples.count >= width * height, let base = stream.dictionary["ColorSpace"],
              let (levels, lookup) = grayLevels(of: samples) else { return nil }
        let bits = levels.count <= 4 ? 2 : 4
        let perByte = 8 / bits
        let rowBytes = (width * bits + 7) / 8
        var packed = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let row = y * width, out = y * rowBytes
            for x in 0..<width {
                let index = lookup[Int(samples[row + x])]
                packed[out + x / perByte] |= index << UInt8(8 - bits * (x % perByte + 1))
            }
        }
        let flate = flateCandidates(packed, columns: width, colors: 1, bitsPerComponent: bits)
        var dictionary = stream.dictionary
        dictionary["ColorSpace"] = .array([.name("Indexed"), base, .int(levels.count - 1), .string(levels)])
        dictionary["BitsPerComponent"] = .int(bits)
        return replacing(PDFStream(dictionary: dictionary, data: []), data: flate.data, filter: "FlateDecode", parameters: flate.parameters)
    }
}

/// The optimal division of 8-bit gray values into contiguous ranges, each shown as its
/// median, for the least total absolute error (dynamic programming over the histogram).
struct GrayPartition {
    /// Counts and value-weighted counts of the values below each index (0…256).
    private var counts = [Int](repeating: 0, count: 257)
    private var moments = [Int](repeating: 0, count: 257)

    init(histogram: [Int]) {
        for v in 0..<256 {
            counts[v + 1] = counts[v] + histogram[v]
            moments[v + 1] = moments[v] + histogram[v] * v
        }
    }

    /// The median of values `lo..<hi` and their total distance from it.
    private func range(_ lo: Int, _ hi: Int) -> (cost: Int, median: Int) {
        let n = counts[hi] - counts[lo]
        guard n > 0 else { return (0, (lo + hi - 1) / 2) }
        // The first value at which half the range's samples are reached.
        var a = lo, b = hi - 1
        while a < b {
            let m = (a + b) / 2
            if 2 * (counts[m + 1] - counts[lo]) >= n { b = m } else { a = m + 1 }
        }
        let below = a * (counts[a] - counts[lo]) - (moments[a] - moments[lo])
        let above = (moments[hi] - moments[a + 1]) - a * (counts[hi] - counts[a + 1])
        return (below + above, a)
    }

    /// The total error, the levels (ascending) and a value → level index lookup for the best
    /// division into at most `levels` ranges.
    func best(levels: Int) -> (cost: Int, levels: [UInt8], lookup: [UInt8])? {
        guard levels >= 1, levels <= 256 else { return nil }
        var cost = [[Int]](repeating: [Int](repeating: .max, count: 257), count: levels + 1)
        var start = [[Int]](repeating: [Int](repeating: 0, count: 257), count: levels + 1)
        cost[0][0] = 0
        var ranges = [[(cost: Int, median: Int)]](repeating: [], count: 257)
        for lo in 0..<256 { ranges[lo] = (0...256).map { $0 > lo ? range(lo, $0) : (0, lo) } }
        for t in 1...levels {
            for hi in t...256 {
                var bestCost = Int.max, bestStart = 0
                for lo in (t - 1)..<hi where cost[t - 1][lo] != .max {
                    let c = cost[t - 1][lo] + ranges[lo][hi].cost
                    if c < bestCost { bestCost = c; bestStart = lo }
                }
                cost[t][hi] = bestCost
                start[t][hi] = bestStart
            }
        }
        // Fewer levels never cost less; take exactly `levels` ranges (or 256 values).
        let used = min(levels, 256)
        guard cost[used][256] != .max else { return nil }
        var bounds: [(Int, Int)] = []
        var hi = 256
        for t in stride(from: used, to: 0, by: -1) {
            let lo = start[t][hi]
            bounds.append((lo, hi))
            hi = lo
        }
        bounds.reverse()
        var out: [UInt8] = [], lookup = [UInt8](repeating: 0, count: 256)
        for (index, (lo, hi)) in bounds.enumerated() {
            out.append(UInt8(ranges[lo][hi].median))
            for v in lo..<hi { lookup[v] = UInt8(index) }
        }
        return (cost[used][256], out, lookup)
    }
}
