import Foundation

/// Paths to test material: the repository's `Samples/` and the shared real-world corpus.
public enum Fixtures {
    /// The package root (the folder holding Package.swift).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `Samples/NAME`.
    public static func sample(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(name)
    }

    /// `../shared/corpus/PATH` (beside the repository, as in CI).
    public static func corpus(_ path: String) -> URL {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").appendingPathComponent(path)
    }

    /// The bytes of a file.
    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}

/// The result of running an external tool.
public struct ToolResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// Raw standard output.
    public var output: Data
}

/// Runs the independent tools used as oracles (qpdf, pdftotext, pdfimages, …).
public enum Tool {
    /// `env`'s exit status when the program it was asked to run does not exist.
    private static let toolNotFound: Int32 = 127

    /// Runs `name` (looked up on PATH) with `arguments` and waits for it.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ToolResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        // Standard error goes to a file so that a chatty tool cannot block on a full pipe
        // while standard output is read here.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("legible-tool-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = (try? Data(contentsOf: errorFile)) ?? Data()
        // env exits 127 when the tool is not installed: an oracle that could not run must fail
        // the test that asked for it, not hand it an empty answer.
        if process.terminationStatus == toolNotFound {
            throw PDFFixtures.FixtureError("\(name) is not installed (run `make deps`)")
        }
        return ToolResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self), output: outData)
    }

    /// `qpdf --check` exit status: 0 clean, 3 warnings, 2 errors.
    public static func qpdfCheck(_ url: URL) throws -> Int32 {
        try run("qpdf", ["--check", url.path]).status
    }

    /// Text of a PDF as poppler reads it.
    public static func pdftotext(_ url: URL, _ extra: [String] = []) throws -> String {
        try run("pdftotext", extra + [url.path, "-"]).stdout
    }

    /// Word boxes from `pdftotext -bbox`: (text, xMin, yMin, xMax, yMax) in points, y down.
    public static func wordBoxes(_ url: URL) throws -> [(text: String, x0: Double, y0: Double, x1: Double, y1: Double)] {
        let html = try run("pdftotext", ["-bbox", url.path, "-"]).stdout
        var words: [(String, Double, Double, Double, Double)] = []
        for line in html.split(separator: "\n") where line.contains("<word ") {
            func attribute(_ name: String) -> Double {
                guard let range = line.range(of: "\(name)=\"") else { return 0 }
                let rest = line[range.upperBound...]
                return Double(rest.prefix { $0 != "\"" }) ?? 0
            }
            guard let open = line.firstIndex(of: ">"), let close = line.range(of: "</word>") else { continue }
            let text = String(line[line.index(after: open)..<close.lowerBound])
            words.append((text, attribute("xMin"), attribute("yMin"), attribute("xMax"), attribute("yMax")))
        }
        return words
    }
}

/// A temporary folder removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The folder.
    public let url: URL

    /// Creates a fresh folder under the system's temporary directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Names of the entries in the folder, hidden ones included, sorted.
    public func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
