import PDF

/// Type 0 function (ISO 32000-1 §7.10.2): a table of samples over a grid of inputs,
/// interpolated linearly between grid points (cubic `/Order 3` is read as linear).
struct SampledFunction: Sendable {
    /// The most samples one function may hold.
    static let maxSamples = 16_000_000

    let size: [Int]
    let outputCount: Int
    let domain: [Double]
    let encode: [Double]
    let decode: [Double]
    let maxSample: Double
    /// Samples, output index fastest, then the first input, then the second…
    let samples: [Double]

    init(stream: PDFStream, domain: [Double], range: [Double], document: PDFDocument) throws {
        let dict = stream.dictionary
        let numbers = { (key: String) -> [Double]? in
            document.resolve(dict[key] ?? .null).arrayValue?.compactMap { document.resolve($0).numberValue }
        }
        let inputs = domain.count / 2
        let size = (numbers("Size") ?? []).map { Int(max(0, min($0, 1e9))) }
        let bits = document.resolve(dict["BitsPerSample"] ?? .null).intValue ?? 0
        guard inputs <= 8, size.count == inputs, size.allSatisfy({ $0 >= 1 }),
              [1, 2, 4, 8, 12, 16, 24, 32].contains(bits) else {
            throw ImagingError(.unsupported, "a sampled function with a bad /Size or /BitsPerSample")
        }
        outputCount = range.count / 2
        var total = outputCount
        for s in size {
            total = total.multipliedReportingOverflow(by: s).partialValue
            guard total <= Self.maxSamples, total > 0 else {
                throw ImagingError(.tooLarge, "a sampled function with too many samples")
            }
        }
        self.size = size
        self.domain = domain
        let encodeDefault: [Double] = size.flatMap { (s: Int) -> [Double] in [0, Double(s - 1)] }
        encode = numbers("Encode").flatMap { $0.count >= 2 * inputs ? $0 : nil } ?? encodeDefault
        let outputs = outputCount
        decode = numbers("Decode").flatMap { $0.count >= 2 * outputs ? $0 : nil } ?? range
        let data: [UInt8]
        do { data = try document.decodedData(of: stream) } catch {
            throw ImagingError(.unsupported, "a sampled function whose samples cannot be read")
        }
        maxSample = Double((UInt64(1) << UInt64(bits)) - 1)
        // Short tables (truncated streams) read as zeros past their end.
        var values = [Double](repeating: 0, count: total)
        var bit = 0
        for i in 0..<total {
            var v: UInt64 = 0
            for _ in 0..<bits {
                let byte = bit >> 3
                let b = byte < data.count ? (data[byte] >> (7 - UInt8(bit & 7))) & 1 : 0
                v = v << 1 | UInt64(b)
                bit += 1
            }
            values[i] = Double(v)
        }
        samples = values
    }

    func evaluate(_ x: [Double]) -> [Double] {
        let m = size.count
        // Per input: the lower grid index, the weight of the upper one, the table stride.
        var lower = [Int](repeating: 0, count: m), weight = [Double](repeating: 0, count: m)
        var stride = [Int](repeating: 0, count: m)
        var step = outputCount
        for i in 0..<m {
            stride[i] = step
            step *= size[i]
            let e = interpolate(x[i], domain[2 * i], domain[2 * i + 1], encode[2 * i], encode[2 * i + 1])
            let g = min(max(e.isFinite ? e : 0, 0), Double(size[i] - 1))
            let base = min(Int(g), max(0, size[i] - 2))
            lower[i] = base
            weight[i] = size[i] == 1 ? 0 : g - Double(base)
        }
        var out = [Double](repeating: 0, count: outputCount)
        // Multilinear interpolation over the 2^m corners of the grid cell.
        for corner in 0..<(1 << m) {
            var w = 1.0, index = 0
            for i in 0..<m {
                let up = corner >> i & 1 == 1
                if up && size[i] == 1 { w = 0; break }
                w *= up ? weight[i] : 1 - weight[i]
                index += (lower[i] + (up ? 1 : 0)) * stride[i]
            }
            guard w > 0 else { continue }
            for j in 0..<outputCount { out[j] += w * samples[index + j] }
        }
        for j in 0..<outputCount {
            out[j] = interpolate(out[j], 0, maxSample, decode[2 * j], decode[2 * j + 1])
        }
        return out
    }
}
