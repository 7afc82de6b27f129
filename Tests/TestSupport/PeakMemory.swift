import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process's exit and the most memory it held at once, as the kernel counts it
/// (`ru_maxrss` from `wait4` on that one child, so other processes the tests run at the same
/// time do not count).
public struct MeasuredRun: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    public var status: Int32
    public var stderr: String
    /// Peak resident memory in megabytes.
    public var peakMegabytes: Int
}

public enum PeakMemory {
    /// Runs the program at `path` with `arguments` (standard output discarded, standard error
    /// kept), waits for it and reads its peak resident memory.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> MeasuredRun {
        struct SpawnFailed: Error, CustomStringConvertible { var description: String }
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("legible-measured-\(UUID().uuidString).err")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnFailed(description: "cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SpawnFailed(description: "cannot wait for \(path): \(String(cString: strerror(errno)))") }
        }
        // <sys/wait.h>: the low 7 bits are the signal that ended it (0: it exited), the next 8 its exit code.
        let signal = status & 0x7F
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return MeasuredRun(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, stderr: stderr,
                           peakMegabytes: usage.ru_maxrss / 1024)
    }
}
