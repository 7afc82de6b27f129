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
