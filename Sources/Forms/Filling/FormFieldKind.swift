/// What kind of value a field of an existing form takes, as `legible fields` lists it and
/// `legible fill` checks it (ISO 32000-1 §12.7.4: `/FT` and the bits of `/Ff`).
public enum FormFieldKind: String, Sendable, Codable, CaseIterable {
    /// One line of text.
    case text
    /// Text on several lines (`Ff` bit 13).
    case multiline
    /// Text with one character per cell, `/MaxLen` cells (`Ff` bit 25).
    case comb
    /// Text shown as asterisks (`Ff` bit 14).
    case password
    /// A check box: on (one of its export values) or `Off`.
    case checkbox
    /// A radio group: one of its export values, or `Off`.
    case radio
    /// A drop-down list (`Ff` bit 18); editable ones take any text.
    case combo
    /// A list box; multi-select ones take several options.
    case list
    /// A push button: no value.
    case pushbutton
    /// A signature field: signed by signing, not filled.
    case signature

    /// Whether the kind holds text.
    public var isText: Bool { self == .text || self == .multiline || self == .comb || self == .password }
    /// Whether the kind is a choice field.
    public var isChoice: Bool { self == .combo || self == .list }
}

/// The bits of a field's `/Ff` that filling and listing read (ISO 32000-1 tables 221, 226,
/// 228, 230).
struct FieldFlags: OptionSet {
    let rawValue: Int
    static let readOnly = FieldFlags(rawValue: 1 << 0)
    static let required = FieldFlags(rawValue: 1 << 1)
    static let multiline = FieldFlags(rawValue: 1 << 12)
    static let password = FieldFlags(rawValue: 1 << 13)
    /// Buttons: a radio group may not go back to all off.
    static let noToggleToOff = FieldFlags(rawValue: 1 << 14)
    static let radio = FieldFlags(rawValue: 1 << 15)
    static let pushButton = FieldFlags(rawValue: 1 << 16)
    static let combo = FieldFlags(rawValue: 1 << 17)
    /// Choice fields: a combo box that takes text beside its options.
    static let edit = FieldFlags(rawValue: 1 << 18)
    static let multiSelect = FieldFlags(rawValue: 1 << 21)
    static let comb = FieldFlags(rawValue: 1 << 24)

    /// The kind a field of type `type` (`/FT`) with these flags is.
    func kind(type: String?) -> FormFieldKind {
        switch type {
        case "Btn": return contains(.pushButton) ? .pushbutton : contains(.radio) ? .radio : .checkbox
        case "Ch": return contains(.combo) ? .combo : .list
        case "Sig": return .signature
        default:
            if contains(.comb) { return .comb }
            if contains(.multiline) { return .multiline }
            return contains(.password) ? .password : .text
        }
    }
}
