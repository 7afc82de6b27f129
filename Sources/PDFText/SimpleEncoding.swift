import PDF

/// A simple font's encoding: the glyph name of each of the 256 codes (ISO 32000-1 §9.6.6).
package struct SimpleEncoding: Sendable, Equatable {
    /// Glyph names by code; nil where the code is unused.
    package var names: [String?]

    /// An encoding with every code unused.
    package static let empty = SimpleEncoding(names: Array(repeating: nil, count: 256))

    package static let standard = SimpleEncoding(table: standardNames)
    package static let winAnsi = SimpleEncoding(table: winAnsiNames)
    package static let macRoman = SimpleEncoding(table: macRomanNames)
    /// PDFDocEncoding as glyph names: the PDF module's table of its characters, named through
    /// the glyph list.
    static let pdfDoc: SimpleEncoding = {
        var byText: [String: String] = [:]
        for (name, text) in GlyphNames.table where byText[text].map({ name.count < $0.count || (name.count == $0.count && name < $0) }) ?? true {
            byText[text] = name
        }
        return SimpleEncoding(names: PDFDocEncoding.table.enumerated().map { code, scalar in
            guard code >= 0x18, let scalar else { return nil }
            return byText[String(scalar)]
        })
    }()
    package static let symbol = SimpleEncoding(table: symbolNames)
    package static let zapfDingbats = SimpleEncoding(table: zapfDingbatsNames)

    package init(names: [String?]) {
        self.names = names
    }

    /// Reads a table of 256 space-separated names, `.` for unused codes.
    private init(table: String) {
        var names = TableText.fields(table).map { $0 == "." ? nil : String($0) }
        names += Array(repeating: nil, count: max(0, 256 - names.count))
        self.names = Array(names.prefix(256))
    }

    /// The predefined encoding called `name` (`/BaseEncoding` values), or nil.
    package static func named(_ name: String) -> SimpleEncoding? {
        switch name {
        case "StandardEncoding": return .standard
        case "WinAnsiEncoding": return .winAnsi
        case "MacRomanEncoding": return .macRoman
        case "PDFDocEncoding": return .pdfDoc
        default: return nil
        }
    }

    /// Applies a `/Differences` array: a code followed by the names of consecutive codes.
    package mutating func apply(differences: [PDFObject]) {
        var code = -1
        for item in differences {
            switch item {
            case .int(let value): code = value
            case .real(let value) where value.isFinite && abs(value) < 1e6: code = Int(value)
            case .name(let name):
                if code >= 0 && code < 256 { names[code] = name }
                if code >= 0 { code += 1 }
            default: continue
            }
        }
    }
}
