import PDFA
import PDFWriter

/// What `ocr` writes (OCRmyPDF's `--output-type`): a plain PDF, a PDF/A, or no PDF at all
/// (for runs that only want `--sidecar`, `--hocr`, `--alto` or `--words-json`).
public enum OutputType: String, Codable, Sendable, CaseIterable {
    case pdf
    /// PDF/A-2b, as OCRmyPDF's `pdfa`.
    case pdfa
    case pdfa2b = "pdfa-2b"
    case pdfa2u = "pdfa-2u"
    case pdfa3b = "pdfa-3b"
    case none

    /// Parses a value, accepting OCRmyPDF's `pdfa-2` and `pdfa-3` as 2b and 3b.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "pdfa-2": self = .pdfa2b
        case "pdfa-3": self = .pdfa3b
        default:
            guard let value = OutputType(rawValue: argument.lowercased()) else { return nil }
            self = value
        }
    }

    /// The values, for messages and help.
    public static let documented = "pdf, pdfa (= pdfa-2b), pdfa-2b, pdfa-2u, pdfa-3b, none"

    /// The PDF/A part and level, nil for `pdf` and `none`.
    var pdfa: (part: Int, level: PDFALevel)? {
        switch self {
        case .pdfa, .pdfa2b: return (2, .b)
        case .pdfa2u: return (2, .u)
        case .pdfa3b: return (3, .b)
        case .pdf, .none: return nil
        }
    }
}
