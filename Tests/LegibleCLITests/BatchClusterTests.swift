import Foundation
import Testing
@testable import LegibleCLI
import Pipeline
import RunReports
import TestSupport

/// The shipped Slurm array script, run as Slurm would run its tasks (the environment a job
/// array sets), covers every input once and its reports merge.
struct BatchClusterTests {
    @Test func slurmArrayScriptCoversTheTreeAndItsReportsMerge() throws {
        try LegibleBinary.requireBuilt()
        let folder = try TemporaryDirectory()
        let names = try MixedInput.populate(folder.file("scans"), count: 27)
        let script = Fixtures.repositoryRoot.appendingPathComponent("Pipelines/cluster/slurm-array.sh")
        let log = folder.file("log.txt")
        for task in 1...3 {
            let result = try Tool.run("bash", [script.path, folder.file("scans").path, folder.file("out").path], environment: [
                "SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3",
                "SLURM_CPUS_PER_TASK": "2", "LEGIBLE": LegibleBinary.url.path, JobOptions.fakeEngineVariable: "1",
            ])
            // Failed files (encrypted, truncated) are in the report, not in the task's state.
            #expect(result.status == 0, "task \(task): \(result.stderr)")
        }
        let reports = (1...3).map { folder.file("out/.legible/report-\($0).csv").path }
        #expect(try LegibleBinary.run(["batch", "--merge-reports", "-q", "--report", folder.file("merged.json").path] + reports, log: log)
                == ExitCode.pagesFailed.rawValue)
        let merged = try BatchReport.read(folder.file("merged.json"))
        #expect(merged.map(\.file) == names.keys.sorted())
        #expect(merged.filter { $0.outcome == .ok }.count == names.values.filter(\.isGood).count)
    }
}
