import Foundation
import Testing
@testable import Pipeline

/// The `--report` file's shape, from a made run report (no engine needed).
struct RunReportFileTests {
    private func decoded(_ report: RunReport) throws -> [String: Any] {
        let data = try RunReportFile(report, input: "in.pdf", output: URL(fileURLWithPath: "/out/o.pdf"), seconds: 1.23456).encoded()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aRemovedBlankPageCountsAsRemovedNotSkipped() throws {
        var blank = PageReport(index: 1, outcome: .skipped("blank page"))
        blank.removed = true
        var turned = PageReport(index: 0, outcome: .recognized(words: 12))
        turned.rotationApplied = 180
        let object = try decoded(RunReport(pages: [turned, blank], notes: [], stageSeconds: []))
        #expect(object["counts"] as? [String: Int] == ["recognized": 1, "skipped": 0, "failed": 0, "removed": 1])
        #expect(object["removedPages"] as? [Int] == [2])
        #expect(object["output"] as? String == "/out/o.pdf")
        let pages = try #require(object["pages"] as? [[String: Any]])
        #expect(pages.map { $0["outcome"] as? String } == ["recognized", "removed"])
        #expect(pages[0]["rotationApplied"] as? Int == 180 && pages[0]["words"] as? Int == 12)
        // Absent, not zero or false, where nothing was done.
        #expect(pages[1]["rotationApplied"] == nil && pages[1]["cleaned"] == nil && pages[1]["words"] == nil)
        #expect(pages[1]["reason"] as? String == "blank page")
    }

    @Test func timesAreRoundedToTheMillisecondAndRepeatedStagesAdd() throws {
        let report = RunReport(pages: [], notes: ["a note"], stageSeconds: [("read", 1.2004), ("recognize", 2.5), ("read", 0.3)])
        let object = try decoded(report)
        #expect(object["seconds"] as? Double == 1.235)
        #expect(object["stageSeconds"] as? [String: Double] == ["read": 1.5, "recognize": 2.5])
        #expect(object["removedPages"] == nil)
        #expect(object["notes"] as? [String] == ["a note"])
    }
}
