/// A gray sheet of paper drawn by the tests (duplex backs, sparse fronts): paper tone with
/// seeded noise, and marks drawn on it. `pgm` gives it as a binary PGM file, which Leptonica
/// reads (`PixImage(encoded:)`).
public struct SyntheticSheet: Sendable {
    public let width: Int
    public let height: Int
    /// The resolution the sizes below are measured at.
    public let dpi: Int
    public private(set) var pixels: [UInt8]

    /// Paper of `widthInches`×`heightInches` at `dpi`: tone 242 with ±`noise` levels of
    /// seeded uniform noise.
    public init(widthInches: Double = 8.5, heightInches: Double = 11, dpi: Int = 150, noise: Int = 6, seed: UInt64 = 1) {
        self.dpi = dpi
        width = Int(widthInches * Double(dpi))
        height = Int(heightInches * Double(dpi))
        var random = SplitMix64(seed: seed)
        pixels = (0..<(width * height)).map { _ in UInt8(clamping: 242 + Int(random.next() % UInt64(2 * noise + 1)) - noise) }
    }

    /// Fills a rectangle given in inches from the top-left corner with `level`.
    public mutating func fill(x: Double, y: Double, width w: Double, height h: Double, level: UInt8) {
        let x0 = max(0, Int(x * Double(dpi))), y0 = max(0, Int(y * Double(dpi)))
        let x1 = min(width, Int((x + w) * Double(dpi))), y1 = min(height, Int((y + h) * Double(dpi)))
        guard x0 < x1, y0 < y1 else { return }
        for row in y0..<y1 { for column in x0..<x1 { pixels[row * width + column] = level } }
    }

    /// Fills a disc of `diameter` inches centred at (`x`, `y`) inches with `level`.
    public mutating func disc(x: Double, y: Double, diameter: Double, level: UInt8) {
        let r = diameter * Double(dpi) / 2, cx = x * Double(dpi), cy = y * Double(dpi)
        for row in max(0, Int(cy - r))..<min(height, Int(cy + r) + 1) {
            for column in max(0, Int(cx - r))..<min(width, Int(cx + r) + 1) {
                let dx = Double(column) - cx, dy = Double(row) - cy
                if dx * dx + dy * dy <= r * r { pixels[row * width + column] = level }
            }
        }
    }

    /// Lines of word-like blocks (10 pt body text as a scanner sees it from afar) at `level`,
    /// between `top` and `bottom` inches: show-through when light, text when dark.
    public mutating func textBlock(top: Double, bottom: Double, level: UInt8, seed: UInt64 = 2) {
        var random = SplitMix64(seed: seed)
        var y = top
        while y < bottom {
            var x = 1.0
            while x < width.inches(dpi) - 1.2 {
                let word = 0.15 + Double(random.next() % 40) / 100
                fill(x: x, y: y, width: word, height: 0.1, level: level)
                x += word + 0.07
            }
            y += 0.2
        }
    }

    /// The sheet as a binary PGM file.
    public var pgm: [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + pixels
    }
}

private extension Int {
    func inches(_ dpi: Int) -> Double { Double(self) / Double(dpi) }
}
