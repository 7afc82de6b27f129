import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// Outputs are only ever regular files or new names, and never one of the inputs (issue 18,
/// items 1 and 2): a device node, FIFO or folder given as any output is refused with exit 5
/// before any work and stays what it was; an output that is an input (also through a hard or
/// symbolic link), or an existing image a PDF would replace, is refused with exit 1.
struct OutputSafetyTests {
    /// A character device with the numbers of `/dev/null` (1, 3), made in the test's own folder:
    /// the real `/dev/null` is never touched.
    private static func nullDeviceClone(_ url: URL) throws {
        let made = try Tool.run("mknod", ["-m", "666", url.path, "c", "1", "3"])
        try #require(made.status == 0, "mknod could not make a device node (needs root): \(made.stderr)")
    }

    private static func fifo(_ url: URL) throws {
        let made = try Tool.run("mkfifo", [url.path])
        try #require(made.status == 0, "mkfifo failed: \(made.stderr)")
    }

    /// `stat -c %F` of a path: "character special file", "fifo", "directory", "regular file".
    private static func kind(_ url: URL) throws -> String {
        try Tool.run("stat", ["-c", "%F", url.path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func devicesFifosAndFoldersAreRefusedAsEveryOutputBeforeAnyWork() async throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.sample("scan-g4.pdf").path
        let device = folder.file("null"), pipe = folder.file("pipe"), dir = folder.file("dir")
        try Self.nullDeviceClone(device)
        try Self.fifo(pipe)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let good = folder.file("good.pdf").path
        let hocrWithFifo = folder.file("hocr")
        try FileManager.default.createDirectory(at: hocrWithFifo, withIntermediateDirectories: true)
        try Self.fifo(hocrWithFifo.appendingPathComponent("page-0001.hocr"))
        let thumbsWithDevice = folder.file("thumbs")
        try FileManager.default.createDirectory(at: thumbsWithDevice, withIntermediateDirectories: true)
        try Self.nullDeviceClone(thumbsWithDevice.appendingPathComponent("page-0001.png"))
        let link = folder.file("link-to-device")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: device)

        var runs: [[String]] = []
        for target in [device, pipe, dir, link] {
            runs.append(["ocr", "-q", "-j", "1", input, target.path])
            for option in ["--sidecar", "--words-json", "--report"] {
                runs.append(["ocr", "-q", "-j", "1", input, good, option, target.path])
            }
            runs.append(["images", "-q", Fixtures.sample("scan.png").path, target.path])
            runs.append(["flatten", "-q", input, target.path])
            runs.append(["optimize", "-q", input, target.path])
            runs.append(["forms", "-q", "-j", "1", Fixtures.sample("flat-form.pdf").path, target.path])
        }
        for target in [device, pipe] {
            runs.append(["ocr", "-q", "-j", "1", input, good, "--hocr", target.path])
            runs.append(["thumbnails", "-q", input, target.path])
        }
        runs.append(["ocr", "-q", "-j", "1", input, good, "--hocr", hocrWithFifo.path])
        runs.append(["thumbnails", "-q", input, thumbsWithDevice.path])
        for arguments in runs {
            let code = await Legible.main(arguments)
            #expect(code == ExitCode.fileAccess.rawValue, "\(arguments.joined(separator: " ")) gave \(code)")
        }
        #expect(try Self.kind(device) == "character special file")
        #expect(try Self.kind(pipe) == "fifo")
        #expect(try Self.kind(dir) == "directory")
        #expect(try Self.kind(hocrWithFifo.appendingPathComponent("page-0001.hocr")) == "fifo")
        #expect(try Self.kind(thumbsWithDevice.appendingPathComponent("page-0001.png")) == "character special file")
        // Refused before any work: no main output, no temporary file left anywhere.
        #expect(!FileManager.default.fileExists(atPath: good))
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func anOutputThatIsAnInputIsRefusedThroughLinksToo() async throws {
        let folder = try TemporaryDirectory()
        let a = folder.file("a.png"), b = folder.file("b.png"), pdf = folder.file("in.pdf")
        try FileManager.default.copyItem(at: Fixtures.sample("scan.png"), to: a)
        try FileManager.default.copyItem(at: Fixtures.sample("scan-palette.png"), to: b)
        try FileManager.default.copyItem(at: Fixtures.sample("scan-g4.pdf"), to: pdf)
        let hard = folder.file("hard.pdf"), soft = folder.file("soft.pdf")
        try FileManager.default.linkItem(at: pdf, to: hard)
        try FileManager.default.createSymbolicLink(at: soft, withDestinationURL: pdf)
        let before = try [a, b, pdf].map(Fixtures.bytes)
        let runs: [[String]] = [
            ["images", "-q", a.path, b.path],                 // the output name forgotten
            ["images", "-q", a.path, b.path, a.path],
            ["ocr", "-q", "-j", "1", a.path, b.path],        // an image a PDF would replace
            ["ocr", "-q", "-j", "1", pdf.path, hard.path],
            ["ocr", "-q", "-j", "1", pdf.path, soft.path],
            ["ocr", "-q", "-j", "1", pdf.path, folder.file("out.pdf").path, "--sidecar", hard.path],
            ["ocr", "-q", "-j", "1", pdf.path, folder.file("out.pdf").path, "--sidecar", folder.file("out.pdf").path],
            ["flatten", "-q", pdf.path, hard.path],
            ["optimize", "-q", pdf.path, soft.path],
            ["forms", "-q", "-j", "1", pdf.path, hard.path],
        ]
        for arguments in runs {
            let code = await Legible.main(arguments)
            #expect(code == ExitCode.badArguments.rawValue, "\(arguments.joined(separator: " ")) gave \(code)")
        }
        #expect(try [a, b, pdf].map(Fixtures.bytes) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.pdf").path))
        // A thumbnail never replaces the input it is made from.
        let page = folder.file("page-0001.png")
        try FileManager.default.copyItem(at: Fixtures.sample("scan.png"), to: page)
        let pageBytes = try Fixtures.bytes(page)
        #expect(await Legible.main(["thumbnails", "-q", page.path, folder.url.path]) == ExitCode.badArguments.rawValue)
        #expect(try Fixtures.bytes(page) == pageBytes)
    }
}
