import FileIO
import Foundation
import Testing
import OCR
@testable import Pipeline
import RunReports
import TestSupport

/// Sharded runs and their reports: every input in exactly one shard, shards' reports merging
/// into the report a single process writes.
struct BatchShardTests {
    private let pool = OCRWorkerPool(factory: FakeEngineFactory(), workers: 2)

    @Test func fourShardsCoverEveryInputOnceAndMergeIntoTheSingleRunsReport() async throws {
        let folder = try TemporaryDirectory()
        let source = folder.file("src")
        try MixedInput.populate(source, count: 30)
        try MixedInput.populate(source.appendingPathComponent("sub/dir"), count: 12, prefix: "g")

        var shardReports: [URL] = []
        var seen: [String: Int] = [:]
        for index in 0..<4 {
            var options = BatchOptions(source: source, destination: folder.file("sharded"), job: OCRJob(), engineName: "fake")
            options.shard = try ShardSpec(index: index, count: 4)
            let result = try await BatchRunner(engines: pool).run(options)
            #expect(!result.records.isEmpty, "shard \(index) got nothing")
            for record in result.records { seen[record.file, default: 0] += 1 }
            let report = folder.file("shard\(index).\(index % 2 == 0 ? "csv" : "json")")
            try BatchReport.write(result.records, to: report)
            shardReports.append(report)
        }
        #expect(seen.count == 42 && seen.values.allSatisfy { $0 == 1 })
        #expect(FileManager.default.fileExists(atPath: folder.file("sharded/.legible/journal-3of4.jsonl").path))

        let single = try await BatchRunner(engines: pool).run(BatchOptions(source: source, destination: folder.file("single"),
                                                                           job: OCRJob(), engineName: "fake"))
        let merged = try BatchReport.merge(shardReports)
        func withoutTimes(_ records: [BatchRecord]) -> [BatchRecord] { records.map { var r = $0; r.seconds = 0; return r } }
        #expect(withoutTimes(merged) == withoutTimes(single.records))
        #expect(throws: PipelineError.self) { try BatchReport.merge([shardReports[0], shardReports[0]]) }
        // The same outputs either way.
        let shardedOutputs = try FileManager.default.subpathsOfDirectory(atPath: folder.file("sharded").path).filter { $0.hasSuffix(".pdf") }
        let singleOutputs = try FileManager.default.subpathsOfDirectory(atPath: folder.file("single").path).filter { $0.hasSuffix(".pdf") }
        #expect(Set(shardedOutputs) == Set(singleOutputs) && !singleOutputs.isEmpty)
    }

    @Test func shardsComeFromTheOptionOrTheClusterEnvironment() throws {
        #expect(try ShardSpec.resolve(option: "2/4", countOption: nil, environment: [:]) == (ShardSpec(index: 2, count: 4), .option))
        #expect(try ShardSpec.resolve(option: nil, countOption: 8, environment: ["JOB_COMPLETION_INDEX": "5"])
                == (ShardSpec(index: 5, count: 8), .kubernetes))
        #expect(try ShardSpec.resolve(option: nil, countOption: nil,
                                      environment: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"])
                == (ShardSpec(index: 2, count: 4), .slurm))
        #expect(try ShardSpec.resolve(option: nil, countOption: nil, environment: ["JOB_COMPLETION_INDEX": "1"]) == (.all, .none))
        for bad in ["4/4", "-1/4", "1/0", "a/b", "1", "1/2/3"] {
            #expect(throws: PipelineError.self, "\(bad)") { try ShardSpec.resolve(option: bad, countOption: nil, environment: [:]) }
        }
        #expect(throws: PipelineError.self) { try ShardSpec.resolve(option: nil, countOption: 4, environment: [:]) }
        #expect(throws: PipelineError.self) { try ShardSpec.resolve(option: "1/4", countOption: 3, environment: [:]) }
        #expect(throws: PipelineError.self) { try ShardSpec.resolve(option: nil, countOption: nil, environment: ["SLURM_ARRAY_TASK_ID": "0"]) }
    }

    @Test func theShardOfAPathNeverChanges() throws {
        // Pinned values: a different hash would move files between shards of a running cluster.
        #expect(FNV1a64.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a64.hash("a") == 0xaf63_dc4c_8601_ec8c)
        let shard = try ShardSpec(index: 0, count: 4)
        #expect((0..<400).filter { shard.contains(relativePath: "scans/\($0).pdf") }.count > 60)
    }

    @Test func reportsRoundTripThroughCSVAndJSON() throws {
        let folder = try TemporaryDirectory()
        let records = [
            BatchRecord(file: "a, \"quoted\"\nname.pdf", pages: 3, outcome: .pagesFailed, reason: "page 2: JBIG2, not supported", seconds: 1.5),
            BatchRecord(file: "b.pdf", pages: 0, outcome: .failed, reason: "", seconds: 0.25),
        ]
        for name in ["r.csv", "r.json"] {
            try BatchReport.write(records, to: folder.file(name))
            #expect(try BatchReport.read(folder.file(name)) == records)
        }
        #expect(throws: PipelineError.self) { try BatchReport.write(records, to: folder.file("r.txt")) }
        try Data("file,pages\nx,1\n".utf8).write(to: folder.file("other.csv"))
        #expect(throws: PipelineError.self) { try BatchReport.read(folder.file("other.csv")) }
    }
}
