import CLeptonica
import Testing
@testable import Imaging

/// Raw samples become the colours their colour space gives them, whichever loop converts them
/// (bytes taken as they are for DeviceRGB, a table per sample value for one-component spaces,
/// a cache of converted colours for the rest): every pixel is checked against the colour
/// space's own conversion of its samples.
struct RawSamplesTests {
    /// Deterministic pseudo-random bytes.
    private func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// Sample `index` of `bpc` bits from the rows of `data`.
    private func sample(_ data: [UInt8], row: Int, rowBytes: Int, index: Int, bpc: Int) -> Int {
        let bit = index * bpc, base = row * rowBytes
        if bpc == 16 { return Int(data[base + bit / 8]) << 8 | Int(data[base + bit / 8 + 1]) }
        return Int(data[base + bit / 8]) >> (8 - bpc - bit % 8) & ((1 << bpc) - 1)
    }

    @Test(arguments: [
        ("DeviceRGB 8", ImageColorSpace.rgb, 8, nil),
        ("DeviceRGB 8 /Decode", .rgb, 8, [1, 0, 0, 1, 1, 0]),
        ("DeviceGray 8", .gray, 8, nil),
        ("DeviceGray 8 /Decode", .gray, 8, [1, 0]),
        ("DeviceGray 4", .gray, 4, nil),
        ("DeviceGray 2 /Decode", .gray, 2, [1, 0]),
        ("DeviceGray 16", .gray, 16, nil),
        ("Indexed 2 over RGB", .indexed(base: .rgb, hival: 3, lookup: [255, 0, 0, 0, 128, 0, 10, 20, 30, 250, 250, 0]), 2, nil),
        ("Indexed 8, short table", .indexed(base: .gray, hival: 200, lookup: [0, 64, 128, 255]), 8, nil),
        ("DeviceCMYK 8", .cmyk, 8, nil),
        ("DeviceRGB 4", .rgb, 4, nil),
    ] as [(String, ImageColorSpace, Int, [Double]?)])
    func everyPixelIsItsColourSpacesColour(name: String, space: ImageColorSpace, bpc: Int, decode: [Double]?) throws {
        let (width, height) = (37, 11)
        let n = space.components
        let rowBytes = (width * n * bpc + 7) / 8
        let data = noise(rowBytes * height, seed: UInt64(bpc * 31 + n))
        let image = try RawSamples.image(data, width: width, height: height, bitsPerComponent: bpc,
                                         colorSpace: space, decode: decode, isMask: false)
        #expect(image.depth == (space.isGrayOutput ? 8 : 32), "\(name)")
        var ranges = space.defaultDecode(bitsPerComponent: bpc)
        if let decode { ranges = decode }
        let maxValue = Double((1 << bpc) - 1)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width {
                let components = (0..<n).map { c in
                    let v = Double(sample(data, row: y, rowBytes: rowBytes, index: x * n + c, bpc: bpc))
                    return ranges[2 * c] + v * (ranges[2 * c + 1] - ranges[2 * c]) / maxValue
                }
                let expected = SampleMapper.pack(space.rgb(components))
                let actual = image.pixel(x, y)
                let same = space.isGrayOutput ? actual == expected >> 24 : actual == expected
                if !same { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, "\(name): \(mismatches) pixels differ")
    }

    /// 8-bit gray samples that are their own levels are copied a row at a time: every pixel of
    /// odd-width rows lands where Leptonica reads it (checked above), and the bytes past the
    /// last pixel of each row stay zero, as in a raster filled pixel by pixel.
    @Test func copiedGrayRowsKeepTheirPaddingZero() throws {
        let (width, height) = (37, 5)
        let data = noise(width * height, seed: 8)
        let image = try RawSamples.image(data, width: width, height: height, bitsPerComponent: 8,
                                         colorSpace: .gray, decode: nil, isMask: false)
        let padding: [UInt8] = image.withPix { pix in
            let words = Int(pixGetWpl(pix))
            let bytes = UnsafeRawPointer(pixGetData(pix)!).assumingMemoryBound(to: UInt8.self)
            return (0..<height).flatMap { y in (width..<(4 * words)).map { bytes[y * 4 * words + ($0 ^ 3)] } }
        }
        #expect(padding.count == 3 * height)
        #expect(padding.allSatisfy { $0 == 0 })
        #expect((0..<width).allSatisfy { image.pixel($0, 2) == UInt32(data[2 * width + $0]) })
    }
}
