import Foundation
import PDF
import Testing
@testable import Imaging
import TestSupport

/// EXIF tags that decide how a JPEG becomes a page: orientation and resolution.
struct EXIFTagsTests {
    @Test func theSidewaysSampleSaysTurnClockwiseAndThePlainOneSaysNothing() throws {
        #expect(EXIFOrientation.of(jpeg: try Fixtures.bytes(Fixtures.sample("scan-exif6.jpg"))) == .right)
        #expect(EXIFOrientation.of(jpeg: try Fixtures.bytes(Fixtures.sample("scan.jpg"))) == .up)
        let frame = try #require(try ImageFileReader.frames(of: try Fixtures.bytes(Fixtures.sample("scan-exif6.jpg"))).first)
        // The pixels stay as stored (1200 wide, 1500 high); only the placement turns them.
        #expect(frame.orientation == .right && frame.width == 1200 && frame.height == 1500)
    }

    @Test func aCameraResolutionIsUsedWhenThereIsNoJFIFDensity() throws {
        // baiona_cmyk.jpg has no JFIF segment; its EXIF says 200 pixels per inch (as Pillow reads it).
        let frame = try #require(try ImageFileReader.frames(of: try Fixtures.bytes(Fixtures.corpus("scans/baiona_cmyk.jpg"))).first)
        #expect(frame.dpiX == 200 && frame.dpiY == 200 && !frame.resolutionAssumed)
    }

    /// Where each orientation sends the stored image's corners, by the EXIF definition of its
    /// 0th row and 0th column ("0th row at the visual right-hand side, 0th column at the top"…).
    @Test func placementsPutTheStoredFirstRowAndColumnWhereTheTagSays() {
        // Display box 40 × 30 points at (100, 200). Stored top-left is unit-square (0, 1),
        // stored top-right (1, 1), stored bottom-left (0, 0).
        let (x, y, w, h) = (100.0, 200.0, 40.0, 30.0)
        let left = x, right = x + w, bottom = y, top = y + h
        let expected: [EXIFOrientation: [(Double, Double)]] = [
            .up: [(left, top), (right, top), (left, bottom)],
            .upMirrored: [(right, top), (left, top), (right, bottom)],
            .down: [(right, bottom), (left, bottom), (right, top)],
            .downMirrored: [(left, bottom), (right, bottom), (left, top)],
            .leftMirrored: [(left, top), (left, bottom), (right, top)],
            .right: [(right, top), (right, bottom), (left, top)],
            .rightMirrored: [(right, bottom), (right, top), (left, bottom)],
            .left: [(left, bottom), (left, top), (right, bottom)],
        ]
        for orientation in EXIFOrientation.allCases {
            let m = orientation.placement(width: w, height: h, x: x, y: y)
            let mapped = [(0.0, 1.0), (1.0, 1.0), (0.0, 0.0)].map { s, t in (m.a * s + m.c * t + m.e, m.b * s + m.d * t + m.f) }
            let want = expected[orientation] ?? []
            #expect(zip(mapped, want).allSatisfy { abs($0.0 - $1.0) < 1e-9 && abs($0.1 - $1.1) < 1e-9 }, "\(orientation)")
        }
    }

    @Test func damagedOrTruncatedSegmentsAreIgnored() throws {
        let bytes = try Fixtures.bytes(Fixtures.sample("scan-exif6.jpg"))
        let exifStart = try #require(bytes.firstRange(of: Array("Exif".utf8))?.lowerBound)
        // Every truncation of the file and every single-byte change inside the segment.
        for length in stride(from: 0, to: exifStart + 40, by: 1) {
            _ = EXIFTags(jpeg: Array(bytes.prefix(length)))
        }
        for offset in exifStart..<(exifStart + 36) {
            for value: UInt8 in [0x00, 0x7F, 0xFF] {
                var damaged = bytes
                damaged[offset] = value
                let tags = EXIFTags(jpeg: damaged)
                #expect(EXIFOrientation.allCases.contains(tags.orientation))
            }
        }
        #expect(EXIFTags(jpeg: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF]).orientation == .up)
    }
}
