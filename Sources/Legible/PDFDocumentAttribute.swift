import Foundation
import PDF

/// The keys of `PDFDocument.documentAttributes`: the entries of the document information
/// dictionary (ISO 32000-2 §14.3.3), named as PDFKit names them.
public struct PDFDocumentAttribute: RawRepresentable, Hashable, Sendable {
    /// The key's name in the information dictionary, e.g. "Title".
    public let rawValue: String

    /// A key from its name in the information dictionary.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `/Title`: a `String`.
    public static let titleAttribute = PDFDocumentAttribute(rawValue: "Title")
    /// `/Author`: a `String`.
    public static let authorAttribute = PDFDocumentAttribute(rawValue: "Author")
    /// `/Subject`: a `String`.
    public static let subjectAttribute = PDFDocumentAttribute(rawValue: "Subject")
    /// `/Creator`, the application the original was made with: a `String`.
    public static let creatorAttribute = PDFDocumentAttribute(rawValue: "Creator")
    /// `/Producer`, the application that wrote the PDF: a `String`.
    public static let producerAttribute = PDFDocumentAttribute(rawValue: "Producer")
    /// `/Keywords`: an array of `String`, split at commas and semicolons.
    public static let keywordsAttribute = PDFDocumentAttribute(rawValue: "Keywords")
    /// `/CreationDate`: a `Date`.
    public static let creationDateAttribute = PDFDocumentAttribute(rawValue: "CreationDate")
    /// `/ModDate`: a `Date`.
    public static let modificationDateAttribute = PDFDocumentAttribute(rawValue: "ModDate")
}

extension PDFDocument {
    /// The document information dictionary: `PDFDocumentAttribute` keys, `String` values
    /// (keywords an array of strings, dates `Date`s); other entries keyed by their name as a
    /// `String`. Nil while the document is locked. Read-only here: the attributes are written
    /// back as they were read.
    public var documentAttributes: [AnyHashable: Any]? {
        guard let source = opened?.source else { return nil }
        var attributes: [AnyHashable: Any] = [:]
        for (key, value) in source.info().entries {
            let attribute = PDFDocumentAttribute(rawValue: key)
            switch attribute {
            case .creationDateAttribute, .modificationDateAttribute:
                if let date = PDFDocument.date(fromPDF: value) { attributes[attribute] = date }
            case .keywordsAttribute:
                attributes[attribute] = value.split(whereSeparator: { $0 == "," || $0 == ";" })
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case .titleAttribute, .authorAttribute, .subjectAttribute, .creatorAttribute, .producerAttribute:
                attributes[attribute] = value
            default:
                attributes[key] = value
            }
        }
        return attributes
    }

    /// A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, ISO 32000-2 §7.9.4; every part after the year
    /// optional) as a `Date`; nil when it is not one.
    static func date(fromPDF text: String) -> Date? {
        var chars = Array(text.trimmingCharacters(in: .whitespaces))
        if chars.starts(with: Array("D:")) { chars.removeFirst(2) }
        func number(_ from: Int, _ length: Int, default value: Int) -> Int? {
            guard from + length <= chars.count else { return value }
            return Int(String(chars[from..<from + length]))
        }
        guard chars.count >= 4, let year = Int(String(chars[0..<4])),
              let month = number(4, 2, default: 1), let day = number(6, 2, default: 1),
              let hour = number(8, 2, default: 0), let minute = number(10, 2, default: 0),
              let second = number(12, 2, default: 0) else { return nil }
        var offset = 0
        if chars.count > 14, chars[14] == "+" || chars[14] == "-" {
            let sign = chars[14] == "-" ? -1 : 1
            let digits = chars[15...].filter(\.isNumber)
            let hours = digits.count >= 2 ? Int(String(digits.prefix(2))) ?? 0 : 0
            let minutes = digits.count >= 4 ? Int(String(digits.dropFirst(2).prefix(2))) ?? 0 : 0
            offset = sign * (hours * 3600 + minutes * 60)
        }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        components.timeZone = TimeZone(secondsFromGMT: offset)
        return Calendar(identifier: .gregorian).date(from: components)
    }
}
