import Foundation
import Testing
@testable import Imaging
import PDF
import TestSupport

/// Every image of a file decodes to the pixels `pdfimages -png` writes for it: exactly for
/// lossless encodings, within 1/255 on average for JPEG and JPEG 2000. Images are matched by
/// object number (`pdfimages -list`), each object compared once. `make test` checks a fixed
/// sample covering the colour spaces and encodings; `bench/images-vs-pdfimages.sh` runs it
/// over the whole corpus with `LEGIBLE_SWEEP_FILES` (a list of paths) and writes one line per
/// image to `LEGIBLE_SWEEP_REPORT`.
@Suite struct ImageDecodeSweepTests {
    static let sample = [
        "pdf/pdfjs/issue6931_reduced.pdf",     // ICCBased
        "pdf/pdfjs/colorspace_atan.pdf",       // DeviceN through a PostScript function
        "pdf/pdfjs/issue4379.pdf",             // CCITT, Indexed 1-bit, masks
        "pdf/pdfjs/issue5280.pdf",             // /Mask
        "pdf/qpdf/png-filters.pdf",            // 4- and 16-bit samples through predictors
        "pdf/pdfjs/bug_jpx.pdf",               // JPEG 2000
        "pdf/pdfjs/issue10339_reduced.pdf",    // Indexed over Lab, /Decode [255 0]
        "pdf/pdfjs/blendmode.pdf",             // soft masks
    ]

    /// One image's outcome.
    enum Outcome: String { case exact, tolerance, mismatch, error }

    @Test func imagesDecodeAsPdfimagesExtractsThem() throws {
        let environment = ProcessInfo.processInfo.environment
        let files: [String]
        if let list = environment["LEGIBLE_SWEEP_FILES"] {
            files = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(String.init)
        } else {
            files = Self.sample.map { Fixtures.corpus($0).path }
        }
        var lines: [String] = []
        var counts: [Outcome: Int] = [:]
        for file in files {
            for result in try compareFile(file) {
                counts[result.outcome, default: 0] += 1
                lines.append("\(file)\t\(result.object)\t\(result.encoding)\t\(result.outcome.rawValue)\t\(result.detail)")
            }
        }
        if let report = environment["LEGIBLE_SWEEP_REPORT"] {
            try (lines.joined(separator: "\n") + "\n").write(toFile: report, atomically: true, encoding: .utf8)
            return
        }
        #expect((counts[.exact] ?? 0) + (counts[.tolerance] ?? 0) > 20)
        #expect(counts[.mismatch] == nil, "\(lines.filter { $0.contains("\tmismatch\t") })")
        #expect(counts[.error] == nil, "\(lines.filter { $0.contains("\terror\t") })")
    }

    struct Result { var object: Int; var encoding: String; var outcome: Outcome; var detail: String }

    private func compareFile(_ path: String) throws -> [Result] {
        let folder = try TemporaryDirectory()
        // Some damaged files keep pdfimages busy for minutes: they get 60 s.
        let list = try Tool.run("timeout", ["-s", "KILL", "60", "pdfimages", "-list", path])
        guard list.status == 0 else { return [] }
        _ = try Tool.run("timeout", ["-s", "KILL", "60", "pdfimages", "-png", path, folder.file("img").path])
        guard let document = try? PDFDocument(bytes: try Fixtures.bytes(URL(fileURLWithPath: path))) else { return [] }
        let pages = (try? document.pages()) ?? []
        var seen = Set<Int>()
        var results: [Result] = []
        for line in list.stdout.split(separator: "\n").dropFirst(2) {
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 12, let pageNumber = Int(f[0]), let number = Int(f[1]), let object = Int(f[10]) else { continue }
            // Inline images have no object number to match by.
            guard object > 0, seen.insert(object).inserted else { continue }
            let encoding = f[8]
            let png = folder.file(String(format: "img-%03d.png", number))
            do {
                guard case .stream(let stream) = try document.object(ObjectRef(object, Int(f[11]) ?? 0)) else {
                    results.append(Result(object: object, encoding: encoding, outcome: .error, detail: "not a stream")); continue
                }
                let resources = pageNumber >= 1 && pageNumber <= pages.count ? pages[pageNumber - 1].resources : nil
                let theirs = try PixImage(encoded: try Fixtures.bytes(png))
                var decoded = stream
                let inverted: Bool
                if theirs.depth == 1 && f[2] == "image" && f[5] != "gray" {
                    // pdfimages writes one-bit images of other colour spaces as their raw bits:
                    // bits of 0 black when sample 0 is black, else white.
                    let space = try ImageColorSpace.from(stream.dictionary["ColorSpace"], document: document, resources: resources)
                    let low = stream.dictionary["Decode"]?.arrayValue?.first?.numberValue ?? space.defaultDecode(bitsPerComponent: 1)[0]
                    let zero = space.rgb([low])
                    let zeroIsBlack = max(zero.r, zero.g, zero.b) < 0.5 / 255
                    decoded.dictionary["ColorSpace"] = .name("DeviceGray")
                    decoded.dictionary["Decode"] = zeroIsBlack ? nil : .array([.int(1), .int(0)])
                    inverted = false
                } else if f[2] == "stencil" {
                    // …and stencil masks as their raw bits (any /Decode ignored), 1 black.
                    decoded.dictionary["Decode"] = nil
                    inverted = true
                } else {
                    inverted = false
                }
                var ours = try ImageDecoder.decode(decoded, document: document, resources: resources)
                if inverted { ours = try ours.inverted() }
                results.append(compare(ours, theirs, object: object, encoding: encoding, bitsPerComponent: Int(f[7]) ?? 8))
            } catch {
                results.append(Result(object: object, encoding: encoding, outcome: .error, detail: "\(error)"))
            }
        }
        return results
    }

    /// Whether every differing channel is one level apart, or 255 in ours and 0 in pdfimages's.
    private func onlySixteenBitDifferences(_ ours: PixImage, _ theirs: PixImage) throws -> Bool {
        let a = try ours.rgb32(), b = try theirs.rgb32()
        var only = true
        for y in 0..<a.height {
            for x in 0..<a.width {
                let u = a.pixel(x, y), v = b.pixel(x, y)
                for shift in [UInt32(24), 16, 8] where u >> shift & 0xFF != v >> shift & 0xFF {
                    let a = Int(u >> shift & 0xFF), b = Int(v >> shift & 0xFF)
                    if abs(a - b) > 1 && !(a == 255 && b == 0) { only = false }
                }
            }
        }
        return only
    }

    private func compare(_ ours: PixImage, _ theirs: PixImage, object: Int, encoding: String, bitsPerComponent: Int) -> Result {
        guard ours.width == theirs.width, ours.height == theirs.height else {
            return Result(object: object, encoding: encoding, outcome: .mismatch,
                          detail: "size \(ours.width)x\(ours.height) vs \(theirs.width)x\(theirs.height)")
        }
        guard let difference = try? ours.channelDifference(from: theirs) else {
            return Result(object: object, encoding: encoding, outcome: .error, detail: "cannot compare")
        }
        let lossy = encoding == "jpeg" || encoding == "jpx"
        var outcome: Outcome = difference.max == 0 ? .exact : (lossy && difference.mean <= 1 ? .tolerance : .mismatch)
        if outcome == .mismatch && bitsPerComponent == 16 && (try? onlySixteenBitDifferences(ours, theirs)) == true {
            // pdfimages writes 16-bit PNGs rounded its own way (and 65535 as 0, its arithmetic
            // wrapping), which Leptonica reads back as their high bytes: one level apart at most.
            outcome = .tolerance
        }
        return Result(object: object, encoding: encoding, outcome: outcome,
                      detail: String(format: "mean %.3f max %d depth %d/%d", difference.mean, difference.max, ours.depth, theirs.depth))
    }
}
