import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// Running Legible as a service: machine-readable logs (`--log-json` on ocr, batch and watch)
/// and the watcher's status file for health checks.
struct OperationTests {
    private static let fake = ["LEGIBLE_FAKE_OCR": "1"]

    private func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func watchKeepsAStatusFileForHealthChecks() throws {
        let folder = try TemporaryDirectory()
        let inbox = folder.file("inbox"), status = folder.file("status.json")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.sample("scan-g4.pdf"), to: inbox.appendingPathComponent("good.pdf"))
        try Data("%PDF-1.4\n garbage".utf8).write(to: inbox.appendingPathComponent("bad.pdf"))
        let result = try CLIProcess.run(["watch", inbox.path, "--out", folder.file("out").path, "--failed", folder.file("failed").path,
                                         "--once", "--settle", "0", "--retries", "0", "-q", "--status-file", status.path],
                                        environment: Self.fake)
        #expect(result.status == ExitCode.pagesFailed.rawValue, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: status)) as? [String: Any])
        #expect(json["state"] as? String == "stopped")
        #expect(json["processed"] as? Int == 1 && json["failed"] as? Int == 1)
        #expect(json["queue"] as? Int == 0 && json["inProgress"] as? Int == 0)
        let lastError = try #require(json["lastError"] as? [String: Any])
        #expect(lastError["file"] as? String == "bad.pdf" && !(lastError["reason"] as? String ?? "").isEmpty)
        #expect(json["updated"] is String && json["pid"] is Int)
        #expect(!folder.contents().contains { $0.hasSuffix(".tmp") }, "the temporary file was renamed over the status file")
        let unwritable = try CLIProcess.run(["watch", inbox.path, "--out", folder.file("out2").path, "--once", "--status-file",
                                             "/nonexistent-folder/status.json"], environment: Self.fake)
        #expect(unwritable.status == ExitCode.fileAccess.rawValue)
    }

    @Test func batchAndOCRLogJSONLines() throws {
        let folder = try TemporaryDirectory()
        let source = folder.file("src")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.sample("scan-g4.pdf"), to: source.appendingPathComponent("a.pdf"))
        let batch = try CLIProcess.run(["batch", source.path, folder.file("dst").path, "--log-json"], environment: Self.fake)
        #expect(batch.status == 0, "\(batch.stderr)")
        let events = jsonLines(batch.stdout)
        #expect(events.map { $0["event"] as? String } == ["file", "done"], "\(batch.stdout)")
        #expect(events.first?["file"] as? String == "a.pdf" && events.first?["outcome"] as? String == "ok")
        #expect(events.last?["exitCode"] as? Int == 0 && events.allSatisfy { $0["time"] is String })

        let ocr = try CLIProcess.run(["ocr", "-j", "1", "--log-json", Fixtures.sample("two-pages.pdf").path, folder.file("o.pdf").path])
        #expect(ocr.status == 0, "\(ocr.stderr)")
        let lines = jsonLines(ocr.stdout)
        #expect(lines.map { $0["event"] as? String } == ["page", "page", "done"], "\(ocr.stdout)")
        #expect(lines.first?["outcome"] as? String == "recognized" && (lines.first?["words"] as? Int ?? 0) > 10)
        #expect(lines.last?["output"] as? String == folder.file("o.pdf").path && lines.last?["pages"] as? Int == 2)
        // With the PDF on standard output, the log goes to standard error.
        let piped = try CLIProcess.run(["ocr", "-j", "1", "--log-json", Fixtures.sample("scan-g4.pdf").path, "-"])
        #expect(piped.output.starts(with: Array("%PDF-".utf8)))
        #expect(jsonLines(piped.stderr).last?["event"] as? String == "done")
    }
}
