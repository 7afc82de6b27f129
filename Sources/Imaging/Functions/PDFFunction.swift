import PDF

/// A PDF function (ISO 32000-1 §7.10): maps `m` input numbers to `n` output numbers. Tint
/// transforms of Separation and DeviceN colour spaces are functions.
struct PDFFunction: Sendable {
    /// How the function computes its outputs.
    enum Kind: Sendable {
        case sampled(SampledFunction)
        case exponential(ExponentialFunction)
        case stitching(StitchingFunction)
        case postScript(PostScriptCalculator)
        /// An array of 1-output functions sharing their input (allowed where a function is).
        case parallel([PDFFunction])
    }

    /// Nested functions (stitching, arrays) deeper than this are refused.
    static let maxDepth = 8

    let kind: Kind
    /// `[min0 max0 min1 max1 …]` for every input; inputs are clipped to it.
    let domain: [Double]
    /// `[min0 max0 …]` for every output, when given; outputs are clipped to it.
    let range: [Double]?

    /// Number of inputs.
    var inputCount: Int { max(1, domain.count / 2) }

    /// Number of outputs (from `/Range`, or what the kind itself knows).
    var outputCount: Int {
        if let range { return range.count / 2 }
        switch kind {
        case .sampled(let f): return f.outputCount
        case .exponential(let f): return f.c0.count
        case .stitching(let f): return f.functions.first?.outputCount ?? 1
        case .postScript: return 1
        case .parallel(let list): return list.count
        }
    }

    /// Reads a function object (a dictionary, a stream or an array of functions).
    static func load(_ object: PDFObject, document: PDFDocument, depth: Int = 0) throws -> PDFFunction {
        guard depth < maxDepth else { throw ImagingError(.unsupported, "functions nested too deeply") }
        let resolved = document.resolve(object)
        if let items = resolved.arrayValue {
            let list = try items.map { try load($0, document: document, depth: depth + 1) }
            guard !list.isEmpty else { throw ImagingError(.unsupported, "an empty array of functions") }
            return PDFFunction(kind: .parallel(list), domain: list[0].domain, range: nil)
        }
        guard let dict = resolved.dictionaryValue else { throw ImagingError(.unsupported, "a function that is not a dictionary") }
        let numbers = { (key: String) -> [Double]? in
            document.resolve(dict[key] ?? .null).arrayValue?.compactMap { document.resolve($0).numberValue }
        }
        guard let domain = numbers("Domain"), domain.count >= 2, domain.count % 2 == 0, domain.count <= 2 * 32 else {
            throw ImagingError(.unsupported, "a function without a valid /Domain")
        }
        let range = numbers("Range").flatMap { $0.count >= 2 && $0.count % 2 == 0 ? $0 : nil }
        let kind: Kind
        switch document.resolve(dict["FunctionType"] ?? .null).intValue {
        case 0?:
            guard let stream = resolved.streamValue, let range else {
                throw ImagingError(.unsupported, "a sampled function without samples or /Range")
            }
            kind = .sampled(try SampledFunction(stream: stream, domain: domain, range: range, document: document))
        case 2?:
            kind = .exponential(ExponentialFunction(c0: numbers("C0") ?? [0], c1: numbers("C1") ?? [1],
                                                    exponent: document.resolve(dict["N"] ?? .null).numberValue ?? 1))
        case 3?:
            let parts = try (document.resolve(dict["Functions"] ?? .null).arrayValue ?? []).map {
                try load($0, document: document, depth: depth + 1)
            }
            kind = .stitching(try StitchingFunction(functions: parts, bounds: numbers("Bounds") ?? [],
                                                    encode: numbers("Encode") ?? [], domain: domain))
        case 4?:
            guard let stream = resolved.streamValue else { throw ImagingError(.unsupported, "a PostScript function without a program") }
            let program: [UInt8]
            do { program = try document.decodedData(of: stream) } catch {
                throw ImagingError(.unsupported, "a PostScript function whose program cannot be read")
            }
            kind = .postScript(try PostScriptCalculator(program))
        default:
            throw ImagingError(.unsupported, "an unknown function type")
        }
        return PDFFunction(kind: kind, domain: domain, range: range)
    }

    /// The outputs for `input` (missing inputs read as the domain's minimum).
    func evaluate(_ input: [Double]) -> [Double] {
        var x = [Double](repeating: 0, count: inputCount)
        for i in 0..<x.count {
            let low = domain[2 * i], high = domain[2 * i + 1]
            let v = i < input.count && input[i].isFinite ? input[i] : low
            x[i] = min(max(v, min(low, high)), max(low, high))
        }
        var out: [Double]
        switch kind {
        case .sampled(let f): out = f.evaluate(x)
        case .exponential(let f): out = f.evaluate(x[0])
        case .stitching(let f): out = f.evaluate(x[0])
        case .postScript(let f): out = f.evaluate(x, outputs: outputCount)
        case .parallel(let list): out = list.map { $0.evaluate(x).first ?? 0 }
        }
        if let range {
            for j in 0..<min(out.count, range.count / 2) {
                let v = out[j].isFinite ? out[j] : range[2 * j]
                out[j] = min(max(v, range[2 * j]), range[2 * j + 1])
            }
        }
        return out
    }
}

/// Maps `x` from `[x0, x1]` onto `[y0, y1]` (ISO 32000-1 §7.10.2's Interpolate).
func interpolate(_ x: Double, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) -> Double {
    x1 == x0 ? y0 : y0 + (x - x0) * (y1 - y0) / (x1 - x0)
}
