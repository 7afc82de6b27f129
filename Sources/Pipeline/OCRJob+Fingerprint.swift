import FileIO
import Foundation

extension OCRJob {
    /// Bumped when the same job starts producing different output (so journals redo files).
    static let outputFormatVersion = 1

    /// Identifies what this job makes of an input: equal fingerprints mean equal outputs for
    /// equal inputs. Settings that change only speed (`jobs`) are left out.
    public var fingerprint: String {
        var canonical = self
        canonical.jobs = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var json = (try? encoder.encode(canonical)).map { String(decoding: $0, as: UTF8.self) } ?? "\(canonical)"
        // Scan fixes are not coded (so jobs without them keep their fingerprints); those
        // with them differ.
        if !scanFixes.isEmpty { json += "+scan-fixes:\(scanFixes.rawValue)" }
        return "v\(Self.outputFormatVersion):" + FNV1a64.hexHash(json)
    }
}
