import Foundation

/// Type 2 function (ISO 32000-1 §7.10.3): `C0 + x^N × (C1 − C0)`, one input.
struct ExponentialFunction: Sendable {
    let c0: [Double]
    let c1: [Double]
    let exponent: Double

    init(c0: [Double], c1: [Double], exponent: Double) {
        let n = min(c0.count, c1.count)
        self.c0 = Array(c0.prefix(max(1, n)))
        self.c1 = Array(c1.prefix(max(1, n)))
        self.exponent = exponent
    }

    func evaluate(_ x: Double) -> [Double] {
        let p = exponent == 1 ? x : pow(x, exponent)
        let f = p.isFinite ? p : 0
        return zip(c0, c1).map { $0 + f * ($1 - $0) }
    }
}

/// Type 3 function (ISO 32000-1 §7.10.4): one input split at `bounds` into subdomains,
/// each mapped through `encode` onto a function of its own.
struct StitchingFunction: Sendable {
    let functions: [PDFFunction]
    let bounds: [Double]
    let encode: [Double]
    let domain: (Double, Double)

    init(functions: [PDFFunction], bounds: [Double], encode: [Double], domain: [Double]) throws {
        guard !functions.isEmpty, bounds.count == functions.count - 1, encode.count >= 2 * functions.count else {
            throw ImagingError(.unsupported, "a stitching function whose /Bounds or /Encode do not fit its functions")
        }
        self.functions = functions
        self.bounds = bounds
        self.encode = encode
        self.domain = (domain[0], domain[1])
    }

    func evaluate(_ x: Double) -> [Double] {
        // Subdomain i is [bounds[i-1], bounds[i]); the last one includes the domain's end.
        var i = 0
        while i < bounds.count && x >= bounds[i] { i += 1 }
        let low = i == 0 ? domain.0 : bounds[i - 1]
        let high = i == bounds.count ? domain.1 : bounds[i]
        let t = interpolate(x, low, high, encode[2 * i], encode[2 * i + 1])
        return functions[i].evaluate([t])
    }
}
