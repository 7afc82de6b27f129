import DocumentFacts
import Foundation
import Testing
@testable import LegibleCLI
import Pipeline
import TestSupport

/// `legible info`: exit codes, both output forms, and its documentation.
@Suite struct InfoCommandTests {
    @Test func exitCodesFollowTheHelp() async throws {
        let folder = try TemporaryDirectory()
        var files: [MixedInput: String] = [:]
        for kind in [MixedInput.notPDF, .empty, .encrypted] {
            files[kind] = folder.file("\(kind).pdf").path
            try kind.write(to: folder.file("\(kind).pdf"))
        }
        let sample = Fixtures.sample("scan-g4.pdf").path
        let locked = files[.encrypted] ?? ""
        let cases: [([String], ExitCode)] = [
            ([sample], .ok),
            ([sample, "--json", "--check"], .ok),
            (["--help"], .ok),
            ([], .badArguments),
            ([sample, sample], .badArguments),
            ([sample, "--frobnicate"], .badArguments),
            ([files[.notPDF] ?? ""], .badInput),
            ([files[.empty] ?? ""], .badInput),
            ([folder.file("absent.pdf").path], .fileAccess),
            ([folder.url.path], .fileAccess),
            ([locked], .encrypted),
            ([locked, "--password", "wrong"], .encrypted),
            ([locked, "--password", "user"], .ok),
        ]
        for (arguments, expected) in cases {
            let code = await Legible.main(["info"] + arguments)
            #expect(code == expected.rawValue, "info \(arguments.joined(separator: " ")) gave \(code)")
        }
    }

    @Test func helpAndReadmeDocumentEveryOptionAndKey() throws {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "### `legible info").map { readme[$0.lowerBound...] }).prefix(4000)
        for option in InfoCommand.valued.union(InfoCommand.flags) where option != "--help" {
            #expect(Help.info.contains(option), "help lacks \(option)")
            #expect(section.contains(option), "README lacks \(option)")
        }
        for key in DocumentInfo.jsonKeys {
            #expect(Help.info.contains(key), "help lacks \(key)")
            #expect(section.contains("`\(key)`"), "README lacks `\(key)`")
        }
        #expect(Help.main.contains("legible info"))
    }
}
