import Testing
@testable import PDF

private func parse(_ text: String) throws -> PDFObject {
    var parser = Parser(bytes: Array(text.utf8))
    return try parser.parseObject()
}

/// Junk inside arrays and dictionaries reads as `null`, and a composite left open ends at the
/// next keyword that cannot be inside an object: what qpdf does with its `bad13.pdf`–`bad20.pdf`
/// and `global_damaged.pdf` trailers.
@Suite struct MalformedSyntaxTests {
    /// `bad13.pdf` `{`, `bad14.pdf` `}`, `bad15.pdf` `]`, `bad18.pdf` `)`, `bad19.pdf` `>`,
    /// `bad20.pdf` `<abqd>`, `global_damaged.pdf` `!2`: each as the value of `/Something`.
    @Test(arguments: ["{", "}", "]", ")", ">", "<abqd>", "[ [ /1 !2 !3 /5 ] ]"])
    func junkValuesInATrailerReadAsNull(junk: String) throws {
        let dict = try #require(try parse("<< /Size 7 /Root 1 0 R /Something \(junk)\n>>").dictionaryValue)
        #expect(dict["Size"] == .int(7))
        #expect(dict["Root"] == .reference(ObjectRef(1)))
    }

    @Test func junkInsideAnArrayReadsAsNull() throws {
        #expect(try parse("[1 { 2 } 3]") == .array([.int(1), .null, .int(2), .null, .int(3)]))
        #expect(try parse("[/A >> /B]") == .array([.name("A"), .null, .name("B")]))
    }

    @Test func aDictionaryLeftOpenEndsAtEndobj() throws {
        var parser = Parser(bytes: Array("7 0 obj << /Type /Catalog /Pages 2 0 R endobj".utf8))
        let (ref, object) = try parser.parseIndirectObject { _ in nil }
        #expect(ref == ObjectRef(7))
        #expect(object.dictionaryValue?["Pages"] == .reference(ObjectRef(2)))
    }

    @Test func aStreamDictionaryLeftOpenStillHasItsStream() throws {
        var parser = Parser(bytes: Array("4 0 obj << /Length 5 stream\nhello\nendstream endobj".utf8))
        let (_, object) = try parser.parseIndirectObject { _ in nil }
        #expect(object.streamValue?.data == Array("hello".utf8))
    }

    @Test func anArrayLeftOpenEndsAtTheNextObjectHeader() throws {
        var parser = Parser(bytes: Array("[1 2 3 0 obj".utf8))
        #expect(try parser.parseObject() == .array([.int(1), .int(2), .int(3), .int(0)]))
        #expect(try parser.nextToken() == .keyword("obj"))
    }

    @Test func theTopLevelIsStillStrict() {
        expectPDFError(.malformed) { try parse("{") }
        expectPDFError(.malformed) { try parse("[1 2") }
        expectPDFError(.malformed) { try parse("<< /A") }
    }
}
