import Foundation

/// One-line messages on standard error.
enum Console {
    static func fail(_ code: ExitCode, _ message: String) -> ExitCode {
        write("legible: error: \(message)")
        return code
    }

    static func warn(_ message: String) { write("legible: warning: \(message)") }

    /// `reason` said about `file` without repeating the name: pipeline errors already start
    /// with the file's name ("scan.pdf: the PDF is encrypted…").
    static func reason(_ reason: String, about file: String) -> String {
        let prefix = ((file as NSString).lastPathComponent) + ": "
        return reason.hasPrefix(prefix) ? String(reason.dropFirst(prefix.count)) : reason
    }
    static func note(_ message: String) { write("legible: note: \(message)") }
    static func info(_ message: String) { write("legible: \(message)") }

    private static func write(_ line: String) {
        let flat = line.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data((flat + "\n").utf8))
    }
}
