import Foundation
import TestSupport

/// Runs the built `legible` binary as a user's shell would, for the conventions that only a
/// separate process shows (standard input and output, exit codes, what goes to which stream).
enum CLIProcess {
    /// `legible ARGUMENTS`, with standard input read from `stdin` when given.
    static func run(_ arguments: [String], stdin: URL? = nil, environment: [String: String] = [:]) throws -> ToolResult {
        try LegibleBinary.requireBuilt()
        let quoted = ([LegibleBinary.url.path] + arguments).map(shellQuote).joined(separator: " ")
        let command = quoted + (stdin.map { " < " + shellQuote($0.path) } ?? " < /dev/null")
        return try Tool.run("bash", ["-c", command], environment: ["OMP_THREAD_LIMIT": "1"].merging(environment) { $1 })
    }

    /// `text` as one shell word.
    static func shellQuote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
