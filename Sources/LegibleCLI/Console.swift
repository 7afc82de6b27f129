import Foundation

/// One-line messages on standard error.
enum Console {
    static func fail(_ code: ExitCode, _ message: String) -> ExitCode {
        write("legible: error: \(message)")
        return code
    }

    static func warn(_ message: String) { write("legible: warning: \(message)") }
    static func note(_ message: String) { write("legible: note: \(message)") }
    static func info(_ message: String) { write("legible: \(message)") }

    private static func write(_ line: String) {
        let flat = line.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data((flat + "\n").utf8))
    }
}
