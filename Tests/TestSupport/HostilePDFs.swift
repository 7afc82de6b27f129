import Foundation
import PDF

/// Hostile PDF files made at test time by our own code, each small on disk and built to make
/// one part of the program run out of stack, time or memory if it were unbounded.
public enum HostilePDFs {
    /// One page whose content shows text through `depth` nested arrays: `BT [[[…(x)…]]] TJ ET`.
    /// At 50,000 levels every recursive reader of content-stream operands overflows its stack.
    public static func nestedArrayContent(depth: Int = 50_000) -> [UInt8] {
        let content = Array("BT /F1 12 Tf 72 700 Td ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth)
            + Array("(x)".utf8) + [UInt8](repeating: UInt8(ascii: "]"), count: depth) + Array(" TJ ET".utf8)
        return onePage(content: content)
    }

    /// One page that draws one `side`×`side` grey image `draws` times, each time over the
    /// whole page. The image compresses to almost nothing, so the file stays small while
    /// every draw costs a full composition.
    public static func oneImageDrawnManyTimes(side: Int = 2000, draws: Int = 10_000) -> [UInt8] {
        let pixels = [UInt8](repeating: 0x80, count: side * side)
        let compressed = Flate.deflate(pixels, level: 9)
        let draw = Array("q 612 0 0 792 0 0 cm /Im1 Do Q\n".utf8)
        var content: [UInt8] = []
        content.reserveCapacity(draw.count * draws)
        for _ in 0..<draws { content += draw }
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody("", content))
        pdf.add(5, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image /Width \(side) /Height \(side) "
            + "/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode", compressed))
        return pdf.bytes
    }

    /// The image codecs `imageDeclaringHugeSize` can make.
    public enum HugeImage: String, CaseIterable, Sendable {
        case raw, flate, flatePredictor, runLength, jpeg, jbig2, jpx, ccitt
    }

    /// One page drawing one image a few kilobytes long that declares `side`×`side` pixels (in
    /// its dictionary, and inside its data where the codec has a header: the JPEG frame, the
    /// JBIG2 page, the JPEG 2000 SIZ). Decoded as declared, 30,000² gray pixels are 900 MB.
    public static func imageDeclaringHugeSize(_ kind: HugeImage, side: Int = 30_000) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func be16(_ v: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] { [0xFF, marker] + be16(payload.count + 2) + payload }
        let gray = "/Width \(side) /Height \(side) /ColorSpace /DeviceGray /BitsPerComponent 8"
        let dictionary: String, data: [UInt8]
        switch kind {
        case .raw:
            (dictionary, data) = (gray, [UInt8](repeating: 0x80, count: 2_700))
        case .flate:
            (dictionary, data) = (gray + " /Filter /FlateDecode", Flate.deflate([UInt8](repeating: 0x80, count: 2_000_000), level: 9))
        case .flatePredictor:
            (dictionary, data) = (gray + " /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns \(side) >>",
                                  Flate.deflate([UInt8](repeating: 0, count: 2_000_000), level: 9))
        case .runLength:
            // Each pair repeats one byte 128 times: 2,600 bytes for 166,400 samples.
            (dictionary, data) = (gray + " /Filter /RunLengthDecode", Array([[UInt8]](repeating: [129, 0x80], count: 1_300).joined()) + [128])
        case .jpeg:
            // Baseline, one component; one-bit Huffman codes for "no difference" and "end of block".
            let tables = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
                + segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
                + segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0])
            let frame = segment(0xC0, [8] + be16(side) + be16(side) + [1, 1, 0x11, 0])
            let scan = segment(0xDA, [1, 1, 0x00, 0, 63, 0])
            (dictionary, data) = (gray + " /Filter /DCTDecode",
                                  [0xFF, 0xD8] + tables + frame + scan + [UInt8](repeating: 0, count: 2_600) + [0xFF, 0xD9])
        case .jbig2:
            // Page information, then an immediate generic region over the whole page (typical
            // prediction on, so rows can be coded as copies of the one above), end of page.
            func jbig2Segment(_ number: Int, _ type: UInt8, _ body: [UInt8]) -> [UInt8] {
                be32(number) + [type, 0, 1] + be32(body.count) + body
            }
            let page = be32(side) + be32(side) + be32(0) + be32(0) + [0] + be16(0)
            let region = be32(side) + be32(side) + be32(0) + be32(0) + [0] + [0x08, 3, 0xFF, 0xFD, 0xFF, 2, 0xFE, 0xFE, 0xFE]
                + [UInt8](repeating: 0, count: 40) + [0xFF, 0xAC]
            (dictionary, data) = ("/Width \(side) /Height \(side) /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode",
                                  jbig2Segment(0, 48, page) + jbig2Segment(1, 38, region) + jbig2Segment(2, 49, []))
        case .jpx:
            // A bare codestream: one tile, one component, no decomposition, one empty packet.
            let siz = segment(0x51, be16(0) + be32(side) + be32(side) + be32(0) + be32(0) + be32(side) + be32(side)
                + be32(0) + be32(0) + be16(1) + [7, 1, 1])
            let cod = segment(0x52, [0, 0, 0, 1, 0, 0, 4, 4, 0, 1])
            let qcd = segment(0x5C, [0x20, 0x40])
            let tile: [UInt8] = [0xFF, 0x90] + be16(10) + be16(0) + be32(12 + 2 + 1) + [0, 1] + [0xFF, 0x93, 0]
            (dictionary, data) = (gray + " /Filter /JPXDecode", [0xFF, 0x4F] + siz + cod + qcd + tile + [0xFF, 0xD9])
        case .ccitt:
            (dictionary, data) = ("/Width \(side) /Height \(side) /ImageMask true /Filter /CCITTFaxDecode "
                + "/DecodeParms << /K -1 /Columns \(side) /Rows \(side) >>", [UInt8](repeating: 0xFF, count: 2_700))
        }
        return imagePage(dictionary: dictionary, data: data)
    }

    /// One page covered by a `side`×`side` mid-gray Flate image whose data holds every sample.
    public static func flateGrayImagePage(side: Int) -> [UInt8] {
        imagePage(dictionary: "/Width \(side) /Height \(side) /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
                  data: Flate.deflate([UInt8](repeating: 0x80, count: side * side), level: 9))
    }

    /// One letter-size page covered by one image XObject with `dictionary` (without /Type,
    /// /Subtype and /Length) and the encoded `data`.
    public static func imagePage(dictionary: String, data: [UInt8]) -> [UInt8] {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>")
        pdf.add(4, bytes: PDFFixtures.streamBody("", Array("q 612 0 0 792 0 0 cm /Im1 Do Q".utf8)))
        pdf.add(5, bytes: PDFFixtures.streamBody("/Type /XObject /Subtype /Image " + dictionary, data))
        return pdf.bytes
    }

    /// One page, Helvetica as `/F1`, showing `content`.
    public static func onePage(content: [UInt8], pageExtra: String = "") -> [UInt8] {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
            + "/Contents 4 0 R\(pageExtra) >>")
        pdf.add(4, bytes: PDFFixtures.streamBody("", content))
        pdf.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        return pdf.bytes
    }
}
