import FileIO
import Foundation
import Pipeline
import RunReports
import Testing
import TestSupport

/// `watch --status-file`: the watcher's state folded from its events, rewritten whole each time.
@Suite struct WatchStatusFileTests {
    private func read(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func eventsFoldIntoTheFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("status.json")
        let status = try WatchStatusFile(url)
        #expect(try read(url)["state"] as? String == "starting")
        try status.record(.started(mode: "inotify"))
        try status.record(.queue(waiting: 3, inProgress: 1))
        try status.record(.processed(file: "a.pdf", output: "a.pdf", pages: 1, seconds: 1, movedTo: nil))
        try status.record(.failed(file: "b.pdf", reason: "broken", movedTo: nil))
        let object = try read(url)
        #expect(object["state"] as? String == "watching" && object["mode"] as? String == "inotify")
        #expect(object["queue"] as? Int == 3 && object["inProgress"] as? Int == 1)
        #expect(object["processed"] as? Int == 1 && object["failed"] as? Int == 1 && object["lastProcessed"] as? String == "a.pdf")
        #expect((object["lastError"] as? [String: Any])?["reason"] as? String == "broken")
        try status.record(.stopped(processed: 1, failed: 1))
        #expect(try read(url)["state"] as? String == "stopped" && status.current.inProgress == 0)
        // Only the file itself: the temporary it was written through is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["status.json"])
    }

    @Test func aStatusFileInAMissingFolderIsRefusedBeforeTheWatch() throws {
        let folder = try TemporaryDirectory()
        let error = #expect(throws: PipelineError.self) { try WatchStatusFile(folder.file("absent/status.json")) }
        #expect(error?.code == .fileAccess)
    }

    @Test func watchEventsAsJSONLines() throws {
        let data = try #require(WatchEvent.retrying(file: "a.pdf", attempt: 1, reason: "busy", afterSeconds: 2.5).jsonLine(time: "T"))
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"after_seconds":2.5,"attempt":1,"event":"retrying","file":"a.pdf","reason":"busy","time":"T"}"#)
    }
}
