import Foundation
@testable import Imaging
import PDF
import TestSupport

/// Every JBIG2 image of a PDF decoded by us next to what `pdfimages -png` extracts for it.
enum JBIG2CorpusOracle {
    /// One JBIG2 image of a file, as `pdfimages -list` numbers it.
    struct Image {
        var number: Int
        var object: ObjectRef
    }

    /// The corpus PDFs holding JBIG2 images (found by content, as `grep -l -a /JBIG2Decode` would).
    static func corpusFiles() throws -> [URL] {
        let root = Fixtures.corpus("")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        let marker = Data("/JBIG2Decode".utf8)
        var found: [URL] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "pdf" {
            if try Data(contentsOf: url).range(of: marker) != nil { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The distinct JBIG2 images of `url` (an object drawn on several pages is listed once).
    static func images(in url: URL) throws -> [Image] {
        let listing = try Tool.run("pdfimages", ["-list", url.path]).stdout
        var seen = Set<ObjectRef>()
        var images: [Image] = []
        // Columns: page num type width height color comp bpc enc interp object ID …
        for line in listing.split(separator: "\n").dropFirst(2) {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count > 11, fields[8] == "jbig2",
                  let number = Int(fields[1]), let object = Int(fields[10]), let generation = Int(fields[11]) else { continue }
            let ref = ObjectRef(object, generation)
            if seen.insert(ref).inserted { images.append(Image(number: number, object: ref)) }
        }
        return images
    }

    /// pdfimages' PNGs of every image of `url`, written to `folder` as img-NNN.png.
    static func extract(_ url: URL, to folder: TemporaryDirectory) throws {
        try Tool.run("pdfimages", ["-png", url.path, folder.file("img").path])
    }

    static func reference(_ image: Image, in folder: TemporaryDirectory) throws -> PixImage {
        try PixImage(encoded: try Fixtures.bytes(folder.file(String(format: "img-%03d.png", image.number))))
    }

    static func stream(_ image: Image, in document: PDFDocument) throws -> PDFStream {
        guard case .stream(let stream) = try document.object(image.object) else {
            throw ImagingError(.decodeFailed, "object \(image.object) is not a stream")
        }
        return stream
    }

    /// Appends `file`, object, `exact`/`mismatch`/`error` (our ImageDecoder output against
    /// pdfimages' PNG) and a detail to the file named by `LEGIBLE_JBIG2_REPORT`, if set.
    static func report(file: URL, image: Image, stream: PDFStream, document: PDFDocument, folder: TemporaryDirectory) throws {
        guard let path = ProcessInfo.processInfo.environment["LEGIBLE_JBIG2_REPORT"] else { return }
        var outcome = "error", detail = ""
        let started = Date()
        do {
            let ours = try ImageDecoder.decode(stream, document: document)
            detail = String(format: "%.3f s", Date().timeIntervalSince(started))
            let theirs = try reference(image, in: folder)
            outcome = try ours.hasSamePixels(as: theirs) ? "exact" : "mismatch"
        } catch {
            detail = "\(error)"
        }
        let name = file.lastPathComponent
        if outcome == "mismatch" {
            if JBIG2CorpusTests.popplerDiffers.contains(name) { detail += "; poppler differs, ours is the suite's drawing" }
            if name == JBIG2CorpusTests.fileHeader { detail += "; poppler cannot decode a stream with a file header" }
            if name == JBIG2CorpusTests.deviceN { detail += "; JBIG2 bitmap exact, the DeviceN tint conversion differs" }
        }
        let line = "\(name)\t\(image.object.number)\t\(outcome)\t\(detail)\n"
        // One write per line with O_APPEND: parallel test cases do not interleave lines.
        let handle = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard handle >= 0 else { return }
        defer { close(handle) }
        _ = Array(line.utf8).withUnsafeBytes { write(handle, $0.baseAddress, $0.count) }
    }
}
