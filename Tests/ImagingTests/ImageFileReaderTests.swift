import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

struct ImageFileReaderTests {
    @Test func sniffsByContentNotName() throws {
        #expect(ImageFileKind.sniff(try Fixtures.bytes(Fixtures.sample("scan.jpg"))) == .jpeg)
        #expect(ImageFileKind.sniff(try Fixtures.bytes(Fixtures.sample("scan.png"))) == .png)
        #expect(ImageFileKind.sniff(try Fixtures.bytes(Fixtures.sample("scan-multipage.tif"))) == .tiff)
        #expect(ImageFileKind.sniff(try Fixtures.bytes(Fixtures.sample("scan-g4.pdf"))) == nil)
    }

    @Test func jpegIsEmbeddedUnchangedWithItsResolution() throws {
        let bytes = try Fixtures.bytes(Fixtures.sample("scan.jpg"))
        let frames = try ImageFileReader.frames(of: bytes)
        #expect(frames.count == 1)
        #expect(frames[0].filter == "DCTDecode" && frames[0].data == bytes)
        #expect(frames[0].dpiX == 300 && !frames[0].resolutionAssumed)
        #expect(frames[0].colorSpace == "DeviceGray")
    }

    @Test func g4TiffFramesAreEmbeddedWithoutReencoding() throws {
        let bytes = try Fixtures.bytes(Fixtures.sample("scan-multipage.tif"))
        let directories = TIFFDirectory.read(bytes)
        #expect(directories.count == 2)
        #expect(directories.allSatisfy { $0.compression == 4 && $0.xResolution == 300 })
        let frames = try ImageFileReader.frames(of: bytes)
        #expect(frames.count == 2)
        for (frame, directory) in zip(frames, directories) {
            #expect(frame.filter == "CCITTFaxDecode")
            #expect(frame.data == directory.g4Strip(in: bytes))
        }
    }

    @Test func pngImageDataIsEmbeddedAsItIsWithPredictors() throws {
        let bytes = try Fixtures.bytes(Fixtures.sample("scan.png"))
        let frame = try #require(try ImageFileReader.frames(of: bytes).first)
        #expect(frame.filter == "FlateDecode" && frame.bitsPerComponent == 8 && frame.storage == .passedThrough)
        #expect(frame.decodeParameters.contains { $0 == ("Predictor", 15) })
        // The stream is the file's IDAT data: it inflates to one filter byte plus one row per line.
        let decoded = try PixImage(encoded: bytes)
        let inflated = try Flate.inflate(frame.data).data
        #expect(inflated.count == (decoded.width + 1) * decoded.height)
        #expect(frame.dpiX == 300)
    }

    @Test func cmykAndAlphaInputsFromTheCorpus() throws {
        let cmyk = try ImageFileReader.frames(of: try Fixtures.bytes(Fixtures.corpus("scans/baiona_cmyk.jpg")))
        #expect(cmyk.first?.colorSpace == "DeviceCMYK")
        let alpha = try ImageFileReader.frames(of: try Fixtures.bytes(Fixtures.corpus("scans/baiona_alpha.png")))
        #expect(alpha.first?.colorSpace == "DeviceRGB")
    }

    @Test func garbageIsRejected() {
        #expect(throws: ImagingError.self) { try ImageFileReader.frames(of: Array("hello".utf8)) }
        #expect(throws: ImagingError.self) { try ImageFileReader.frames(of: [0x49, 0x49, 0x2A, 0x00, 0, 0, 0, 0]) }
    }
}
