/// Inverse discrete wavelet transforms (T.800 Annex F): 2-D interleaving of four subbands into
/// the next resolution, then 1-D lifting along rows and columns with symmetric extension.
enum JPXWavelet {
    // Lifting constants of the 9/7 filter (Table F.4).
    static let alpha: Float = -1.586134342059924
    static let beta: Float = -0.052980118572961
    static let gamma: Float = 0.882911075530934
    static let delta: Float = 0.443506852043971
    static let kappa: Float = 1.230174104914001

    /// Combines `ll` (the coarser resolution, already reconstructed) with the HL, LH and HH
    /// samples into the resolution with rectangle (u0, v0)-(u1, v1) (2D_SR, F.3.2).
    static func synthesize(ll: [Float], hl: [Float], lh: [Float], hh: [Float],
                           u0: Int, v0: Int, u1: Int, v1: Int, reversible: Bool) -> [Float] {
        let width = u1 - u0, height = v1 - v0
        var out = [Float](repeating: 0, count: width * height)
        guard width > 0, height > 0 else { return out }
        // Low-pass samples sit at even absolute coordinates, high-pass at odd ones (F.3.3).
        let lowX0 = (u0 + 1) >> 1, highX0 = u0 >> 1, lowY0 = (v0 + 1) >> 1, highY0 = v0 >> 1
        let lowWidth = (u1 + 1) >> 1 - lowX0, highWidth = u1 >> 1 - highX0
        let lowHeight = (v1 + 1) >> 1 - lowY0, highHeight = v1 >> 1 - highY0
        func place(_ source: [Float], _ sw: Int, _ sh: Int, _ xOdd: Bool, _ yOdd: Bool) {
            for y in 0..<sh {
                let row = (2 * ((yOdd ? highY0 : lowY0) + y) + (yOdd ? 1 : 0) - v0) * width
                for x in 0..<sw {
                    let column = 2 * ((xOdd ? highX0 : lowX0) + x) + (xOdd ? 1 : 0) - u0
                    out[row + column] = source[y * sw + x]
                }
            }
        }
        place(ll, lowWidth, lowHeight, false, false)
        place(hl, highWidth, lowHeight, true, false)
        place(lh, lowWidth, highHeight, false, true)
        place(hh, highWidth, highHeight, true, true)
        var line = [Float](repeating: 0, count: max(width, height))
        for y in 0..<height {
            for x in 0..<width { line[x] = out[y * width + x] }
            lift(&line, count: width, start: u0, reversible: reversible)
            for x in 0..<width { out[y * width + x] = line[x] }
        }
        for x in 0..<width {
            for y in 0..<height { line[y] = out[y * width + x] }
            lift(&line, count: height, start: v0, reversible: reversible)
            for y in 0..<height { out[y * width + x] = line[y] }
        }
        return out
    }

    /// 1D_SR (F.3.6) on `count` interleaved samples whose first has absolute coordinate `start`.
    static func lift(_ line: inout [Float], count: Int, start: Int, reversible: Bool) {
        guard count > 1 else {
            if count == 1, start & 1 == 1 { line[0] = reversible ? (line[0] / 2).rounded(.down) : line[0] / 2 }
            return
        }
        let firstEven = start & 1 == 0 ? 0 : 1
        let firstOdd = 1 - firstEven
        // Whole-sample symmetric extension (F.3.7): reflect about the first and last samples.
        @inline(__always) func at(_ i: Int) -> Float {
            line[i < 0 ? -i : (i >= count ? 2 * (count - 1) - i : i)]
        }
        if reversible {
            for i in stride(from: firstEven, to: count, by: 2) {
                line[i] -= ((at(i - 1) + at(i + 1) + 2) / 4).rounded(.down)
            }
            for i in stride(from: firstOdd, to: count, by: 2) {
                line[i] += ((at(i - 1) + at(i + 1)) / 2).rounded(.down)
            }
            return
        }
        for i in stride(from: firstEven, to: count, by: 2) { line[i] *= lowScale }
        for i in stride(from: firstOdd, to: count, by: 2) { line[i] *= highScale }
        for i in stride(from: firstEven, to: count, by: 2) { line[i] -= delta * (at(i - 1) + at(i + 1)) }
        for i in stride(from: firstOdd, to: count, by: 2) { line[i] -= gamma * (at(i - 1) + at(i + 1)) }
        for i in stride(from: firstEven, to: count, by: 2) { line[i] -= beta * (at(i - 1) + at(i + 1)) }
        for i in stride(from: firstOdd, to: count, by: 2) { line[i] -= alpha * (at(i - 1) + at(i + 1)) }
    }

    static let lowScale: Float = kappa
    static let highScale: Float = 1 / kappa
}
