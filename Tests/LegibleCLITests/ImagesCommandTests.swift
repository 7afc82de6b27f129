import Foundation
import Testing
@testable import LegibleCLI
import Pipeline
import TestSupport

/// `legible images`: exit codes, what is written (and what is not), and its documentation.
@Suite struct ImagesCommandTests {
    @Test func exitCodesFollowTheHelp() async throws {
        let folder = try TemporaryDirectory()
        let jpg = Fixtures.sample("scan.jpg").path, tif = Fixtures.sample("scan-multipage.tif").path
        let notImage = folder.file("notes.png")
        try Data("not an image".utf8).write(to: notImage)
        let out = folder.file("out.pdf").path
        let cases: [([String], ExitCode)] = [
            ([jpg, tif, out], .ok),
            ([jpg, out, "--page-size", "a4", "--upscale-if-smaller", "--rotation", "270", "--dpi", "200", "--jpeg-quality", "80"], .ok),
            (["--help"], .ok),
            ([], .badArguments),
            ([jpg], .badArguments),
            ([jpg, out, "--rotation", "45"], .badArguments),
            ([jpg, out, "--page-size", "huge"], .badArguments),
            ([jpg, out, "--dpi", "5"], .badArguments),
            ([jpg, out, "--dpi", "20000"], .badArguments),
            ([jpg, out, "--jpeg-quality", "0"], .badArguments),
            ([jpg, out, "--frobnicate"], .badArguments),
            ([notImage.path, out], .badInput),
            ([Fixtures.sample("scan-g4.pdf").path, out], .badInput),
            ([folder.file("absent.jpg").path, out], .fileAccess),
            ([jpg, folder.file("no/such/folder/out.pdf").path], .fileAccess),
        ]
        for (arguments, expected) in cases {
            try? FileManager.default.removeItem(atPath: out)
            let code = await Legible.main(["images", "-q"] + arguments)
            #expect(code == expected.rawValue, "images \(arguments.joined(separator: " ")) gave \(code)")
            if expected == .ok && arguments.count > 1 {
                #expect(try Tool.qpdfCheck(URL(fileURLWithPath: out)) == 0)
            } else {
                #expect(!FileManager.default.fileExists(atPath: out), "images \(arguments.joined(separator: " ")) left an output")
            }
        }
        // Nothing half-written is left behind by the failures.
        #expect(folder.contents() == ["notes.png"])
    }

    @Test func pagesFollowTheInputsInOrder() async throws {
        let folder = try TemporaryDirectory()
        let out = folder.file("out.pdf")
        let inputs = ["scan.jpg", "scan-multipage.tif", "scan-exif6.jpg", "scan.png"].map { Fixtures.sample($0).path }
        #expect(await Legible.main(["images", "-q"] + inputs + [out.path]) == ExitCode.ok.rawValue)
        let info = try Tool.run("pdfinfo", ["-f", "1", "-l", "5", out.path]).stdout
        #expect(info.contains("Pages:           5"))
        let encodings = try Tool.run("pdfimages", ["-list", out.path]).stdout.split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true)[8] }
        #expect(encodings == ["jpeg", "ccitt", "ccitt", "jpeg", "image"])
    }

    @Test func theOutputIsNeverOneOfTheInputs() async throws {
        let folder = try TemporaryDirectory()
        let copy = folder.file("scan.jpg")
        try FileManager.default.copyItem(at: Fixtures.sample("scan.jpg"), to: copy)
        let before = try Fixtures.bytes(copy)
        #expect(await Legible.main(["images", copy.path, copy.path]) == ExitCode.badArguments.rawValue)
        #expect(try Fixtures.bytes(copy) == before)
    }

    @Test func theHelpDocumentsEveryOption() {
        for option in ImagesCommand.valued.union(ImagesCommand.flags) {
            #expect(Help.images.contains(option), "\(option)")
        }
        #expect(Help.main.contains("legible images"))
    }
}
