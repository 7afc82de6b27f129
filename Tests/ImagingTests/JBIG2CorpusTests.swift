import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Every JBIG2 image in the shared corpus decodes to exactly the pixels an independent decoder gives.
/// With `LEGIBLE_JBIG2_REPORT` set, each image's plain comparison with pdfimages is also written
/// there, one line each (`bench/jbig2-vs-pdfimages.sh` counts them).
struct JBIG2CorpusTests {
    /// pdf.js's JBIG2 suite files that all encode one and the same drawing, where poppler's own
    /// decoder (and so `pdfimages`) draws something else: Huffman-coded symbol dictionaries (a stray
    /// pixel run on one dot), skipped halftone cells, TPGRON refinement of an intermediate region.
    /// mutool (jbig2dec) agrees with us on the six of them it can decode. For these the oracle is
    /// the drawing pdfimages extracts from the 33 other files of the suite.
    static let popplerDiffers: Set<String> = [
        "bitmap-halftone-skip-dummy.pdf", "bitmap-halftone-skip-grid-template2.pdf",
        "bitmap-refine-template1-tpgron.pdf", "bitmap-symbol-symhuff-texthuff.pdf",
        "bitmap-symbol-symhuff-texthuffB10B13.pdf", "bitmap-symbol-symhuffB5B3-texthuffB7B9B12.pdf",
        "bitmap-symbol-symhuffrefine-textrefine.pdf", "bitmap-symbol-symhuffrefineseveral.pdf",
        "issue17871_top_right.pdf",
    ]
    /// Holds a whole JBIG2 file (with its file header) in the stream, which poppler and mutool refuse.
    static let fileHeader = "jbig2_file_header.pdf"
    /// A one-ink DeviceN image: its pixels are checked as the JBIG2 bitmap itself, which pdfimages
    /// shows inverted (ink where the JBIG2 bit is 0); the tint transform is the colour code's business.
    static let deviceN = "jbig2_baddevicen.pdf"

    private static func suiteDrawing() throws -> PixImage {
        let url = Fixtures.corpus("pdf/pdfjs/bitmap-template1.pdf")
        let folder = try TemporaryDirectory()
        try JBIG2CorpusOracle.extract(url, to: folder)
        let image = try #require(try JBIG2CorpusOracle.images(in: url).first)
        return try JBIG2CorpusOracle.reference(image, in: folder)
    }

    @Test("JBIG2 corpus images equal pdfimages output", arguments: try JBIG2CorpusOracle.corpusFiles())
    func matchesIndependentDecoder(file: URL) throws {
        let name = file.lastPathComponent
        let images = try JBIG2CorpusOracle.images(in: file)
        try #require(!images.isEmpty)
        let document = try PDFDocument(bytes: try Fixtures.bytes(file), password: nil)
        let folder = try TemporaryDirectory()
        try JBIG2CorpusOracle.extract(file, to: folder)
        for image in images {
            let stream = try JBIG2CorpusOracle.stream(image, in: document)
            try JBIG2CorpusOracle.report(file: file, image: image, stream: stream, document: document, folder: folder)
            if name == Self.fileHeader {
                // No independent decoder reads it: the same segments without the header must give
                // the same, non-blank page.
                let (data, _, _) = try document.imageData(of: stream)
                let withHeader = try JBIG2Decoder.decodeBitmap(data)
                let headerLength = data[8] & 2 == 0 ? 13 : 9
                let without = try JBIG2Decoder.decodeBitmap(Array(data[headerLength...]))
                #expect(withHeader.bytes == without.bytes && withHeader.width == 128 && withHeader.height == 96)
                #expect(withHeader.bytes.contains { $0 != 0 })
                continue
            }
            let theirs = try JBIG2CorpusOracle.reference(image, in: folder)
            if name == Self.deviceN {
                let (data, _, parameters) = try document.imageData(of: stream)
                guard case .stream(let globals)? = parameters.map({ document.resolve($0["JBIG2Globals"] ?? .null) }) else {
                    Issue.record("\(name) has no JBIG2Globals stream")
                    continue
                }
                let bitmap = try JBIG2Decoder.decodeBitmap(data, globals: try document.imageData(of: globals).data)
                var inverted = try JBIG2Bitmap(width: bitmap.width, height: bitmap.height, fill: true)
                inverted.compose(bitmap, x: 0, y: 0, op: .xor)
                #expect(try inverted.pixImage().hasSamePixels(as: theirs), "\(name)")
                continue
            }
            let ours = try ImageDecoder.decode(stream, document: document)
            let expected = Self.popplerDiffers.contains(name) ? try Self.suiteDrawing() : theirs
            #expect(try ours.hasSamePixels(as: expected), "image \(image.number) of \(name)")
        }
    }
}
