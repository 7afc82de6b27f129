/// Text written into XML (XMP metadata packets, hOCR and ALTO exports) by one set of rules:
/// `&`, `<` and `>` always as entities; the C0 control characters XML 1.0 does not allow even
/// as character references (all but tab, line feed and carriage return) as spaces, so the
/// file stays well-formed whatever a title or a recognized word holds.
public enum XMLEscaping {
    /// `text` for element content. `escapingDoubleQuotes` also writes `"` as `&quot;` (the XMP
    /// writer's long-standing form; a parser reads both the same).
    public static func text(_ text: String, escapingDoubleQuotes: Bool = false) -> String {
        escape(text, quotes: escapingDoubleQuotes ? [.double] : [], whitespaceAsReferences: false)
    }

    /// `text` for an attribute value, quoted with `"` or `'`: both quotes as entities, and tab,
    /// line feed and carriage return as character references, which a parser would otherwise
    /// turn into spaces (XML 1.0 §3.3.3, attribute-value normalization).
    public static func attribute(_ text: String) -> String {
        escape(text, quotes: [.double, .single], whitespaceAsReferences: true)
    }

    private struct Quotes: OptionSet {
        let rawValue: Int
        static let double = Quotes(rawValue: 1)
        static let single = Quotes(rawValue: 2)
    }

    private static func escape(_ text: String, quotes: Quotes, whitespaceAsReferences: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes.contains(.double): out += "&quot;"
            case "'" where quotes.contains(.single): out += "&apos;"
            case "\t" where whitespaceAsReferences: out += "&#9;"
            case "\n" where whitespaceAsReferences: out += "&#10;"
            case "\r" where whitespaceAsReferences: out += "&#13;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
