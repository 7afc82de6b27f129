import Foundation
import PDF
@testable import PDFText
import Testing
import TestSupport

/// Real files against poppler's pdftotext: the text (character error rate) and word boxes.
struct CorpusTextTests {
    /// Thirty-one documents of pdf.js's corpus with at least 100 characters of text, from many
    /// producers (TeX, Word, TCPDF, Ghostscript, Quartz; Type 1, CFF, TrueType, Type 3 and CID
    /// fonts; rotated pages, annotations, marked content, CJK), and the born-digital sample.
    static let files = [
        "pdfjs/issue1249.pdf", "pdfjs/bug1974436.pdf", "pdfjs/issue17730.pdf", "pdfjs/issue2074.pdf",
        "pdfjs/issue10900.pdf", "pdfjs/bug1937438_mml_from_latex.pdf", "pdfjs/ShowText-ShadingPattern.pdf",
        "pdfjs/bug1019475_1.pdf", "pdfjs/issue7403.pdf", "pdfjs/zerowidthline.pdf", "pdfjs/issue8424.pdf",
        "pdfjs/issue19207.pdf", "pdfjs/basicapi.pdf", "pdfjs/issue16063.pdf", "pdfjs/issue13242.pdf",
        "pdfjs/mixedfonts.pdf", "pdfjs/issue6931_reduced.pdf", "pdfjs/issue1002.pdf", "pdfjs/issue13931.pdf",
        "pdfjs/issue5747.pdf", "pdfjs/issue14438.pdf", "pdfjs/issue6132.pdf", "pdfjs/issue14415.pdf",
        "pdfjs/pr12564.pdf", "pdfjs/issue7014.pdf", "pdfjs/issue14821.pdf", "pdfjs/issue6605.pdf",
        "pdfjs/issue13447.pdf", "pdfjs/issue7454.pdf", "pdfjs/bug1529502.pdf", "pdfjs/Test-plusminus.pdf",
    ]

    /// The text of every page, form feeds after each, as `legible text` prints it.
    private func legibleText(_ url: URL) throws -> String {
        let document = try PDFDocument(bytes: Fixtures.bytes(url))
        let extractor = TextExtractor(document: document)
        return try document.pages().map { try extractor.text(of: $0).text + "\u{0C}" }.joined()
    }

    @Test func textAgreesWithPdftotext() throws {
        var rates: [(String, Double)] = []
        for name in Self.files {
            let url = Fixtures.corpus("pdf/" + name)
            let reference = try Tool.pdftotext(url)
            guard CharacterErrorRate.normalized(reference).count >= 100 else { continue }
            rates.append((name, CharacterErrorRate.of(try legibleText(url), against: reference)))
        }
        let sample = Fixtures.sample("born-digital.pdf")
        rates.append(("born-digital.pdf", CharacterErrorRate.of(try legibleText(sample), against: try Tool.pdftotext(sample))))
        #expect(rates.count >= 30)
        let sorted = rates.map(\.1).sorted()
        let median = sorted[sorted.count / 2]
        #expect(median <= 0.02, "median character error rate \(median)")
        for (name, rate) in rates {
            #expect(rate <= 0.15, "\(name): character error rate \(rate)")
        }
        #expect(rates.last?.1 == 0, "the born-digital sample reads exactly as pdftotext reads it")
    }

    @Test func coverageTellsVisibleTextFromOCRLayersAndScans() throws {
        func coverage(_ url: URL) throws -> TextCoverage {
            let document = try PDFDocument(bytes: Fixtures.bytes(url))
            return try TextExtractor(document: document).coverage(of: try document.pages()[0])
        }
        let born = try coverage(Fixtures.sample("born-digital.pdf"))
        #expect(born.visibleGlyphs > 100 && born.invisibleGlyphs == 0 && born.visibleShare > 0.01)
        let ocred = try coverage(Fixtures.corpus("scans/graph_ocred.pdf"))
        #expect(ocred.invisibleGlyphs > 10 && ocred.visibleGlyphs == 0, "another tool's OCR layer is invisible text")
        let scan = try coverage(Fixtures.sample("scan-g4.pdf"))
        #expect(scan.visibleGlyphs == 0 && scan.invisibleGlyphs == 0)
    }

    /// Single-page files whose word boxes pdftotext -bbox gives.
    @Test(arguments: ["Samples/born-digital.pdf", "pdf/pdfjs/issue13242.pdf", "pdf/pdfjs/bug1019475_1.pdf", "pdf/pdfjs/issue1002.pdf"])
    func wordBoxesAgreeWithPdftotext(_ path: String) throws {
        let url = path.hasPrefix("Samples/") ? Fixtures.sample(String(path.dropFirst(8))) : Fixtures.corpus(path)
        let reference = try Tool.wordBoxes(url)
        let document = try PDFDocument(bytes: Fixtures.bytes(url))
        let text = try PageText.extract(try document.pages()[0], in: document)
        var ours: [String: [PDFRect]] = [:]
        for word in text.words { ours[word.text, default: []].append(text.frame.display(word.box)) }
        var matched = 0
        for word in reference {
            let candidates = ours[xmlUnescaped(word.text)] ?? []
            if candidates.contains(where: {
                abs($0.x0 - word.x0) <= 1 && abs($0.x1 - word.x1) <= 1 && abs($0.y0 - word.y0) <= 2.5 && abs($0.y1 - word.y1) <= 2.5
            }) { matched += 1 }
        }
        #expect(!reference.isEmpty)
        #expect(Double(matched) >= 0.9 * Double(reference.count), "\(matched) of \(reference.count) words in place")
    }

    private func xmlUnescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
