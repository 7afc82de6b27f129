import Foundation
import PDF

/// The conformance level of ISO 19005-2 a file is checked against.
public enum PDFALevel: String, Sendable, CaseIterable {
    /// Level B: the visual appearance is preserved.
    case b = "2b"
    /// Level U: level B plus Unicode mappings for all text (6.2.11.7.2).
    case u = "2u"

    /// The value `pdfaid:conformance` carries for this level.
    public var conformanceLetter: String { self == .b ? "B" : "U" }

    /// Parses `2b`, `2u`, `b`, `u` (case-insensitive).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "2b", "b": self = .b
        case "2u", "u": self = .u
        default: return nil
        }
    }
}

/// One failed requirement: the clause of ISO 19005-2 it belongs to, what is wrong and where.
public struct PDFAViolation: Sendable, Equatable, CustomStringConvertible {
    /// The clause number, e.g. `6.2.4.3`.
    public var clause: String
    /// What is wrong, in a sentence.
    public var message: String
    /// The object it concerns (`obj 12`, `page 3`, `trailer`, `XMP dc:title`), when known.
    public var location: String?

    /// Creates a violation.
    public init(_ clause: String, _ message: String, at location: String? = nil) {
        self.clause = clause
        self.message = message
        self.location = location
    }

    public var description: String {
        if let location { return "\(clause): \(message) (\(location))" }
        return "\(clause): \(message)"
    }
}

/// The verdict on one file.
public struct PDFAReport: Sendable {
    /// The level the file was checked against.
    public var level: PDFALevel
    /// Every failed requirement, at most `maxPerClause` for each clause.
    public var violations: [PDFAViolation]

    /// Whether the file conforms.
    public var conforms: Bool { violations.isEmpty }

    /// Whether DeviceCMYK is painted while the output intent's profile is not CMYK (6.2.4.3),
    /// which a CMYK output intent would settle.
    public var wantsCMYKOutputIntent: Bool {
        violations.contains { $0.clause.hasPrefix("6.2.4") && $0.message.hasPrefix(ColorSpaceRules.deviceCMYKMismatch) }
    }

    /// Whether DeviceRGB is painted while the output intent's profile is not RGB (6.2.4.3):
    /// pages painting in DeviceRGB and DeviceCMYK, which then get DefaultCMYK.
    public var wantsDefaultRGB: Bool {
        violations.contains { $0.clause.hasPrefix("6.2.4") && $0.message.hasPrefix(ColorSpaceRules.deviceRGBMismatch) }
    }

    /// Whether a metadata clause (6.6: the XMP packet, its schemas, its agreement with Info) failed.
    public var failsMetadata: Bool { violations.contains { $0.clause.hasPrefix("6.6.") } }

    /// The distinct clauses that failed, in clause order.
    public var failedClauses: [String] {
        Array(Set(violations.map(\.clause))).sorted { $0.compare($1, options: .numeric) == .orderedAscending }
    }
}

/// Collects violations while the rules run, keeping a bounded number per clause so that a file
/// with 100,000 bad strings gives a readable report.
struct ViolationLog {
    /// At most this many violations are kept per clause; a count says how many more there were.
    static let maxPerClause = 20
    private(set) var violations: [PDFAViolation] = []
    private var perClause: [String: Int] = [:]

    mutating func fail(_ clause: String, _ message: String, at location: String? = nil) {
        let seen = perClause[clause, default: 0]
        perClause[clause] = seen + 1
        if seen < ViolationLog.maxPerClause {
            violations.append(PDFAViolation(clause, message, at: location))
        }
    }

    /// The violations with a summary line for clauses that had more than were kept.
    func finished() -> [PDFAViolation] {
        var out = violations
        for (clause, count) in perClause where count > ViolationLog.maxPerClause {
            out.append(PDFAViolation(clause, "\(count - ViolationLog.maxPerClause) more like these"))
        }
        return out
    }
}
