import Foundation
import Testing
import TestSupport

/// Hostile page content run through every command as a user runs them: each ends with a
/// documented exit code and one line of error, never a crash (exit 128+signal) or a hang, and
/// leaves no temporary file behind. The inputs are made here (`HostilePDFs`).
@Suite struct HostileContentTests {
    private func legible(_ arguments: [String]) throws -> ToolResult {
        try LegibleBinary.requireBuilt()
        return try Tool.run(LegibleBinary.url.path, arguments, environment: ["OMP_THREAD_LIMIT": "1"])
    }

    /// Whether `folder` holds a temporary output (`.lg-….tmp`, or an older `.NAME.legible-….tmp`).
    private func temporaries(in folder: TemporaryDirectory) -> [String] {
        folder.contents().filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
    }

    /// `BT [[[…50,000…]]] TJ ET` segfaulted text, info, thumbnails, forms and ocr (exit 139).
    @Test(arguments: [
        ["text"], ["text", "--json"], ["info"], ["info", "--json", "--check"], ["search", "x"],
        ["thumbnails", "OUT"], ["forms", "OUT.pdf"], ["flatten", "OUT.pdf"], ["optimize", "OUT.pdf"],
        ["ocr", "OUT.pdf"], ["ocr", "--redo-ocr", "OUT.pdf"],
    ])
    func fiftyThousandNestedOperandArraysFailThePageWithoutACrash(_ command: [String]) throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("nested.pdf")
        try Data(HostilePDFs.nestedArrayContent()).write(to: input)
        var arguments = [command[0], input.path] + command.dropFirst()
        if command[0] == "search" { arguments = ["search", input.path, "x"] }
        arguments = arguments.map { $0.hasPrefix("OUT") ? folder.file($0).path : $0 }
        let result = try legible(arguments)
        #expect(result.status < 128, "\(command): crashed with \(result.status)")
        #expect([0, 1, 2, 7].contains(result.status), "\(command): exit \(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 3, "\(command): \(result.stderr)")
        #expect(temporaries(in: folder).isEmpty, "\(command): \(temporaries(in: folder))")
    }

    /// `ocr` fails the page and says why; `text` prints the pages it can read, names this one
    /// once ("page 1: page 1: …" before) and exits 7 like ocr's failed pages (it exited 0).
    @Test func theNestedPageIsAFailedPageThatSaysWhy() throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("nested.pdf")
        try Data(HostilePDFs.nestedArrayContent()).write(to: input)
        let ocr = try legible(["ocr", input.path, folder.file("out.pdf").path])
        // 7: the page failed; 2 where no page of the document could be read.
        #expect([2, 7].contains(ocr.status), "\(ocr.status): \(ocr.stderr)")
        #expect(ocr.stderr.contains("nested deeper than"))
        let text = try legible(["text", input.path])
        #expect(text.status == 7 && text.stderr.contains("nested deeper than"), "\(text.status): \(text.stderr)")
        #expect(text.stderr.contains("page 1: ") && !text.stderr.contains("page 1: page 1:"), "\(text.stderr)")
    }

    /// One 2000×2000 image drawn 10,000 times: `--page-timeout` now bounds composing too (it
    /// ran past 120 s before), and the page fails with exit 7.
    @Test func pageTimeoutStopsComposingAPageThatDrawsOneImageOverAndOver() throws {
        let folder = try TemporaryDirectory()
        let input = folder.file("many.pdf")
        try Data(HostilePDFs.oneImageDrawnManyTimes()).write(to: input)
        let start = Date()
        let result = try legible(["ocr", "--page-timeout", "2", input.path, folder.file("out.pdf").path])
        #expect(result.status == 7, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("took longer than 2.0 s"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 60)
        #expect(temporaries(in: folder).isEmpty)
    }

    /// `forms` on the same file ignored SIGTERM for 100 s; it now stops between two images
    /// and exits 130 with nothing written.
    @Test func sigtermInterruptsComposingPromptly() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let input = folder.file("many.pdf"), output = folder.file("out.pdf")
        try Data(HostilePDFs.oneImageDrawnManyTimes()).write(to: input)
        let process = try LegibleBinary.start(["forms", input.path, output.path], log: folder.file("log.txt"))
        Thread.sleep(forTimeInterval: 1.5)
        let signalled = Date()
        process.terminate()
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(signalled) < 10)
        #expect(process.terminationStatus == 130, "\(process.terminationStatus)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(temporaries(in: folder).isEmpty)
    }

    /// Legal names of up to 255 bytes: `ocr` writes such an output, `batch` takes such an input.
    @Test func outputsAndBatchInputsWith255ByteNamesWork() throws {
        let folder = try TemporaryDirectory()
        let name = String(repeating: "n", count: 251) + ".pdf"
        let inbox = folder.file("in"), out = folder.file("out")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.sample("born-digital.pdf"), to: inbox.appendingPathComponent(name))
        let ocr = try legible(["ocr", "--skip-text", inbox.appendingPathComponent(name).path, folder.file(name).path])
        #expect(ocr.status == 0, "\(ocr.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file(name).path))
        let batch = try legible(["batch", "--skip-text", inbox.path, out.path])
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path))
        #expect(temporaries(in: folder).isEmpty)
    }
}
