import Foundation
import Testing
import TestSupport

/// `legible ocr --outline` / `--replace-outline`, end to end through the binary, read back
/// with `legible info --json` and qpdf.
@Suite struct OutlineOptionTests {
    private func outline(_ url: URL) throws -> [[String: Any]] {
        let info = try CLIProcess.run(["info", "--json", url.path])
        let object = try #require(try JSONSerialization.jsonObject(with: info.output) as? [String: Any])
        return try #require(object["outline"] as? [[String: Any]])
    }

    @Test func replaceOutlineWritesTheHeadingsFoundAndOutlineKeepsTheInputs() throws {
        let folder = try TemporaryDirectory()
        let input = Fixtures.corpus("pdf/pdfjs/basicapi.pdf")
        let replaced = folder.file("replaced.pdf"), kept = folder.file("kept.pdf")
        let run = try CLIProcess.run(["ocr", "--replace-outline", input.path, replaced.path], environment: ["LEGIBLE_FAKE_OCR": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("outline of "))
        #expect(try Tool.qpdfCheck(replaced) == 0)
        let titles = try outline(replaced).map { "\($0["title"] as? String ?? "") p\($0["page"] as? Int ?? 0)" }
        #expect(titles.contains("Chapter 1 p2") && titles.contains("Paragraph 1.1 p3"), "\(titles)")
        #expect(try CLIProcess.run(["ocr", "--outline", input.path, kept.path], environment: ["LEGIBLE_FAKE_OCR": "1"]).status == 0)
        #expect(try outline(kept).map { $0["title"] as? String } == (try outline(input)).map { $0["title"] as? String })
    }
}
