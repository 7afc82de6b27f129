import DocumentFacts
import Foundation
import Pipeline

/// `legible info FILE [--password P] [--json] [--check]`: what a PDF is and what its pages hold.
struct InfoCommand {
    let arguments: [String]

    /// Options that take a value.
    static var valued: Set<String> { Help.infoSpec.valued }
    /// Options that do not.
    static var flags: Set<String> { Help.infoSpec.flags }
    /// The top-level keys of `--json`, as documented in the help and the README.
    static let jsonKeys = ["version", "pageCount", "title", "author", "creator", "producer", "encryption",
                           "recovered", "warnings", "pages", "check"]

    func run() -> ExitCode {
        Console.reportingErrorsWithoutSuspending {
            let parsed = try ParsedArguments(arguments, spec: Help.infoSpec)
            if parsed.flags.contains("--help") { print(Help.info); return .ok }
            guard parsed.positionals.count == 1 else {
                throw CLIError.usage("info needs exactly one FILE (see legible info --help)")
            }
            let streams = StandardStreams()
            let info = try DocumentInfo.read(try streams.input(parsed.positionals[0]),
                                             password: parsed.values["--password"], check: parsed.flags.contains("--check"))
            print(parsed.flags.contains("--json") ? try info.json() : InfoCommand.text(info))
            return .ok
        }
    }

    /// The form for people: a few labelled lines, then a line per page.
    static func text(_ info: DocumentInfo) -> String {
        var lines: [String] = []
        func add(_ label: String, _ value: String) {
            lines.append((label + ":").padding(toLength: 13, withPad: " ", startingAt: 0) + printable(value))
        }
        add("PDF version", info.version)
        for (label, value) in [("Title", info.title), ("Author", info.author), ("Creator", info.creator),
                               ("Producer", info.producer)] {
            if let value { add(label, value) }
        }
        add("Encryption", info.encryption.map(describe) ?? "none")
        add("Recovered", info.recovered ? "yes: the cross-reference was rebuilt by scanning the file" : "no")
        for warning in info.warnings { add("Warning", warning) }
        if let check = info.check {
            let streams = "\(check.objects) objects (\(check.streams) streams)"
            add("Objects", check.problemCount == 0 ? "\(streams), all readable" : "\(streams), \(check.problemCount) unreadable")
            for problem in check.problems { add("Unreadable", problem) }
        }
        add("Pages", String(info.pageCount))
        for page in info.pages { lines.append(printable(describe(page))) }
        return lines.joined(separator: "\n")
    }

    /// `text` with control characters (line breaks, the NUL some producers end titles with,
    /// bytes of a damaged file quoted in a message) shown as spaces, so each entry stays one line.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
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
