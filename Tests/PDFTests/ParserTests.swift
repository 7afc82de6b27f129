import Testing
@testable import PDF

private func parse(_ text: String) throws -> PDFObject {
    var parser = Parser(bytes: Array(text.utf8))
    return try parser.parseObject()
}

/// Parses `N G obj … endobj`; `lengths` answers indirect `/Length` look-ups.
private func parseIndirect(_ bytes: [UInt8], lengths: [ObjectRef: Int] = [:]) throws -> (ObjectRef, PDFObject) {
    var parser = Parser(bytes: bytes)
    return try parser.parseIndirectObject { lengths[$0] }
}

private func parseIndirect(_ text: String, lengths: [ObjectRef: Int] = [:]) throws -> (ObjectRef, PDFObject) {
    try parseIndirect(Array(text.utf8), lengths: lengths)
}

@Suite struct DirectObjectTests {
    @Test func scalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse("true") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("42") == .int(42))
        #expect(try parse("-.5") == .real(-0.5))
        #expect(try parse("(x)") == .string([0x78]))
        #expect(try parse("<78>") == .string([0x78]))
        #expect(try parse("/N") == .name("N"))
    }

    @Test func referencesAreThreeTokens() throws {
        #expect(try parse("12 0 R") == .reference(ObjectRef(12, 0)))
        #expect(try parse("12 3 R") == .reference(ObjectRef(12, 3)))
        #expect(try parse("[1 0 R 2 0 R]") == .array([.reference(ObjectRef(1)), .reference(ObjectRef(2))]))
        #expect(try parse("[1 0 R 5 6 7 0 R]") == .array([.reference(ObjectRef(1)), .int(5), .int(6), .reference(ObjectRef(7))]))
        #expect(try parse("[1 2 3]") == .array([.int(1), .int(2), .int(3)]))
        #expect(try parse("[1 0]") == .array([.int(1), .int(0)]))
        #expect(try parse("[0 0 612 792]") == .array([.int(0), .int(0), .int(612), .int(792)]))
    }

    @Test func dictionariesWithoutWhitespace() throws {
        let object = try parse("<</Type/Page/Parent 3 0 R/Kids[4 0 R]/Sub<</A 1>>/Name/X/S(s)>>")
        let dict = try #require(object.dictionaryValue)
        #expect(dict["Type"] == .name("Page"))
        #expect(dict["Parent"] == .reference(ObjectRef(3)))
        #expect(dict["Kids"] == .array([.reference(ObjectRef(4))]))
        #expect(dict["Sub"]?.dictionaryValue?["A"] == .int(1))
        #expect(dict["Name"] == .name("X"))
        #expect(dict["S"] == .string([0x73]))
        #expect(dict.orderedKeys == ["Type", "Parent", "Kids", "Sub", "Name", "S"])
    }

    @Test func aNullValueIsTheSameAsAnAbsentKey() throws {
        let dict = try #require(try parse("<< /A null /B 1 >>").dictionaryValue)
        #expect(dict["A"] == nil)
        #expect(dict.count == 1)
    }

    @Test func aKeyWithoutValueBeforeTheEndIsDropped() throws {
        let dict = try #require(try parse("<< /A 1 /B >>").dictionaryValue)
        #expect(dict["A"] == .int(1))
        #expect(dict["B"] == nil)
    }

    @Test func junkBetweenEntriesIsSkipped() throws {
        let dict = try #require(try parse("<< 17 /A 1 (junk) /B 2 >>").dictionaryValue)
        #expect(dict["A"] == .int(1))
        #expect(dict["B"] == .int(2))
    }

    @Test func laterDuplicateKeysReplaceEarlierOnes() throws {
        let dict = try #require(try parse("<< /A 1 /A 2 >>").dictionaryValue)
        #expect(dict["A"] == .int(2))
        #expect(dict.count == 1)
    }

    @Test func commentsInsideObjects() throws {
        let object = try parse("<< /A % a comment >> not the end\n [1 %2\n 3] >>")
        #expect(object.dictionaryValue?["A"] == .array([.int(1), .int(3)]))
    }

    @Test func nestingWithinTheLimitParses() throws {
        let depth = 100
        var object = try parse(String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
        for _ in 0..<depth - 1 { object = object.arrayValue?.first ?? .null }
        #expect(object == .array([.int(1)]))
    }

    @Test func unterminatedCompositesAreMalformed() throws {
        expectPDFError(.malformed) { try parse("[1 2") }
        expectPDFError(.malformed) { try parse("<< /A 1") }
        expectPDFError(.malformed) { try parse("") }
        expectPDFError(.malformed) { try parse("]") }
        expectPDFError(.malformed) { try parse("endobj") }
        let notAReference = try parse("[1.0 0 R]")   // a real is not an object number
        #expect(notAReference.arrayValue?.contains { $0.referenceValue != nil } == false)
    }

    /// `Parser.maxDepth` (256) protects the stack; it must hold for arrays and dictionaries
    /// nested inside other composites, not only at the outermost call.
    @Test(arguments: ["[", "<</A "])
    func nestingBeyondTheLimitIsRefused(opener: String) {
        let hostile = String(repeating: opener, count: Parser.maxDepth + 50)
        expectPDFError(.limitExceeded) { try parse(hostile) }
    }
}

@Suite struct IndirectObjectTests {
    @Test func plainIndirectObjects() throws {
        let (ref, value) = try parseIndirect("7 0 obj\n42\nendobj")
        #expect(ref == ObjectRef(7, 0))
        #expect(value == .int(42))
        let (ref2, value2) = try parseIndirect("8 2 obj<</A[1 0 R]>>endobj")
        #expect(ref2 == ObjectRef(8, 2))
        #expect(value2.dictionaryValue?["A"] == .array([.reference(ObjectRef(1))]))
    }

    @Test func aMissingHeaderIsMalformed() {
        expectPDFError(.malformed) { try parseIndirect("7 0 xobj 1 endobj") }
        expectPDFError(.malformed) { try parseIndirect("7 obj 1 endobj") }
    }

    @Test func streamDataIsTakenByLength() throws {
        let (_, value) = try parseIndirect("1 0 obj << /Length 5 >> stream\nhello\nendstream\nendobj")
        #expect(value.streamValue?.data == Array("hello".utf8))
    }

    @Test func crlfAfterTheStreamKeywordIsNotData() throws {
        let (_, value) = try parseIndirect("1 0 obj << /Length 5 >> stream\r\nhello\r\nendstream\r\nendobj")
        #expect(value.streamValue?.data == Array("hello".utf8))
    }

    @Test func streamDataMayContainTheWordEndstream() throws {
        let data = "a endstream b"
        let (_, value) = try parseIndirect("1 0 obj << /Length \(data.utf8.count) >> stream\n\(data)\nendstream\nendobj")
        #expect(value.streamValue?.data == Array(data.utf8))
    }

    @Test func binaryStreamData() throws {
        let data: [UInt8] = [0, 255, 0x0D, 0x0A, 0x65, 0x6E, 0x64, 10, 13]
        let bytes = Array("1 0 obj << /Length 9 >> stream\n".utf8) + data + Array("\nendstream endobj".utf8)
        let (_, value) = try parseIndirect(bytes)
        #expect(value.streamValue?.data == data)
    }

    @Test func anIndirectLengthIsResolved() throws {
        let (_, value) = try parseIndirect("1 0 obj << /Length 9 0 R >> stream\nhello\nendstream\nendobj",
                                           lengths: [ObjectRef(9): 5])
        #expect(value.streamValue?.data == Array("hello".utf8))
        #expect(value.streamValue?.dictionary["Length"] == .reference(ObjectRef(9)))
    }

    @Test(arguments: ["2", "5", "10", "13", "1000", "-4", "9 0 R", "(x)"])
    func aWrongLengthFallsBackToEndstream(length: String) throws {
        let (_, value) = try parseIndirect("1 0 obj << /Length \(length) >> stream\nhello world\nendstream\nendobj")
        #expect(value.streamValue?.data == Array("hello world".utf8))
    }

    @Test func aLengthThatCoversTheEndOfLineIsTrusted() throws {
        let (_, value) = try parseIndirect("1 0 obj << /Length 12 >> stream\nhello world\nendstream\nendobj")
        #expect(value.streamValue?.data == Array("hello world\n".utf8))
    }

    @Test func aMissingLengthFallsBackToEndstream() throws {
        let (_, value) = try parseIndirect("1 0 obj <<>> stream\r\nhello\r\nendstream endobj")
        #expect(value.streamValue?.data == Array("hello".utf8))
    }

    @Test func aStreamWithoutEndstreamIsMalformed() {
        let error = expectPDFError(.malformed) { try parseIndirect("4 0 obj << /Length 50 >> stream\nhello") }
        #expect(error?.object == ObjectRef(4))
    }
}
