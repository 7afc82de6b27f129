import Foundation
import Testing
@testable import Imaging
import TestSupport

/// A JPEG whose data libjpeg finds cut short or corrupt is damaged, not an image: libjpeg fills
/// what is lost with gray and printed "Premature end of JPEG file" or "Corrupt JPEG data: …"
/// raw on standard error, and the page went on as a blank one (exit 0). Its words now make the
/// message of a typed error, and nothing is printed.
@Suite struct DamagedJPEGTests {
    private let jpeg = (try? Fixtures.bytes(Fixtures.sample("scan.jpg"))) ?? []

    @Test func aWholeJPEGDecodes() throws {
        let image = try ImageDecoder.jpeg(jpeg)
        #expect(image.width > 100 && image.height > 100)
    }

    @Test func aTruncatedJPEGIsADecodeFailureInLibjpegsWords() throws {
        try #require(jpeg.count > 10_000)
        let cut = Array(jpeg.prefix(jpeg.count * 6 / 10))
        #expect { try ImageDecoder.jpeg(cut) } throws: { error in
            guard let error = error as? ImagingError, error.code == .decodeFailed else { return false }
            return error.message.contains("Premature end of JPEG file") || error.message.contains("premature end")
        }
    }

    @Test func harmlessWarningsAreNotDamage() {
        #expect(!LibraryMessages.jpegLostData("Corrupt JPEG data: 3 extraneous bytes before marker 0xd9"))
        #expect(LibraryMessages.jpegLostData("Corrupt JPEG data: bad Huffman code"))
        #expect(LibraryMessages.jpegLostData("Premature end of JPEG file"))
    }
}
