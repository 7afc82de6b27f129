import Foundation
import OCR
@testable import Pipeline
import RunReports
import Testing

/// What a run says about itself for people (`-v`, the closing line) and for logs (`--log-json`).
@Suite struct RunReportTextTests {
    private var report: RunReport {
        var turned = PageReport(index: 1, outcome: .recognized(words: 1), dpi: 300)
        turned.rotationApplied = 90
        turned.language = LanguageChoice(languages: ["deu", "fra"], script: "Latin", confidence: 80)
        return RunReport(pages: [PageReport(index: 0, outcome: .recognized(words: 120), dpi: 400), turned,
                                 PageReport(index: 2, outcome: .skipped("has text")),
                                 PageReport(index: 3, outcome: .skipped("has text")),
                                 PageReport(index: 4, outcome: .failed("page 5: damaged"))],
                         notes: ["a note"], warnings: ["a warning"], stageSeconds: [])
    }

    @Test func theClosingLineCountsEachOutcome() {
        #expect(report.summary(output: "out.pdf", seconds: 2.26)
            == "2 pages recognized (121 words), 2 left as they were (2 has text), 1 failed, 1 page turned upright by --rotate-pages in 2.3 s → out.pdf")
        let none = RunReport(pages: [], notes: [], stageSeconds: [])
        #expect(none.summary(output: "o", seconds: 0, rotatePages: true) == "0 pages recognized (0 words), 0 pages turned upright by --rotate-pages in 0.0 s → o")
    }

    @Test func verboseLinesSayWhatHappenedToEachPage() {
        #expect(report.pageLines == [
            "page 1: recognized (120 words, 400 dpi)",
            "page 2: recognized (1 word, 300 dpi), turned 90°, read as deu+fra (Latin script)",
            "page 3: left as it was (has text)",
            "page 4: left as it was (has text)",
            "page 5: failed (page 5: damaged)",
        ])
    }

    @Test func logLinesArePagesThenDone() throws {
        let lines = report.logLines(output: "out.pdf", seconds: 1.234, exitCode: 7)
        #expect(lines.map(\.event) == ["page", "page", "page", "page", "page", "done"])
        let done = try #require(lines.last)
        #expect(done.pages == 5 && done.rotated == 1 && done.seconds == 1.23 && done.exitCode == 7)
        #expect(done.warnings == ["a warning"] && done.notes == ["a note"])
        let json = try #require(lines[4].json)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["outcome"] as? String == "failed" && object["page"] as? Int == 5 && object["words"] == nil)
    }

    @Test func batchLinesAndSummary() {
        let records = [BatchRecord(file: "a.pdf", pages: 2, outcome: .ok, reason: "note", seconds: 1.26),
                       BatchRecord(file: "b.pdf", pages: 0, outcome: .failed, reason: "broken", seconds: 0),
                       BatchRecord(file: "c.pdf", pages: 1, outcome: .pagesFailed, reason: "", seconds: 3)]
        #expect(records[0].line == "a.pdf: ok (2 pages, 1.3 s) — note")
        #expect(records[1].line == "b.pdf: failed")
        #expect(BatchRecord.summary(records, seconds: 4) == "3 files: 1 ok, 1 pages-failed, 1 failed; 3 pages processed in 4.0 s")
        let done = BatchRecord.doneLogLine(records, seconds: 4.004, exitCode: 7)
        #expect(done.pages == 3 && done.seconds == 4 && done.outcome == BatchRecord.summary(records, seconds: nil))
        #expect(records[1].logLine.reason == "broken" && records[2].logLine.reason == nil)
    }
}
