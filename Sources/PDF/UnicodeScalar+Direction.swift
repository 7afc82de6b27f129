extension Unicode.Scalar {
    /// Whether this is a right-to-left letter (Unicode bidi classes R and AL, by block): Hebrew,
    /// Arabic, Syriac, Thaana, NKo and the other right-to-left scripts, with their presentation
    /// forms. Arabic-Indic digits are weak (AN), not right-to-left letters. Shared by the text
    /// layer (which way a recognized word runs) and text extraction (visual to logical order).
    public var isRightToLeftLetter: Bool {
        switch value {
        case 0x0660...0x0669, 0x06F0...0x06F9: return false
        case 0x0590...0x08FF,            // Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic ext.
             0xFB1D...0xFDFF,            // Hebrew and Arabic presentation forms A
             0xFE70...0xFEFF,            // Arabic presentation forms B
             0x10800...0x10FFF,          // historic right-to-left scripts
             0x1E800...0x1EFFF:          // Mende Kikakui, Adlam, Arabic mathematical symbols
            return properties.isAlphabetic
        default: return false
        }
    }
}
