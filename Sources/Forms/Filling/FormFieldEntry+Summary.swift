import PDF

extension FormFieldEntry {
    /// Choice options listed in `summaryLine`: enough to recognize the list, short enough for one line.
    private static let optionsShown = 10

    /// The field for people, on one line (`legible fields`): `name: kind (page N, max N,
    /// values a|b, options …, read-only, required) = value`; at most ten options are shown,
    /// and control characters in names and values are shown as spaces.
    public var summaryLine: String {
        let field = self
        var details: [String] = []
        if let page = field.page { details.append("page \(page)") }
        if let maxLength = field.maxLength { details.append("max \(maxLength)") }
        if let values = field.exportValues, !values.isEmpty { details.append("values " + values.joined(separator: "|")) }
        if let options = field.options, !options.isEmpty {
            let shown = options.prefix(Self.optionsShown).joined(separator: "|")
            details.append("options " + (options.count > Self.optionsShown ? shown + "|…" : shown))
        }
        if field.readOnly { details.append("read-only") }
        if field.required { details.append("required") }
        let value: String
        switch field.value {
        case .text(let text)?: value = " = " + text.controlCharactersAsSpaces
        case .options(let options)?: value = " = " + options.map(\.controlCharactersAsSpaces).joined(separator: ", ")
        case .on(let on)?: value = " = \(on)"
        case nil: value = ""
        }
        return "\(field.name.controlCharactersAsSpaces): \(field.kind.rawValue)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))") + value
    }
}
