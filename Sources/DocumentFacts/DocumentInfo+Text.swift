import Foundation
import PDF

extension DocumentInfo {
    /// The top-level keys of `json()`, as the help and the README document them.
    public static let jsonKeys = ["version", "pageCount", "title", "author", "creator", "producer", "encryption",
                                  "recovered", "warnings", "pages", "check", "outline"]

    /// Labels are padded to this many characters ("PDF version: " is the longest), so values line up.
    private static let labelWidth = 13

    /// The form for people (`legible info`): a few labelled lines (version, metadata,
    /// encryption, recovery, warnings, the `--check` result), then a line per page saying its
    /// size, rotation, what it holds and its kind. Control characters in values are shown as
    /// spaces, so each entry stays one line.
    public var textReport: String {
        let info = self
        var lines: [String] = []
        func add(_ label: String, _ value: String) {
            lines.append((label + ":").padding(toLength: DocumentInfo.labelWidth, withPad: " ", startingAt: 0) + value.controlCharactersAsSpaces)
        }
        add("PDF version", info.version)
        for (label, value) in [("Title", info.title), ("Author", info.author), ("Creator", info.creator),
                               ("Producer", info.producer)] {
            if let value { add(label, value) }
        }
        add("Encryption", info.encryption.map(Self.describe) ?? "none")
        add("Recovered", info.recovered ? "yes: the cross-reference was rebuilt by scanning the file" : "no")
        for warning in info.warnings { add("Warning", warning) }
        if let check = info.check {
            let streams = "\(check.objects) objects (\(check.streams) streams)"
            add("Objects", check.problemCount == 0 ? "\(streams), all readable" : "\(streams), \(check.problemCount) unreadable")
            for problem in check.problems { add("Unreadable", problem) }
        }
        add("Pages", String(info.pageCount))
        for page in info.pages { lines.append(Self.describe(page).controlCharactersAsSpaces) }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ encryption: DocumentInfo.Encryption) -> String {
        let permissions = encryption.permissions.isEmpty ? "none" : encryption.permissions.joined(separator: ", ")
        return "\(encryption.handler) R\(encryption.revision) V\(encryption.version), \(encryption.keyLength)-bit "
            + "\(encryption.method); opened with the \(encryption.ownerPassword ? "owner" : "user") password; "
            + "permissions: \(permissions)"
    }

    private static func describe(_ page: DocumentInfo.Page) -> String {
        var parts = ["\(number(page.width)) × \(number(page.height)) pt (\(number(page.widthInches)) × \(number(page.heightInches)) in)"]
        if page.rotation != 0 { parts.append("rotated \(page.rotation)°") }
        var holds: [String] = []
        if page.textOperators > 0 { holds.append("text (\(page.textOperators) operator\(page.textOperators == 1 ? "" : "s"))") }
        // Identical images (the strips of a PCLm page, a repeated logo) are counted, not repeated.
        var seen: [String] = []
        var counts: [String: Int] = [:]
        for image in page.images {
            let encoding = image.filters.isEmpty ? "raw" : image.filters.joined(separator: "+")
            let text = "\(image.width)×\(image.height) \(encoding) \(number(image.dpi)) dpi"
            if counts[text] == nil { seen.append(text) }
            counts[text, default: 0] += 1
        }
        for text in seen {
            let count = counts[text] ?? 1
            holds.append(count == 1 ? "image \(text)" : "\(count) images \(text)")
        }
        if page.pathOperators > 0 { holds.append("graphics") }
        if let error = page.error { holds.append("unreadable content: \(error)") }
        parts.append(holds.isEmpty ? "nothing" : holds.joined(separator: ", "))
        return "Page \(page.number): " + parts.joined(separator: ", ") + " — \(page.kind)"
    }

    /// 612, 8.5, 11.69: at most two decimals, no trailing zeros.
    private static func number(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") && text.contains(".") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
