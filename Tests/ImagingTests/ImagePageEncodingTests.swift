import Foundation
import PDF
import Testing
@testable import Imaging
import TestSupport

/// How each kind of image file is stored in a page: kept as it is where PDF can carry it,
/// otherwise compressed again without loss.
struct ImagePageEncodingTests {
    private func frame(_ url: URL, jpegQuality: Int? = nil) throws -> EncodedImage {
        try #require(try ImageFileReader.frames(of: try Fixtures.bytes(url), options: ImageReadOptions(jpegQuality: jpegQuality)).first)
    }

    /// The frame's CCITT data decoded (by libtiff through a wrapper) against the input decoded by
    /// libtiff directly.
    private func expectSameBits(_ frame: EncodedImage, as url: URL) throws {
        #expect(frame.filter == "CCITTFaxDecode" && frame.decodeParameters.contains { $0 == ("K", -1) })
        let parameters = PDFDictionary(frame.decodeParameters.map { ($0.0, $0.0 == "BlackIs1" ? PDFObject.bool($0.1 != 0) : .int($0.1)) })
        let wrapped = CCITTWrapper.tiff(data: frame.data, parameters: parameters, width: frame.width, height: frame.height)
        let ours = try PixImage(encoded: wrapped)
        let input = try PixImage(encoded: try Fixtures.bytes(url))
        #expect(try ours.hasSamePixels(as: input))
    }

    @Test func multiStripG4IsCodedAgainAsOneG4StripWithTheSameBits() throws {
        let url = Fixtures.sample("scan-multistrip.tif")
        #expect(TIFFDirectory.read(try Fixtures.bytes(url)).first?.stripOffsets.count == 19)
        let frame = try frame(url)
        #expect(frame.storage == .recompressedLosslessly && frame.dpiX == 300)
        try expectSameBits(frame, as: url)
    }

    @Test func g3IsCodedAgainAsG4WithTheSameBits() throws {
        let url = Fixtures.sample("scan-g3.tif")
        #expect(TIFFDirectory.read(try Fixtures.bytes(url)).first?.compression == 3)
        let frame = try frame(url)
        #expect(frame.storage == .recompressedLosslessly)
        try expectSameBits(frame, as: url)
    }

    @Test func paletteAndSixteenBitPNGsKeepTheirImageData() throws {
        let palette = try frame(Fixtures.sample("scan-palette.png"))
        #expect(palette.storage == .passedThrough && palette.colorSpace == "DeviceRGB")
        // ImageMagick kept 14 of the 16 colours it was allowed; the lookup is PLTE's triples.
        let entries = (palette.palette?.count ?? 0) / 3
        #expect((2...16).contains(entries) && (palette.palette?.count ?? 0) % 3 == 0 && palette.bitsPerComponent == 4)
        #expect(palette.decodeParameters.contains { $0 == ("Colors", 1) } && palette.dpiX == 300)
        let deep = try frame(Fixtures.sample("scan-16bit.png"))
        #expect(deep.storage == .passedThrough && deep.bitsPerComponent == 16 && deep.dpiX == 150)
        #expect(deep.decodeParameters.contains { $0 == ("BitsPerComponent", 16) })
    }

    /// `Samples/scan.png` made transparent by ImageMagick: a left-to-right alpha gradient, as
    /// gray+alpha (PNG colour type 4) or RGBA (6).
    static func transparentPNG(colour: Bool, in folder: TemporaryDirectory) throws -> URL {
        let out = folder.file(colour ? "rgba.png" : "graya.png")
        let result = try Tool.run("convert", [Fixtures.sample("scan.png").path, "(", "-size", "1200x1500", "gradient:", "-rotate", "90", ")",
                                              "-alpha", "off", "-compose", "CopyOpacity", "-composite",
                                              "-define", "png:color-type=\(colour ? 6 : 4)", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    @Test(arguments: [false, true])
    func alphaBecomesASoftMaskAndColourStaysLossless(colour: Bool) throws {
        let folder = try TemporaryDirectory()
        let frame = try frame(try Self.transparentPNG(colour: colour, in: folder))
        let mask = try #require(frame.softMask)
        #expect(frame.colorSpace == (colour ? "DeviceRGB" : "DeviceGray") && frame.storage == .recompressedLosslessly)
        // Both inflate to a filter byte per row plus the samples.
        #expect(try Flate.inflate(frame.data).data.count == (frame.width * (colour ? 3 : 1) + 1) * frame.height)
        #expect(try Flate.inflate(mask.data).data.count == (mask.width + 1) * mask.height)
        // baiona_alpha.png has an alpha channel that is opaque everywhere: no mask for it.
        #expect(try self.frame(Fixtures.corpus("scans/baiona_alpha.png")).softMask == nil)
    }

    /// The samples of a Flate frame with PNG predictors: inflated and unfiltered.
    private func samples(_ frame: EncodedImage) throws -> [UInt8] {
        let colors = frame.decodeParameters.first { $0.0 == "Colors" }?.1 ?? 1
        let pixelBytes = colors * frame.bitsPerComponent / 8
        return try PNGRowFilter.unfilter(try Flate.inflate(frame.data).data, rowBytes: frame.width * pixelBytes,
                                         height: frame.height, bytesPerPixel: pixelBytes)
    }

    @Test(arguments: ["scan-16bit.png", "baiona.png"])
    func interlacedPNGsKeepEverySampleAtTheirDepth(_ name: String) throws {
        let folder = try TemporaryDirectory()
        let input = name == "baiona.png" ? Fixtures.corpus("scans/baiona.png") : Fixtures.sample(name)
        let interlaced = folder.file("interlaced.png")
        let depth = name == "scan-16bit.png" ? "16" : "8"
        #expect(try Tool.run("convert", [input.path, "-interlace", "PNG", "-define", "png:bit-depth=\(depth)", interlaced.path]).status == 0)
        let adam7 = try frame(interlaced)
        let plain = try frame(input)
        #expect(adam7.storage == .recompressedLosslessly && plain.storage == .passedThrough)
        #expect(adam7.bitsPerComponent == plain.bitsPerComponent && adam7.colorSpace == plain.colorSpace)
        // The plain file's rows (libpng's filters undone) are the interlaced file's, put back in place.
        #expect(try samples(adam7) == samples(plain))
    }

    @Test func jpegInsideTIFFIsLosslessUnlessAQualityIsGiven() throws {
        let folder = try TemporaryDirectory()
        let plain = folder.file("plain.tif"), jpeg = folder.file("jpeg.tif")
        #expect(try Tool.run("convert", [Fixtures.sample("scan.png").path, "-compress", "None", plain.path]).status == 0)
        #expect(try Tool.run("tiffcp", ["-c", "jpeg:90", plain.path, jpeg.path]).status == 0)
        #expect(TIFFDirectory.read(try Fixtures.bytes(jpeg)).first?.compression == 7)
        let lossless = try frame(jpeg)
        #expect(lossless.filter == "FlateDecode" && lossless.storage == .recompressedLosslessly)
        let reencoded = try frame(jpeg, jpegQuality: 80)
        #expect(reencoded.filter == "DCTDecode" && reencoded.storage == .reencodedAsJPEG)
        #expect(ImageFileKind.sniff(reencoded.data) == .jpeg && reencoded.data.count < lossless.data.count)
        // A quality never touches what can be kept: the JPEG file stays byte for byte.
        let kept = try frame(Fixtures.sample("scan.jpg"), jpegQuality: 10)
        let original = try Fixtures.bytes(Fixtures.sample("scan.jpg"))
        #expect(kept.storage == .passedThrough && kept.data == original)
    }

    @Test func truncatedPNGsAreRefusedWithATypedError() throws {
        let bytes = try Fixtures.bytes(Fixtures.sample("scan-palette.png"))
        for length in [9, 30, 100, bytes.count / 2] {
            #expect(throws: ImagingError.self) { try ImageFileReader.frames(of: Array(bytes.prefix(length))) }
        }
    }
}

/// Hostile headers: sizes whose products overflow are refused with a typed error, not a trap.
struct ImagePageHostileHeaderTests {
    /// `bytes` with the big-endian 32-bit values at `offsets` set to `value`.
    private func patched(_ bytes: [UInt8], _ offsets: [Int], _ value: UInt32, littleEndian: Bool = false) -> [UInt8] {
        var out = bytes
        for offset in offsets {
            for i in 0..<4 {
                let shift = littleEndian ? UInt32(8 * i) : UInt32(24 - 8 * i)
                out[offset + i] = UInt8(truncatingIfNeeded: value >> shift)
            }
        }
        return out
    }

    @Test func hugePNGSidesAreRefused() throws {
        let png = try Fixtures.bytes(Fixtures.sample("scan-palette.png"))
        // IHDR's width and height sit at bytes 16 and 20 (the CRC is not checked before this).
        for value: UInt32 in [0xFFFF_FFFF, 0x7FFF_FFFF, 3_000_000] {
            #expect(throws: ImagingError.self) { try ImageFileReader.frames(of: patched(png, [16, 20], value)) }
        }
    }

    @Test func truncatedJPEGsAreRefusedNotEmbeddedHalf() throws {
        let jpeg = try Fixtures.bytes(Fixtures.sample("scan.jpg"))
        for length in [4, 200, 1000, jpeg.count / 2, jpeg.count - 2] {
            #expect(throws: ImagingError.self) { try ImageFileReader.frames(of: Array(jpeg.prefix(length))) }
        }
        // Bytes after the end marker (some cameras append data) do not matter.
        #expect(try ImageFileReader.frames(of: jpeg + [0, 1, 2, 3]).first?.filter == "DCTDecode")
    }

    @Test func aPaletteAtSixteenBitsIsNotPassedThrough() throws {
        var png = try Fixtures.bytes(Fixtures.sample("scan-palette.png"))
        png[24] = 16   // IHDR bit depth: not allowed with colour type 3
        #expect(throws: ImagingError.self) { try ImageFileReader.frames(of: png) }
    }

    @Test func hugeTIFFSidesAreRefused() throws {
        let tiff = try Fixtures.bytes(Fixtures.sample("scan-multistrip.tif"))
        let directory = try #require(TIFFDirectory.read(tiff).first)
        // Find the ImageWidth and ImageLength entries' values in the little- or big-endian IFD.
        let little = tiff[0] == 0x49
        func u16(_ p: Int) -> Int { little ? Int(tiff[p]) | Int(tiff[p + 1]) << 8 : Int(tiff[p]) << 8 | Int(tiff[p + 1]) }
        let ifd = little ? Int(tiff[4]) | Int(tiff[5]) << 8 | Int(tiff[6]) << 16 | Int(tiff[7]) << 24
                         : Int(tiff[4]) << 24 | Int(tiff[5]) << 16 | Int(tiff[6]) << 8 | Int(tiff[7])
        let entries = (0..<u16(ifd)).map { ifd + 2 + $0 * 12 }
        let sizes = entries.filter { [256, 257].contains(u16($0)) }
        try #require(sizes.count == 2 && directory.width == 1500)
        // Rewrite both as LONG (type 4) values of 2³² − 1.
        var hostile = patched(tiff, sizes.map { $0 + 8 }, 0xFFFF_FFFF, littleEndian: little)
        for entry in sizes { hostile[entry + 2] = little ? 4 : 0; hostile[entry + 3] = little ? 0 : 4 }
        #expect(TIFFDirectory.read(hostile).first?.width == 0xFFFF_FFFF)
        #expect(throws: ImagingError.self) { try ImageFileReader.frames(of: hostile) }
    }
}
