import Imaging

/// A white strip of page drawn in points at 200 dpi (the forms corpus's resolution) with
/// one-pixel black lines, for the raster finder's tests on small made-up layouts.
struct PointStrip {
    static let scale = 200.0 / 72.0
    let width: Int, height: Int
    private var pixels: [UInt8]

    /// A white strip `width` × `height` points.
    init(width: Double, height: Double) {
        self.width = Int(width * Self.scale)
        self.height = Int(height * Self.scale)
        pixels = [UInt8](repeating: 255, count: self.width * self.height)
    }

    /// The pixel a coordinate in points falls in.
    static func pixel(_ points: Double) -> Int { Int(points * scale) }

    /// A horizontal one-pixel line at `y` from `start` to `end` (points, both ends drawn).
    mutating func horizontal(y: Double, from start: Double, to end: Double) {
        let row = Self.pixel(y)
        for x in Self.pixel(start)...Self.pixel(end) { pixels[row * width + x] = 0 }
    }

    /// A vertical one-pixel line at `x` from `start` to `end` (points, both ends drawn).
    mutating func vertical(x: Double, from start: Double, to end: Double) {
        let column = Self.pixel(x)
        for y in Self.pixel(start)...Self.pixel(end) { pixels[y * width + column] = 0 }
    }

    /// The outline of a rectangle (points).
    mutating func frame(left: Double, top: Double, right: Double, bottom: Double) {
        horizontal(y: top, from: left, to: right)
        horizontal(y: bottom, from: left, to: right)
        vertical(x: left, from: top, to: bottom)
        vertical(x: right, from: top, to: bottom)
    }

    /// The strip as an image (a binary PGM read by Leptonica).
    func image() throws -> PixImage {
        try PixImage(encoded: Array("P5\n\(width) \(height)\n255\n".utf8) + pixels)
    }
}
