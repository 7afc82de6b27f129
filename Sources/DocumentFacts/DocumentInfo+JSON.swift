import Foundation

extension DocumentInfo {
    /// The `legible info --json` form: one object, keys sorted, in JSONEncoder's pretty-printed
    /// layout (`.prettyPrinted, .sortedKeys, .withoutEscapingSlashes`).
    ///
    /// Written field by field rather than through JSONEncoder: its generic machinery (run-time
    /// type and conformance look-ups, each a scan of the whole binary's conformance records on
    /// first use) was a tenth of `legible info --json` on a small file. `InfoJSONTests` checks
    /// that both write the same bytes; JSONEncoder still writes (and rejects) what this cannot:
    /// a non-finite number.
    /// - Throws: `EncodingError` for a number JSON cannot hold (infinity, NaN).
    public func json() throws -> String {
        var writer = InfoJSONWriter()
        if writer.write(self) { return writer.text }
        return try encoderJSON()
    }

    /// The same form through JSONEncoder.
    package func encoderJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// Writes a `DocumentInfo` as JSONEncoder lays it out with `.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes`: two spaces per level, `"key" : value`, an empty array as `[`, an
/// empty line and `]`. Keys are written in sorted order by hand; every top-level key is written
/// (`null` when absent), a page's `error` only when it has one, as `DocumentInfo` encodes them.
struct InfoJSONWriter {
    private(set) var text = ""
    private var depth = 0
    /// Whether the container being written has an entry yet (one per open container).
    private var started: [Bool] = []
    /// Cleared by a number JSON cannot hold (infinity, NaN).
    private var finite = true

    /// Writes `info`; false when it holds a number JSON cannot hold.
    mutating func write(_ info: DocumentInfo) -> Bool {
        open("{")
        key("author"); string(info.author)
        key("check")
        if let check = info.check {
            open("{")
            key("objects"); number(check.objects)
            key("problemCount"); number(check.problemCount)
            key("problems"); strings(check.problems)
            key("streams"); number(check.streams)
            close("}")
        } else {
            null()
        }
        key("creator"); string(info.creator)
        key("encryption")
        if let encryption = info.encryption { write(encryption) } else { null() }
        key("outline")
        open("[")
        for item in info.outline { entry(); write(item) }
        close("]")
        key("pageCount"); number(info.pageCount)
        key("pages")
        open("[")
        for page in info.pages { entry(); write(page) }
        close("]")
        key("producer"); string(info.producer)
        key("recovered"); boolean(info.recovered)
        key("title"); string(info.title)
        key("version"); string(info.version)
        key("warnings"); strings(info.warnings)
        close("}")
        return finite
    }

    private mutating func write(_ encryption: DocumentInfo.Encryption) {
        open("{")
        key("handler"); string(encryption.handler)
        key("keyLength"); number(encryption.keyLength)
        key("method"); string(encryption.method)
        key("ownerPassword"); boolean(encryption.ownerPassword)
        key("permissionBits"); number(Int(encryption.permissionBits))
        key("permissions"); strings(encryption.permissions)
        key("revision"); number(encryption.revision)
        key("version"); number(encryption.version)
        close("}")
    }

    private mutating func write(_ page: DocumentInfo.Page) {
        open("{")
        if let error = page.error { key("error"); string(error) }
        key("height"); number(page.height)
        key("heightInches"); number(page.heightInches)
        key("holds"); string(page.holds)
        key("images")
        open("[")
        for image in page.images { entry(); write(image) }
        close("]")
        key("kind"); string(page.kind)
        key("number"); number(page.number)
        key("pathOperators"); number(page.pathOperators)
        key("rotation"); number(page.rotation)
        key("textOperators"); number(page.textOperators)
        key("width"); number(page.width)
        key("widthInches"); number(page.widthInches)
        close("}")
    }

    private mutating func write(_ item: DocumentInfo.OutlineEntry) {
        open("{")
        key("level"); number(item.level)
        key("page")
        if let page = item.page { number(page) } else { null() }
        key("title"); string(item.title)
        key("top")
        if let top = item.top { number(top) } else { null() }
        close("}")
    }

    private mutating func write(_ image: DocumentInfo.Image) {
        open("{")
        key("dpi"); number(image.dpi)
        key("filters"); strings(image.filters)
        key("height"); number(image.height)
        key("width"); number(image.width)
        close("}")
    }

    // MARK: - Layout

    private mutating func strings(_ values: [String]) {
        open("[")
        for value in values { entry(); string(value) }
        close("]")
    }

    private mutating func open(_ bracket: String) {
        text += bracket + "\n"
        depth += 1
        started.append(false)
    }

    private mutating func close(_ bracket: String) {
        depth -= 1
        started.removeLast()
        text += "\n" + indentation + bracket
    }

    /// Starts an entry of the open container: the comma after the previous one, the indentation.
    private mutating func entry() {
        if started[started.count - 1] { text += ",\n" }
        started[started.count - 1] = true
        text += indentation
    }

    private var indentation: String { String(repeating: "  ", count: depth) }

    private mutating func key(_ name: String) {
        entry()
        text += "\"" + name + "\" : "
    }

    private mutating func boolean(_ value: Bool) { text += value ? "true" : "false" }
    private mutating func null() { text += "null" }
    private mutating func number(_ value: Int) { text += String(value) }

    /// Swift's shortest form, as JSONEncoder writes it: without a trailing `.0`.
    private mutating func number(_ value: Double) {
        guard value.isFinite else { finite = false; text += "null"; return }
        var form = value.description
        if form.hasSuffix(".0") { form.removeLast(2) }
        text += form
    }

    private mutating func string(_ value: String?) {
        guard let value else { null(); return }
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
