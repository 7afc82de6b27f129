import Foundation
import Testing
@testable import LegibleCLI
import Pipeline
import TestSupport

/// `legible thumbnails`: exit codes, file names, and its documentation.
@Suite struct ThumbnailsCommandTests {
    @Test func exitCodesFollowTheHelp() async throws {
        let folder = try TemporaryDirectory()
        let notPDF = folder.file("notes.pdf")
        try Data("not a PDF".utf8).write(to: notPDF)
        let sample = Fixtures.sample("two-pages.pdf").path
        let out = folder.file("thumbs").path
        let cases: [([String], ExitCode)] = [
            ([sample, out], .ok),
            ([sample, out, "--size", "64", "--pages", "2"], .ok),
            (["--help"], .ok),
            ([], .badArguments),
            ([sample], .badArguments),
            ([sample, out, "--size", "0"], .badArguments),
            ([sample, out, "--size", "big"], .badArguments),
            ([sample, out, "--pages", "3-1"], .badArguments),
            ([notPDF.path, out], .badInput),
            ([folder.file("absent.pdf").path, out], .fileAccess),
            ([sample, notPDF.path + "/inside"], .fileAccess),
        ]
        for (arguments, expected) in cases {
            let code = await Legible.main(["thumbnails", "-q"] + arguments)
            #expect(code == expected.rawValue, "thumbnails \(arguments.joined(separator: " ")) gave \(code)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == ["page-0001.png", "page-0002.png"])
        // The second run asked for page 2 at 64 pixels: that file was replaced, page 1 kept.
        let png = try Fixtures.bytes(URL(fileURLWithPath: out + "/page-0002.png"))
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(max(width, height) == 64)
    }

    @Test func theHelpDocumentsEveryOption() {
        for option in ThumbnailsCommand.valued.union(ThumbnailsCommand.flags) {
            #expect(Help.thumbnails.contains(option), "\(option)")
        }
        #expect(Help.main.contains("legible thumbnails"))
    }
}
