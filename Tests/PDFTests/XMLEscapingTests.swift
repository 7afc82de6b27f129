import Foundation
import PDF
import Testing
import TestSupport

/// `XMLEscaping`, the one set of rules for the XML Legible writes (XMP, hOCR, ALTO), read back
/// by an independent parser (Python's expat, through xml.dom.minidom).
@Suite struct XMLEscapingTests {
    /// Every character that needs care, and some that do not.
    private let nasty = "a&b <c> \"d\" 'e' tab\there\nline\rcr \u{1}\u{8}\u{1F} é ☃ 𝄞 &amp;"
    /// What a parser must read back: the disallowed control characters became spaces.
    private var expected: String { "a&b <c> \"d\" 'e' tab\there\nline\rcr     é ☃ 𝄞 &amp;" }

    /// The attribute `v` of the root and the root's text, as Python's XML parser reads `xml`.
    private func parsed(_ xml: String) throws -> (attribute: String, text: String) {
        let folder = try TemporaryDirectory()
        let file = folder.file("doc.xml")
        try Data(xml.utf8).write(to: file)
        let script = """
        import json, sys, xml.dom.minidom
        root = xml.dom.minidom.parse(sys.argv[1]).documentElement
        text = "".join(n.data for n in root.childNodes if n.nodeType == n.TEXT_NODE)
        print(json.dumps([root.getAttribute("v"), text]))
        """
        let result = try Tool.run("python3", ["-c", script, file.path])
        #expect(result.status == 0, "not well-formed: \(result.stderr)")
        let values = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String])
        return (values[0], values[1])
    }

    @Test func attributesAndTextReadBackAsWritten() throws {
        let xml = "<r v=\"\(XMLEscaping.attribute(nasty))\">\(XMLEscaping.text(nasty))</r>"
        let read = try parsed(xml)
        #expect(read.attribute == expected)
        // Element content keeps line ends as parsers report them: a lone CR reads as LF.
        #expect(read.text == expected.replacingOccurrences(of: "\r", with: "\n"))
        let single = try parsed("<r v='\(XMLEscaping.attribute(nasty))'>\(XMLEscaping.text(nasty, escapingDoubleQuotes: true))</r>")
        #expect(single.attribute == expected)
    }

    @Test func theFormsEachWriterHasAlwaysWritten() {
        #expect(XMLEscaping.text("a<b>&\"c\" 'd'") == "a&lt;b&gt;&amp;\"c\" 'd'")
        #expect(XMLEscaping.text("\"c\"", escapingDoubleQuotes: true) == "&quot;c&quot;")
        #expect(XMLEscaping.attribute("don't \"x\"") == "don&apos;t &quot;x&quot;")
        #expect(XMLEscaping.text("plain text, ünïcödé") == "plain text, ünïcödé")
    }
}
