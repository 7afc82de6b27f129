import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// The README's shell examples (its fenced `sh` blocks) run as written, against copies of
/// `Samples/` named as the examples name them, with the built binary first on PATH.
struct ReadmeExampleTests {
    /// The files the examples name, and the sample each is a copy of.
    static let files = ["scan.pdf": "scan-g4.pdf", "report.pdf": "born-digital.pdf", "scan-1.jpg": "scan.jpg",
                        "scan-2.jpg": "scan-exif6.jpg", "fax.tif": "scan-g3.tif", "photo.jpg": "scan.jpg",
                        "inbox/scan.pdf": "scan-g4.pdf"]

    /// Every line of every fenced `sh` block, in order.
    static func examples() throws -> [String] {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var lines: [String] = []
        var inBlock = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock = !inBlock && line == "```sh"; continue }
            if inBlock, !line.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(String(line)) }
        }
        return lines
    }

    @Test func theReadmeShowsAFirstExampleAndAWatchExampleNearTheTop() throws {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let top = readme.prefix(2500)
        #expect(top.contains("legible ocr scan.pdf out.pdf") && top.contains("legible watch "))
        #expect(!readme.contains("](http") && !readme.contains("../shared"), "no link outside the repository")
    }

    @Test func theOCRTableIsInOnePiece() throws {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "### `legible ocr").map { String(readme[$0.upperBound...]) })
        let lines = section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("| option |") })
        let rows = lines[first...].prefix { $0.hasPrefix("|") }
        // Every ocr option (but help) is in the one table.
        for option in Help.ocrSpec.options where option.long != "--help" {
            #expect(rows.contains { $0.contains("`\(option.long)") }, "the ocr table lacks \(option.long)")
        }
    }

    @Test func theExamplesRun() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        for (name, sample) in Self.files {
            let url = folder.file(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Fixtures.sample(sample), to: url)
        }
        let bin = folder.file(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("legible"), withDestinationURL: LegibleBinary.url)
        let examples = try Self.examples()
        #expect(examples.count >= 10)
        for example in examples {
            // A watcher runs until stopped: here it takes what is in the inbox and exits.
            let line = example.hasPrefix("legible watch ") ? example.replacingOccurrences(of: "legible watch ", with: "legible watch --once --settle 0 ") : example
            let command = "cd \(CLIProcess.shellQuote(folder.url.path)) && PATH=\(CLIProcess.shellQuote(bin.path)):$PATH && \(line)"
            let result = try Tool.run("bash", ["-c", command], environment: ["OMP_THREAD_LIMIT": "1", "PAGER": "cat"])
            #expect(result.status == 0, "\(example)\n\(result.stderr)")
            #expect(!result.stderr.contains("legible: error"), "\(example)\n\(result.stderr)")
        }
        #expect(try Tool.pdftotext(folder.file("out.pdf")).split(whereSeparator: \.isWhitespace).count > 20)
        #expect(try Tool.pdftotext(folder.file("piped.pdf")).split(whereSeparator: \.isWhitespace).count > 20)
        #expect(FileManager.default.fileExists(atPath: folder.file("done/scan.pdf").path))
        #expect(FileManager.default.fileExists(atPath: folder.file("archived/scan.pdf").path))
        #expect(FileManager.default.fileExists(atPath: folder.file("thumbs/page-0001.png").path))
    }
}
