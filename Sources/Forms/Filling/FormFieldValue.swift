/// A value to give a field, as `legible fill`'s data files hold it: text (text and choice
/// fields, a button's export value or `Off`), on/off (check boxes), or several options
/// (multi-select list boxes). In JSON: a string, a number (its text), `true`/`false`, or an
/// array of strings; `null` leaves the field as it is.
public enum FormFieldValue: Sendable, Equatable, Codable {
    /// Text: a text or choice field's value, a button's export value or `Off`.
    case text(String)
    /// A check box on (its one export value) or off.
    case on(Bool)
    /// The chosen options of a multi-select list box.
    case options([String])

    /// Reads a JSON string, number, boolean or array of strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let flag = try? container.decode(Bool.self) {
            self = .on(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .text(String(integer))
        } else if let number = try? container.decode(Double.self) {
            self = .text(String(number))
        } else if let options = try? container.decode([String].self) {
            self = .options(options)
        } else {
            throw DecodingError.dataCorruptedError(in: container,
                                                   debugDescription: "a field's value is a string, a number, true/false or an array of strings")
        }
    }

    /// Writes the value as JSON reads it back.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .on(let flag): try container.encode(flag)
        case .options(let options): try container.encode(options)
        }
    }

    /// The value as a message shows it.
    var shown: String {
        switch self {
        case .text(let text): return "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        case .on(let flag): return flag ? "true" : "false"
        case .options(let options): return "[" + options.map { "'\($0)'" }.joined(separator: ", ") + "]"
        }
    }
}
