/// The document information dictionary (`/Info` in the trailer, ISO 32000-2 §14.3.3) with its
/// text strings decoded.
public struct PDFInfo: Sendable, Equatable {
    /// Every entry whose value is a string, decoded as a text string (dates stay in their
    /// `D:YYYYMMDDHHmmSSOHH'mm` form), keyed by name without the slash.
    public var entries: [String: String]

    /// Creates the description from decoded entries.
    public init(entries: [String: String] = [:]) {
        self.entries = entries
    }

    /// `/Title`.
    public var title: String? { entries["Title"] }
    /// `/Author`.
    public var author: String? { entries["Author"] }
    /// `/Subject`.
    public var subject: String? { entries["Subject"] }
    /// `/Keywords`.
    public var keywords: String? { entries["Keywords"] }
    /// `/Creator`: the application that made the original document.
    public var creator: String? { entries["Creator"] }
    /// `/Producer`: the application that converted it to PDF.
    public var producer: String? { entries["Producer"] }
    /// `/CreationDate`, as written.
    public var creationDate: String? { entries["CreationDate"] }
    /// `/ModDate`, as written.
    public var modificationDate: String? { entries["ModDate"] }
}

extension PDFDocument {
    /// The information dictionary, decoded; empty when the file has none (or it is damaged).
    ///
    /// Names (such as `/Trapped /True`) are given as their name; other non-string values are
    /// left out.
    public func info() -> PDFInfo {
        guard let dictionary = resolve(trailer["Info"] ?? .null).dictionaryValue else { return PDFInfo() }
        var entries: [String: String] = [:]
        for (key, value) in dictionary {
            switch resolve(value) {
            case .string(let bytes): entries[key] = PDFTextString.decode(bytes)
            case .name(let name): entries[key] = name
            default: continue
            }
        }
        return PDFInfo(entries: entries)
    }
}
