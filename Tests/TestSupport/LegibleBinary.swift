import Foundation

/// The `legible` executable built by `swift build` (`.build/debug/legible`), for tests that
/// need a separate process: crashes, signals, shards running side by side.
public enum LegibleBinary {
    /// Where `swift build` puts it.
    public static var url: URL {
        Fixtures.repositoryRoot.appendingPathComponent(".build/debug/legible")
    }

    /// Whether it has been built.
    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

    /// Throws, saying how to build it, when it has not been built.
    public static func requireBuilt() throws {
        struct NotBuilt: Error, CustomStringConvertible { var description: String }
        if !isBuilt { throw NotBuilt(description: "build the binary first (swift build): \(url.path)") }
    }

    /// Starts it with `arguments`; standard output and error go to `log` (appended).
    /// `environment` is added to this process's environment.
    public static func start(_ arguments: [String], environment: [String: String] = [:], log: URL) throws -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if !FileManager.default.fileExists(atPath: log.path) { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    /// Runs it to the end and returns its exit status.
    public static func run(_ arguments: [String], environment: [String: String] = [:], log: URL) throws -> Int32 {
        let process = try start(arguments, environment: environment, log: log)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
