import CLeptonica
import Testing
@testable import Imaging

/// Stretching an image's height only (strips placed at fractional offsets) gives exactly the
/// pixels of Leptonica's `pixScaleLI`, which it replaces there: every word of every row compared,
/// on noise (no two neighbours alike) in colour and gray, at the factors strips and bands see.
struct LinearScaleTests {
    /// A `width` × `height` image of `depth` bits filled with deterministic noise.
    private func noise(width: Int, height: Int, depth: Int32, seed: UInt64) throws -> PixImage {
        let pix = try #require(pixCreate(Int32(width), Int32(height), depth))
        let words = Int(pixGetWpl(pix)) * height
        let data = try #require(pixGetData(pix))
        var state = seed
        for i in 0..<words {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            data[i] = UInt32(truncatingIfNeeded: state >> 29) | (depth == 32 ? 0xFF : 0)
        }
        return PixImage(owning: pix)
    }

    @Test(arguments: [(4810, 16, 17), (100, 16, 17), (37, 10, 13), (50, 7, 25), (64, 100, 150), (9, 3, 11), (33, 1, 3)])
    func heightOnlyStretchesMatchLeptonica(width: Int, height: Int, newHeight: Int) throws {
        for depth: Int32 in [32, 8] {
            let image = try noise(width: width, height: height, depth: depth, seed: UInt64(width * 7 + height))
            let sy = Float(newHeight) / Float(height)
            let ours = try image.scaledLinearly(1, sy)
            let theirs = try image.withPix { try PixImage(pixScaleLI($0, 1, sy), or: "scaling failed") }
            #expect(ours.width == theirs.width && ours.height == theirs.height && ours.height == newHeight)
            var differing = 0
            for y in 0..<ours.height {
                for x in 0..<ours.width where ours.pixel(x, y) != theirs.pixel(x, y) { differing += 1 }
            }
            #expect(differing == 0, "\(width)×\(height) → \(newHeight) at \(depth) bits")
        }
    }

    @Test func otherFactorsAreLeptonicasOwn() throws {
        let image = try noise(width: 40, height: 30, depth: 32, seed: 5)
        for (sx, sy) in [(Float(1.5), Float(1)), (2, 2), (1, 1)] as [(Float, Float)] {
            let ours = try image.scaledLinearly(sx, sy)
            let theirs = try image.withPix { try PixImage(pixScaleLI($0, sx, sy), or: "scaling failed") }
            #expect(try ours.meanDifference(from: theirs) == 0)
        }
    }
}
