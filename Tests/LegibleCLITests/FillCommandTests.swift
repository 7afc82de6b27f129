import Foundation
import Testing
@testable import LegibleCLI
import TestSupport

/// `legible fields` and `legible fill` as a user runs them (issue 22): the JSON of `fields`
/// filled back, FDF and XFDF data, one-line refusals that write nothing, a signed form updated
/// incrementally so its signature stays valid, and a form `legible forms` made.
struct FillCommandTests {
    /// The `fields --json` document's entries: name → (kind, value, export values, options, max length).
    private struct Entry: Decodable {
        var name: String
        var kind: String
        var value: Value?
        var exportValues: [String]?
        var options: [String]?
        var maxLength: Int?
    }

    /// A value as `fields --json` writes it: a string or a list of strings.
    private enum Value: Decodable, Equatable {
        case text(String), list([String])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .text(text) } else { self = .list(try container.decode([String].self)) }
        }
    }

    private func fields(_ url: URL) throws -> [Entry] {
        let result = try CLIProcess.run(["fields", "--json", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        struct Listing: Decodable { var fields: [Entry] }
        return try JSONDecoder().decode(Listing.self, from: result.output).fields
    }

    /// Every text field a distinct value, check boxes on, radio groups and choices their last value.
    private func plan(_ entries: [Entry]) -> [String: String] {
        var values: [String: String] = [:]
        for (index, entry) in entries.enumerated() where values[entry.name] == nil {
            switch entry.kind {
            case "text", "multiline", "comb", "password":
                let text = "v\(String(index, radix: 36))x"
                values[entry.name] = entry.maxLength.map { text.count > $0 ? String(String(index, radix: 36).suffix($0)) : text } ?? text
            case "checkbox": values[entry.name] = entry.exportValues?.first
            case "radio": values[entry.name] = entry.exportValues?.last
            case "combo", "list": values[entry.name] = entry.options?.last
            default: break
            }
        }
        return values
    }

    private func expectValues(_ url: URL, _ expected: [String: String]) throws {
        let back = Dictionary(try fields(url).map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (name, value) in expected { #expect(back[name] == .text(value), "\(name)") }
    }

    @Test func theFieldsJSONFillsBackThroughTheCommandLine() throws {
        let form = Fixtures.corpus("forms-large/src/irs_1040ez.pdf")
        let folder = try TemporaryDirectory()
        let values = plan(try fields(form))
        #expect(values.count > 30)
        let data = folder.file("data.json"), output = folder.file("filled.pdf")
        try JSONEncoder().encode(values).write(to: data)
        let result = try CLIProcess.run(["fill", form.path, data.path, output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("fields filled"), "\(result.stderr)")
        try expectValues(output, values)
        #expect(try Tool.qpdfCheck(output) == 0)

        // The listing itself, values edited, is DATA too.
        let listing = try CLIProcess.run(["fields", "--json", output.path])
        let relisted = folder.file("listing.json"), again = folder.file("again.pdf")
        try listing.output.write(to: relisted)
        #expect(try CLIProcess.run(["fill", "-q", form.path, relisted.path, again.path]).status == 0)
        try expectValues(again, values)
    }

    @Test func fdfAndXFDFFillLikeJSON() throws {
        let form = Fixtures.corpus("forms-large/src/irs_1040ez.pdf")
        let folder = try TemporaryDirectory()
        let entries = try fields(form)
        let text = try #require(entries.first { $0.kind == "text" && $0.maxLength == nil }?.name)
        let box = try #require(entries.first { $0.kind == "checkbox" })
        let on = try #require(box.exportValues?.first)
        let fdf = "%FDF-1.2\n1 0 obj\n<< /FDF << /Fields [ << /T (\(text)) /V (From FDF) >> << /T (\(box.name)) /V /\(on) >> ] >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"
        let xfdf = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xfdf xmlns=\"http://ns.adobe.com/xfdf/\"><fields><field name=\"\(text)\"><value>From XFDF &amp; more</value></field><field name=\"\(box.name)\"><value>\(on)</value></field></fields></xfdf>\n"
        for (name, content, shown) in [("data.fdf", fdf, "From FDF"), ("data.xfdf", xfdf, "From XFDF & more")] {
            let data = folder.file(name), output = folder.file(name + ".pdf")
            try Data(content.utf8).write(to: data)
            let result = try CLIProcess.run(["fill", form.path, data.path, output.path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            try expectValues(output, [text: shown, box.name: on])
            #expect(try Tool.pdftotext(output).contains(shown), "\(name)")
        }
    }

    @Test func aBadValueIsOneLineNamingTheFieldAndNothingIsWritten() throws {
        let form = Fixtures.corpus("forms-large/src/irs_1040ez.pdf")
        let folder = try TemporaryDirectory()
        let entries = try fields(form)
        let comb = try #require(entries.first { $0.kind == "comb" && ($0.maxLength ?? 0) > 0 })
        let box = try #require(entries.first { $0.kind == "checkbox" })
        let cases = [("{\"no.such.field\": \"x\"}", "no.such.field"),
                     ("{\"\(box.name)\": \"John\"}", box.name),
                     ("{\"\(comb.name)\": \"\(String(repeating: "9", count: (comb.maxLength ?? 0) + 1))\"}", comb.name),
                     ("{\"broken\": ", "JSON")]
        for (json, mention) in cases {
            let data = folder.file("bad.json"), output = folder.file("never.pdf")
            try Data(json.utf8).write(to: data)
            let result = try CLIProcess.run(["fill", form.path, data.path, output.path])
            #expect(result.status == ExitCode.badInput.rawValue, "\(json)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && result.stderr.contains(mention), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(json)")
        }
    }

    @Test(.enabled(if: PDFSigning.toolsAvailable))
    func aSignedFormIsFilledIncrementallyAndItsSignatureStaysValid() throws {
        let folder = try TemporaryDirectory()
        let signed = folder.file("signed.pdf")
        let original = try Fixtures.bytes(Fixtures.corpus("forms-large/src/irs_1099div.pdf"))
        let signedBytes = try PDFSigning.sign(original)
        try Data(signedBytes).write(to: signed)
        #expect(try PDFSigning.verdicts(signed) == ["Signature is Valid."])
        let text = try #require(try fields(signed).first { $0.kind == "text" && $0.maxLength == nil }?.name)
        let data = folder.file("data.json"), output = folder.file("filled.pdf")
        try JSONEncoder().encode([text: "Signed and filled"]).write(to: data)
        let result = try CLIProcess.run(["fill", signed.path, data.path, output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("incremental"), "\(result.stderr)")
        let written = try Fixtures.bytes(output)
        #expect(written.starts(with: signedBytes))
        #expect(try PDFSigning.verdicts(output) == ["Signature is Valid."])
        try expectValues(output, [text: "Signed and filled"])
    }

    @Test func aFormLegibleDetectedFillsBack() throws {
        let folder = try TemporaryDirectory()
        let detected = folder.file("fillable.pdf")
        let made = try CLIProcess.run(["forms", Fixtures.sample("flat-form.pdf").path, detected.path])
        #expect(made.status == 0, "\(made.stderr)")
        let entries = try fields(detected)
        #expect(entries.contains { $0.kind == "comb" } && entries.contains { $0.kind == "checkbox" })
        let values = plan(entries)
        let data = folder.file("data.json"), output = folder.file("filled.pdf")
        try JSONEncoder().encode(values).write(to: data)
        let result = try CLIProcess.run(["fill", detected.path, data.path, output.path])
        #expect(result.status == 0, "\(result.stderr)")
        try expectValues(output, values)
        let shown = try Tool.pdftotext(output).filter { !$0.isWhitespace }
        for (name, value) in values where entries.first(where: { $0.name == name })?.kind.hasPrefix("text") == true {
            #expect(shown.contains(value), "\(name)")
        }
    }

    @Test func helpListsTheExitCodesAndTheDataFormats() {
        for spec in [Help.fieldsSpec, Help.fillSpec] {
            #expect(spec.helpText.contains("Exit codes") || spec.helpText.contains("exit"), "\(spec.name)")
        }
        #expect(Help.fillSpec.helpText.contains("FDF") && Help.fillSpec.helpText.contains("XFDF"))
    }
}
