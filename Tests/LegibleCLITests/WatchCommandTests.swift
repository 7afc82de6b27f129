import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// `legible watch` from the command line: usage errors, exit codes, JSON logs, stopping on
/// SIGTERM.
struct WatchCommandTests {
    private static let fake = [JobOptions.fakeEngineVariable: "1", "OMP_THREAD_LIMIT": "1"]

    @Test func exitCodesAndUsageErrors() async throws {
        let folder = try TemporaryDirectory()
        let inbox = folder.file("inbox"), good = folder.file("good")
        try MixedInput.populate(inbox, count: MixedInput.allCases.count)
        try MixedInput.populate(good, count: 2)
        let cases: [([String], ExitCode)] = [
            (["--help"], .ok),
            ([inbox.path], .badArguments),
            ([inbox.path, good.path, "--out", folder.file("o").path], .badArguments),
            ([inbox.path, "--out", inbox.appendingPathComponent("out").path], .badArguments),
            ([inbox.path, "--out", folder.file("o").path, "--settle", "-1"], .badArguments),
            ([inbox.path, "--out", folder.file("o").path, "--retries", "1.5"], .badArguments),
            ([folder.file("absent").path, "--out", folder.file("o").path, "--once"], .fileAccess),
            ([good.path, "--out", folder.file("o1").path, "--once", "--settle", "0", "-q"], .ok),
            ([inbox.path, "--out", folder.file("o2").path, "--failed", folder.file("failed").path, "--once", "--settle", "0", "-q"], .pagesFailed),
        ]
        for (arguments, expected) in cases {
            let code = await WatchCommand(arguments: arguments, environment: Self.fake).run()
            #expect(code == expected, "\(arguments.joined(separator: " ")) gave \(code)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("failed").path).count == 8)
        #expect(await Legible.main(["help", "watch"]) == ExitCode.ok.rawValue)
    }

    @Test func helpAndReadmeDocumentEveryOption() throws {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for (help, options, heading) in [(Help.batch, BatchCommand.valued.union(BatchCommand.flags), "### `legible batch"),
                                         (Help.watch, WatchCommand.valued.union(WatchCommand.flags), "### `legible watch")] {
            let section = try #require(readme.range(of: heading).map { readme[$0.lowerBound...] }).prefix(6000)
            for option in options {
                #expect(help.contains(option), "help lacks \(option)")
                if option != "--help" { #expect(section.contains(option), "README section \(heading) lacks \(option)") }
            }
            #expect(help.contains("Exit codes:") && help.contains("  7    "))
        }
        #expect(Help.main.contains("legible batch") && Help.main.contains("legible watch"))
    }

    @Test func sigtermStopsCleanlyAndLogsAreJSONLines() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let inbox = folder.file("inbox"), log = folder.file("log.jsonl")
        try MixedInput.populate(inbox, count: 3)
        let watcher = try LegibleBinary.start(["watch", inbox.path, "--out", folder.file("out").path, "--archive", folder.file("archive").path,
                                               "--settle", "0", "--log-json"], environment: Self.fake, log: log)
        func lines() -> [[String: Any]] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
        for _ in 0..<200 where lines().filter({ $0["event"] as? String == "processed" }).count < 3 { usleep(50_000) }
        kill(watcher.processIdentifier, SIGTERM)
        watcher.waitUntilExit()
        #expect(watcher.terminationReason == .exit && watcher.terminationStatus == 0)
        let events = lines()
        #expect(events.first?["event"] as? String == "started")
        #expect(events.last?["event"] as? String == "stopped")
        #expect(events.allSatisfy { $0["time"] is String })
        let processed = events.filter { $0["event"] as? String == "processed" }
        #expect(Set(processed.compactMap { $0["file"] as? String }) == ["f000-scan.pdf", "f001-twoPages.pdf", "f002-image.jpg"])
        #expect(processed.contains { $0["output"] as? String == "f002-image.pdf" && $0["pages"] as? Int == 1 })
    }
}
