import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

struct RunCommandTests {
    @Test func runNeedsAPipelineAndRunsIt() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.file("out.pdf")
        #expect(await RunCommand(arguments: [Fixtures.sample("scan-g4.pdf").path, output.path]).run() == .badArguments)
        let pipeline = Fixtures.repositoryRoot.appendingPathComponent("Pipelines/ocr.json").path
        #expect(await RunCommand(arguments: ["--pipeline", pipeline, "-q", Fixtures.sample("scan-g4.pdf").path, output.path]).run() == .ok)
        #expect(try Tool.pdftotext(output).contains("Lighthouse"))
        // A definition with a typo is refused, naming the key.
        let typo = folder.file("typo.json")
        try Data(#"{"langauges": ["eng"]}"#.utf8).write(to: typo)
        #expect(await RunCommand(arguments: ["--pipeline", typo.path, Fixtures.sample("scan-g4.pdf").path, folder.file("x.pdf").path]).run() == .badArguments)
    }
}
