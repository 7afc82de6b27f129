import Foundation
import Testing
@testable import LegibleCLI
import Pipeline
import RunReports
import TestSupport

/// `legible batch` as users and cluster schedulers call it: exit codes, reports, shards run as
/// separate processes side by side over one tree.
struct BatchCommandTests {
    private static let fake = [JobOptions.fakeEngineVariable: "1"]

    @Test func exitCodesAndUsageErrors() async throws {
        let folder = try TemporaryDirectory()
        let good = folder.file("good"), mixed = folder.file("mixed")
        try MixedInput.populate(good, count: 3)
        try MixedInput.populate(mixed, count: MixedInput.allCases.count)
        let cases: [([String], ExitCode)] = [
            (["batch", "--help"], .ok),
            (["batch", good.path], .badArguments),
            (["batch", good.path, folder.file("o1").path, "--shard", "4/4"], .badArguments),
            (["batch", good.path, folder.file("o2").path, "--report", folder.file("r.txt").path], .badArguments),
            (["batch", good.path, folder.file("o3").path, "--force-ocr", "--skip-text"], .badArguments),
            (["batch", folder.file("absent").path, folder.file("o4").path], .fileAccess),
            (["batch", "-q", "-l", "xyz", good.path, folder.file("o5").path], .missingDependency),
            (["batch", "-q", "-j", "2", good.path, folder.file("o6").path], .ok),
            (["batch", "-q", mixed.path, folder.file("o7").path, "--report", folder.file("mixed.csv").path], .pagesFailed),
            (["batch", "--merge-reports", folder.file("mixed.csv").path], .badArguments),
        ]
        for (arguments, expected) in cases {
            let environment = arguments.contains("xyz") ? [:] : Self.fake
            let code = await BatchCommand(arguments: Array(arguments.dropFirst()), environment: environment).run()
            #expect(code == expected, "\(arguments.joined(separator: " ")) gave \(code)")
        }
        #expect(await Legible.main(["batch", "--help"]) == ExitCode.ok.rawValue)
        let rows = try BatchReport.read(folder.file("mixed.csv"))
        #expect(rows.filter { $0.outcome == .failed }.map(\.file).sorted() == ["f005-encrypted.pdf", "f006-truncated.pdf"])
        #expect(rows.filter { $0.outcome == .skipped }.count == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.file("o1").path))
    }

    @Test func shardsFromTheEnvironmentAsSlurmAndKubernetesSetThem() async throws {
        let folder = try TemporaryDirectory()
        let names = try MixedInput.populate(folder.file("src"), count: 20)
        var seen: [String] = []
        for index in 1...3 {
            let report = folder.file("slurm\(index).json")
            let command = BatchCommand(arguments: ["-q", folder.file("src").path, folder.file("dst").path, "--report", report.path],
                                       environment: ["SLURM_ARRAY_TASK_ID": "\(index)", "SLURM_ARRAY_TASK_MIN": "1",
                                                     "SLURM_ARRAY_TASK_COUNT": "3", JobOptions.fakeEngineVariable: "1"])
            _ = await command.run()
            seen += try BatchReport.read(report).map(\.file)
        }
        #expect(seen.sorted() == names.keys.sorted())
        let kubernetes = BatchCommand(arguments: ["-q", "--shard-count", "2", folder.file("src").path, folder.file("k8s").path,
                                                  "--report", folder.file("k.csv").path],
                                      environment: ["JOB_COMPLETION_INDEX": "1", JobOptions.fakeEngineVariable: "1"])
        _ = await kubernetes.run()
        let rows = try BatchReport.read(folder.file("k.csv"))
        #expect(!rows.isEmpty && rows.count < 20)
    }

    @Test func fourShardProcessesSideBySideEqualOneProcess() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let source = folder.file("src")
        try MixedInput.populate(source, count: 40)
        try MixedInput.populate(source.appendingPathComponent("nested/deeper"), count: 20, prefix: "n")
        let log = folder.file("log.txt")
        let shards = try (0..<4).map { index in
            try LegibleBinary.start(["batch", "-q", "--shard", "\(index)/4", source.path, folder.file("dst").path,
                                     "--report", folder.file("shard\(index).csv").path], environment: Self.fake, log: log)
        }
        for shard in shards { shard.waitUntilExit() }
        let output = String(decoding: try Fixtures.bytes(log), as: UTF8.self)
        #expect(shards.allSatisfy { $0.terminationStatus == ExitCode.pagesFailed.rawValue }, "\(output)")
        #expect(try LegibleBinary.run(["batch", "--merge-reports", "-q", "--report", folder.file("merged.csv").path]
                                      + (0..<4).map { folder.file("shard\($0).csv").path }, log: log) == ExitCode.pagesFailed.rawValue)
        #expect(try LegibleBinary.run(["batch", "-q", source.path, folder.file("single").path, "--report", folder.file("single.csv").path],
                                      environment: Self.fake, log: log) == ExitCode.pagesFailed.rawValue)
        func rows(_ name: String) throws -> [BatchRecord] {
            try BatchReport.read(folder.file(name)).map { var row = $0; row.seconds = 0; return row }
        }
        let merged = try rows("merged.csv")
        #expect(merged.count == 60 && Set(merged.map(\.file)).count == 60)
        #expect(merged == (try rows("single.csv")))
        // Each shard's report holds a quarter-ish of the files, and none is in two.
        let perShard = try (0..<4).map { try rows("shard\($0).csv").count }
        #expect(perShard.reduce(0, +) == 60 && perShard.allSatisfy { $0 > 0 })
    }
}

