import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// The watcher as a separate process, killed with SIGKILL at random moments while files arrive
/// in bursts, then restarted: in the end every good file has exactly one output, every input
/// is in archive/ or failed/ (with its reason), nothing is lost or duplicated.
/// `make test` runs it with 30 files; `make soak` with 200 (LEGIBLE_SOAK_FILES).
struct WatchCrashTests {
    @Test func killedAtRandomMomentsItStillTakesEveryFileExactlyOnce() throws {
        try LegibleBinary.requireBuilt()
        let environment = ProcessInfo.processInfo.environment
        let count = environment["LEGIBLE_SOAK_FILES"].flatMap { Int($0) } ?? 30
        let seed = environment["LEGIBLE_SOAK_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64.max)
        var random = SplitMix64(seed: seed)
        let folder = try TemporaryDirectory()
        let inbox = folder.file("inbox"), out = folder.file("out"), archive = folder.file("archive"), failed = folder.file("failed")
        let staging = folder.file("staging")
        for url in [inbox, staging] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        let log = folder.file("watch.log")
        let started = Date()

        // Files arrive in bursts of 1–8, some written in place, some renamed in whole, a third
        // into subfolders, while the watcher is killed and restarted.
        var plan: [(name: String, kind: MixedInput, renamed: Bool)] = []
        for index in 0..<count {
            let kind = MixedInput.allCases[Int(random.next() % UInt64(MixedInput.allCases.count))]
            let folderName = random.next() % 3 == 0 ? "sub\(random.next() % 3)/" : ""
            plan.append((String(format: "%@in%03d.%@", folderName, index, kind.fileExtension), kind, random.next() % 2 == 0))
        }
        var burstSizes: [Int] = []
        var remaining = count
        while remaining > 0 {
            let size = min(remaining, Int(1 + random.next() % 8))
            burstSizes.append(size)
            remaining -= size
        }
        let dropped = folder.file("dropped")
        let (finalPlan, bursts) = (plan, burstSizes)
        let dropper = Thread {
            var pause = SplitMix64(seed: seed ^ 0x5EED)
            var next = 0
            for size in bursts {
                for (name, kind, renamed) in finalPlan[next..<(next + size)] {
                    let destination = inbox.appendingPathComponent(name)
                    try? FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    if renamed {
                        let temporary = staging.appendingPathComponent(UUID().uuidString)
                        try? kind.write(to: temporary)
                        _ = rename(temporary.path, destination.path)
                    } else {
                        try? kind.write(to: destination)
                    }
                }
                next += size
                usleep(UInt32(50_000 + pause.next() % 400_000))
            }
            _ = FileManager.default.createFile(atPath: dropped.path, contents: nil)
        }
        dropper.start()

        let arguments = ["watch", inbox.path, "--out", out.path, "--archive", archive.path, "--failed", failed.path,
                         "--settle", "0.2", "--retries", "1", "--log-json"]
        let childEnvironment = [JobOptions.fakeEngineVariable: "1", "OMP_THREAD_LIMIT": "1"]
        var kills = 0
        // Keep killing until every file has arrived, and a few times more after that.
        var killsAfterDrop = 0
        while (killsAfterDrop < 8 || kills < 25) && Date().timeIntervalSince(started) < 40 {
            let watcher = try LegibleBinary.start(arguments, environment: childEnvironment, log: log)
            usleep(UInt32(20_000 + random.next() % 300_000))
            kill(watcher.processIdentifier, SIGKILL)
            watcher.waitUntilExit()
            kills += 1
            if FileManager.default.fileExists(atPath: dropped.path) { killsAfterDrop += 1 }
        }
        while !FileManager.default.fileExists(atPath: dropped.path) { usleep(50_000) }
        let last = try LegibleBinary.run(arguments + ["--once"], environment: childEnvironment, log: log)
        #expect(last == ExitCode.ok.rawValue || last == ExitCode.pagesFailed.rawValue)

        // Every good input has exactly its one output and sits in archive/; every bad one is in
        // failed/ with its reason; the inbox is empty; no temporary file is left anywhere.
        func files(_ root: URL) -> [String] {
            ((try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []).filter { path in
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
                return exists && !isDirectory.boolValue && !path.hasPrefix(".legible")
            }
        }
        let outputs = files(out), archived = Set(files(archive)), failures = Set(files(failed))
        let good = plan.filter { $0.kind.isGood }
        let expectedOutputs = good.map { $0.kind.outputName(for: $0.name) }
        let lost = plan.filter { input in
            input.kind.isGood ? !archived.contains(input.name) || !outputs.contains(input.kind.outputName(for: input.name))
                              : !failures.contains(input.name) || !failures.contains(input.name + ".error.txt")
        }
        let duplicates = outputs.count - Set(outputs).intersection(expectedOutputs).count
        let leftovers = files(inbox) + (files(out) + files(archive) + files(failed)).filter { $0.hasSuffix(".tmp") }
        let seconds = Date().timeIntervalSince(started)
        print("watch crash test: \(count) files (\(good.count) good, \(count - good.count) bad) in \(burstSizes.count) bursts, "
              + "\(kills) kills, \(outputs.count) outputs, \(duplicates) duplicates, \(lost.count) lost, "
              + "\(leftovers.count) left over, \(String(format: "%.1f", seconds)) s, seed \(seed)")
        #expect(lost.isEmpty, "lost: \(lost.map(\.name)); seed \(seed)")
        #expect(duplicates == 0 && outputs.count == good.count, "outputs: \(outputs.sorted()); seed \(seed)")
        #expect(leftovers.isEmpty, "left over: \(leftovers); seed \(seed)")
        #expect(archived.count == good.count && failures.count == 2 * (count - good.count))
        for output in outputs { #expect(try Tool.qpdfCheck(out.appendingPathComponent(output)) == 0, "\(output)") }
        for input in plan where !input.kind.isGood {
            let reason = try String(contentsOf: failed.appendingPathComponent(input.name + ".error.txt"), encoding: .utf8)
            #expect(reason.contains("reason: "), "\(input.name)")
        }
    }
}
