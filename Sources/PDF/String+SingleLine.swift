extension String {
    /// The text with every control character (line breaks, tabs, the NUL some producers end
    /// titles with, bytes of a damaged file quoted in a message) shown as a space, so a value
    /// printed as one entry stays on one line.
    public var controlCharactersAsSpaces: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
