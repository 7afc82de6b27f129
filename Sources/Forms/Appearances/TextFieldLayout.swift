import PDFText

/// Lays out a text field's value inside its appearance box the way viewers draw filled
/// fields (ISO 32000-1 §12.7.3.3): one line centred vertically and placed by `/Q`, one
/// character per cell for comb fields, words wrapped from the top for multi-line fields,
/// auto size (`/DA` size 0) fitted to the box. Produces the `/Tx BMC … EMC` content.
struct TextFieldLayout {
    /// How the value is placed.
    enum Shape: Equatable {
        case singleLine
        case comb(cells: Int)
        case multiline
    }

    /// Space kept between the box edge and the text, in points.
    static let padding = 2.0
    /// Auto size never goes beyond this for multi-line fields, nor below `smallestSize`.
    static let largestAutoSize = 12.0
    static let smallestSize = 4.0

    var width: Double
    var height: Double
    var font: StandardFontText
    var style: FieldTextStyle
    /// `/Q`: 0 left, 1 centred, 2 right.
    var quadding: Int
    var shape: Shape

    /// The appearance content for `value`, its text shown through resource `fontResource`.
    func content(for value: String) -> String {
        let lines = placedLines(for: value)
        var ops = "/Tx BMC\nq\n"
        let p = TextFieldLayout.padding
        ops += "\(n(p / 2)) \(n(p / 2)) \(n(max(0, width - p))) \(n(max(0, height - p))) re W n\n"
        ops += "BT\n\(style.colour)\n/\(style.fontResource) \(n(lines.size)) Tf\n"
        for line in lines.runs {
            ops += "1 0 0 1 \(n(line.x)) \(n(line.y)) Tm\n<\(line.bytes.map { String($0, radix: 16, uppercase: true).leftPadded }.joined())> Tj\n"
        }
        ops += "ET\nQ\nEMC\n"
        return ops
    }

    /// One run of text at a place in the box.
    struct Run: Equatable {
        var bytes: [UInt8]
        var x: Double
        var y: Double
    }

    /// The runs of `value` and the font size they are set in.
    func placedLines(for value: String) -> (size: Double, runs: [Run]) {
        switch shape {
        case .singleLine: return singleLine(value)
        case .comb(let cells): return comb(value, cells: max(1, cells))
        case .multiline: return multiline(value)
        }
    }

    private var lineHeightPerPoint: Double { (font.ascent - font.descent) / 1000 }

    /// The baseline that centres a line of `size` in the box.
    private func centredBaseline(_ size: Double) -> Double {
        (height - size * lineHeightPerPoint) / 2 - size * font.descent / 1000
    }

    private func singleLine(_ value: String) -> (size: Double, runs: [Run]) {
        let text = value.split(whereSeparator: \.isNewline).joined(separator: " ")
        let (bytes, units) = font.encode(text)
        let p = TextFieldLayout.padding
        var size = style.fontSize
        if size == 0 {
            let byHeight = (height - 2 * p) / lineHeightPerPoint
            let byWidth = units > 0 ? (width - 2 * p) / (units / 1000) : byHeight
            size = max(TextFieldLayout.smallestSize, min(byHeight, byWidth))
        }
        let textWidth = units * size / 1000
        let x: Double
        switch quadding {
        case 1: x = (width - textWidth) / 2
        case 2: x = width - p - textWidth
        default: x = p
        }
        return (size, [Run(bytes: bytes, x: x, y: centredBaseline(size))])
    }

    private func comb(_ value: String, cells: Int) -> (size: Double, runs: [Run]) {
        let cell = width / Double(cells)
        var size = style.fontSize
        if size == 0 {
            size = max(TextFieldLayout.smallestSize, min((height - 2 * TextFieldLayout.padding) / lineHeightPerPoint, cell))
        }
        let baseline = centredBaseline(size)
        var runs: [Run] = []
        for (index, character) in value.prefix(cells).enumerated() {
            let (bytes, units) = font.encode(String(character))
            let x = cell * Double(index) + (cell - units * size / 1000) / 2
            runs.append(Run(bytes: bytes, x: x, y: baseline))
        }
        return (size, runs)
    }

    private func multiline(_ value: String) -> (size: Double, runs: [Run]) {
        let p = TextFieldLayout.padding
        let usableWidth = max(1, width - 2 * p)
        var size = style.fontSize
        var lines = wrap(value, size: size == 0 ? TextFieldLayout.largestAutoSize : size, width: usableWidth)
        if size == 0 {
            size = TextFieldLayout.largestAutoSize
            while size > TextFieldLayout.smallestSize,
                  Double(lines.count) * size * lineHeightPerPoint > height - 2 * p {
                size -= 0.5
                lines = wrap(value, size: size, width: usableWidth)
            }
        }
        let leading = size * lineHeightPerPoint
        var y = height - p - size * font.ascent / 1000
        var runs: [Run] = []
        for line in lines {
            let (bytes, units) = font.encode(line)
            let textWidth = units * size / 1000
            let x = quadding == 1 ? (width - textWidth) / 2 : quadding == 2 ? width - p - textWidth : p
            runs.append(Run(bytes: bytes, x: x, y: y))
            y -= leading
            if y < -leading { break } // what the box cannot show is not written
        }
        return (size, runs)
    }

    /// `value` broken into lines no wider than `width` at `size`: at its own line breaks,
    /// then between words, and inside words too long for a line.
    func wrap(_ value: String, size: Double, width: Double) -> [String] {
        let limit = width * 1000 / max(size, 0.1)
        var lines: [String] = []
        for paragraph in value.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if font.encode(candidate).width <= limit {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                for character in word {
                    if !line.isEmpty, font.encode(line + String(character)).width > limit {
                        lines.append(line)
                        line = ""
                    }
                    line.append(character)
                }
            }
            lines.append(line)
        }
        return lines
    }

    private func n(_ value: Double) -> String { WidgetAppearance.number(value) }
}

private extension String {
    /// Two hex digits.
    var leftPadded: String { count < 2 ? "0" + self : self }
}
