import Foundation
import PDF

/// Test material for the PDF reader and writer: where the shared corpus and the samples live,
/// independent tools run as oracles, scratch folders, and hand-made PDF files whose
/// cross-reference offsets are computed rather than typed.
public enum PDFFixtures {
    // MARK: - Locations

    /// The package root: the nearest folder above this file holding `Package.swift`.
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `<repo>/../shared/corpus`, the real-world files kept beside the repository (also in CI).
    public static var corpusRoot: URL {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// A file of the shared corpus, e.g. `corpus("pdf/qpdf/minimal.pdf")`.
    public static func corpus(_ path: String) -> URL {
        corpusRoot.appendingPathComponent(path)
    }

    /// A file of `Samples/`.
    public static func sample(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(name)
    }

    /// Every `Samples/*.pdf`, sorted by name.
    public static func samplePDFs() -> [URL] {
        let folder = repositoryRoot.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".pdf") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The bytes of a file.
    public static func bytes(of url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Writes bytes to a file, replacing it.
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url)
    }

    // MARK: - Tools

    /// What an external tool did.
    public struct ProcessResult: Sendable {
        /// Exit status (or the terminating signal for an uncaught signal).
        public var status: Int32
        /// Standard output, raw.
        public var stdout: [UInt8]
        /// Standard error, as text.
        public var stderr: String
        /// Standard output as UTF-8 text.
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `tool` (looked up on PATH) and waits. Output goes through files, so a tool that
    /// writes a lot can never block on a full pipe.
    public static func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        let scratch = try ScratchFolder()
        let outURL = scratch.file("stdout"), errURL = scratch.file("stderr")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
            throw FixtureError("cannot create output files in \(scratch.url.path)")
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return ProcessResult(status: process.terminationStatus,
                             stdout: try bytes(of: outURL),
                             stderr: String(decoding: try bytes(of: errURL), as: UTF8.self))
    }

    /// The page count qpdf reports, or nil when qpdf cannot open the file.
    public static func qpdfPageCount(_ url: URL) -> Int? {
        guard let result = try? run("qpdf", ["--show-npages", url.path]), result.status == 0 || result.status == 3 else {
            return nil
        }
        return Int(result.text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `qpdf --check` exit status: 0 clean, 3 warnings, 2 errors.
    public static func qpdfCheck(_ url: URL) throws -> ProcessResult {
        try run("qpdf", ["--check", url.path])
    }

    /// The text poppler's `pdftotext` extracts (nil when it fails).
    public static func pdftotext(_ url: URL) -> String? {
        guard let result = try? run("pdftotext", ["-q", url.path, "-"]), result.status == 0 else { return nil }
        return result.text
    }

    /// Runs qpdf to transform `input` into a new file and returns its bytes.
    /// qpdf's exit status 3 (warnings) still counts as success.
    public static func qpdfTransform(_ input: [UInt8], _ arguments: [String]) throws -> [UInt8] {
        let scratch = try ScratchFolder()
        let inURL = scratch.file("in.pdf"), outURL = scratch.file("out.pdf")
        try write(input, to: inURL)
        let result = try run("qpdf", arguments + [inURL.path, outURL.path])
        guard result.status == 0 || result.status == 3 else {
            throw FixtureError("qpdf \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return try bytes(of: outURL)
    }

    /// A failure of the fixtures themselves (a tool missing or failing).
    public struct FixtureError: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
        /// Creates an error.
        public init(_ description: String) { self.description = description }
    }

    /// A fresh folder, removed when released (the shared `TemporaryDirectory`).
    public typealias ScratchFolder = TemporaryDirectory

    // MARK: - Hand-made PDF files

    /// The body of a stream object: `<<dictionary /Length n>> stream … endstream`.
    /// - Parameter length: what to write as `/Length` (e.g. `"9 0 R"` or a wrong number);
    ///   the data's true length when nil.
    public static func streamBody(_ dictionary: String = "", _ data: [UInt8], length: String? = nil) -> [UInt8] {
        Array("<<\(dictionary) /Length \(length ?? String(data.count))>>\nstream\n".utf8) + data
            + Array("\nendstream".utf8)
    }

    /// A stream body from text data.
    public static func streamBody(_ dictionary: String = "", text: String, length: String? = nil) -> [UInt8] {
        streamBody(dictionary, Array(text.utf8), length: length)
    }

    /// A PDF built from numbered object bodies with a correct classic cross-reference table.
    public struct CraftedPDF {
        /// Bytes before the objects: the header line and a binary comment.
        public var header: [UInt8]
        /// Object number, generation and body (what goes between `obj` and `endobj`), in file order.
        public var objects: [(number: Int, generation: Int, body: [UInt8])] = []
        /// Extra trailer entries, e.g. `"/Info 7 0 R"`.
        public var trailerExtra = ""
        /// The catalog's object number.
        public var root = 1

        /// Starts a file with `%PDF-version`.
        public init(version: String = "1.4") {
            header = Array("%PDF-\(version)\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        }

        /// Adds an object whose body is text.
        public mutating func add(_ number: Int, _ body: String, generation: Int = 0) {
            objects.append((number, generation, Array(body.utf8)))
        }

        /// Adds an object whose body is bytes.
        public mutating func add(_ number: Int, bytes body: [UInt8], generation: Int = 0) {
            objects.append((number, generation, body))
        }

        /// The file, and the byte offset of each object (by number) and of the xref table.
        public func build() -> (bytes: [UInt8], offsets: [Int: Int], xref: Int) {
            var out = header
            var offsets: [Int: Int] = [:]
            var generations: [Int: Int] = [:]
            for object in objects {
                offsets[object.number] = out.count
                generations[object.number] = object.generation
                out += Array("\(object.number) \(object.generation) obj\n".utf8) + object.body + Array("\nendobj\n".utf8)
            }
            let size = (offsets.keys.max() ?? 0) + 1
            let xref = out.count
            out += Array("xref\n0 \(size)\n0000000000 65535 f\r\n".utf8)
            for n in 1..<max(size, 1) {
                if let offset = offsets[n] {
                    out += Array(String(format: "%010d %05d n\r\n", offset, generations[n] ?? 0).utf8)
                } else {
                    out += Array("0000000000 00000 f\r\n".utf8)
                }
            }
            out += Array("trailer\n<< /Size \(size) /Root \(root) 0 R \(trailerExtra)>>\nstartxref\n\(xref)\n%%EOF\n".utf8)
            return (out, offsets, xref)
        }

        /// The file's bytes.
        public var bytes: [UInt8] { build().bytes }
    }

    /// Appends an incremental update (ISO 32000-1 §7.5.6) to `base`: the objects, a classic xref
    /// section for them, and a trailer whose `/Prev` points at `base`'s last cross-reference.
    public static func incrementalUpdate(_ base: [UInt8], objects: [(Int, String)], root: Int = 1,
                                         trailerExtra: String = "") -> [UInt8] {
        let previous = lastStartXRef(base) ?? 0
        var out = base
        if out.last != 0x0A { out.append(0x0A) }
        var offsets: [(Int, Int)] = []
        for (number, body) in objects {
            offsets.append((number, out.count))
            out += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n"
        for (number, offset) in offsets.sorted(by: { $0.0 < $1.0 }) {
            table += "\(number) 1\n" + String(format: "%010d 00000 n\r\n", offset)
        }
        let size = max((offsets.map(\.0).max() ?? 0) + 1, sizeOf(base))
        table += "trailer\n<< /Size \(size) /Root \(root) 0 R /Prev \(previous) \(trailerExtra)>>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }

    /// The offset after the last `startxref` keyword, if any.
    public static func lastStartXRef(_ bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes.suffix(1024), as: UTF8.self)
        guard let range = text.range(of: "startxref", options: .backwards) else { return nil }
        let digits = text[range.upperBound...].drop { $0.isWhitespace }.prefix { $0.isNumber }
        return Int(digits)
    }

    private static func sizeOf(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes.suffix(2048), as: UTF8.self)
        guard let range = text.range(of: "/Size", options: .backwards) else { return 0 }
        let digits = text[range.upperBound...].drop { $0.isWhitespace }.prefix { $0.isNumber }
        return Int(digits) ?? 0
    }

    /// A small valid document: catalog 1, page tree 2, then for each page a page object and a
    /// content stream that shows `text(i)` in Helvetica (font object 3).
    public static func simpleDocument(pages: Int = 1, version: String = "1.4",
                                      text: (Int) -> String = { "Page \($0 + 1)" }) -> CraftedPDF {
        var pdf = CraftedPDF(version: version)
        let firstPage = 4
        let kids = (0..<pages).map { "\(firstPage + 2 * $0) 0 R" }.joined(separator: " ")
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages) /MediaBox [0 0 612 792] >>")
        pdf.add(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for i in 0..<pages {
            let page = firstPage + 2 * i
            pdf.add(page, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents \(page + 1) 0 R >>")
            pdf.add(page + 1, bytes: streamBody(text: "BT /F1 24 Tf 72 700 Td (\(text(i))) Tj ET"))
        }
        return pdf
    }
}
