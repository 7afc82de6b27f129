import Foundation

/// A child process's exit and the most memory it held at once, as the kernel counts it.
public struct MeasuredRun: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    public var status: Int32
    public var stderr: String
    /// Peak resident memory in megabytes.
    public var peakMegabytes: Int
}

public enum PeakMemory {
    /// GNU time (Debian package `time`, in the Makefile's packages).
    public static let timeProgram = "/usr/bin/time"

    /// Runs the program at `path` with `arguments` under GNU time and reads its peak resident
    /// memory (`%M`, `ru_maxrss` from `wait4`). Not measured from this process: a child
    /// started by the test runner carries the runner's own memory (300 MB) into its figure,
    /// because the kernel keeps the high-water mark of the memory it had before `exec`; GNU
    /// time's child starts from time's few megabytes.
    /// - Throws: when GNU time is missing (a test that cannot measure must not pass).
    public static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> MeasuredRun {
        struct Missing: Error, CustomStringConvertible { var description: String }
        guard FileManager.default.isExecutableFile(atPath: timeProgram) else {
            throw Missing(description: "\(timeProgram) is missing: apt-get install time (make deps)")
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("legible-peak-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = try Tool.run(timeProgram, ["-f", "%M", "-o", report.path, path] + arguments, environment: environment)
        let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
        // GNU time writes "Command exited with non-zero status N" or "Command terminated by signal N" first.
        guard let kilobytes = lines.last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw Missing(description: "no peak memory in \(timeProgram)'s report: \(lines)")
        }
        return MeasuredRun(status: result.status, stderr: result.stderr, peakMegabytes: kilobytes / 1024)
    }
}
