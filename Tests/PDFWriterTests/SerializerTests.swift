import Foundation
import Testing
@testable import PDF
import PDFWriter

private func text(_ object: PDFObject) -> String {
    String(decoding: Serializer.bytes(object), as: UTF8.self)
}

/// Reads the serialized bytes back with the reader's parser.
private func reparse(_ object: PDFObject) throws -> PDFObject {
    var parser = Parser(bytes: Serializer.bytes(object))
    return try parser.parseObject()
}

private func deterministicBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed | 1
    return (0..<count).map { _ in
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}

@Suite struct SerializerScalarTests {
    @Test func scalars() {
        #expect(text(.null) == "null")
        #expect(text(.bool(true)) == "true")
        #expect(text(.bool(false)) == "false")
        #expect(text(.int(0)) == "0")
        #expect(text(.int(-42)) == "-42")
        #expect(text(.int(Int.max)) == "9223372036854775807")
        #expect(text(.reference(ObjectRef(12, 0))) == "12 0 R")
        #expect(text(.reference(ObjectRef(7, 3))) == "7 3 R")
    }

    static let reals: [(Double, String)] = [
        (0.1, "0.1"), (0.5, "0.5"), (-2.5, "-2.5"), (1.0, "1"), (-0.0, "0"), (0.0, "0"),
        (1e-7, "0.0000001"), (-1e-7, "-0.0000001"), (4e-11, "0"), (1.0 / 1536, "0.000651042"), (1.0 / 3.0, "0.333333"), (-2.0 / 3.0, "-0.666667"),
        (1.0 / 2048, "0.00048828125"), (-1.5e-7, "-0.00000015"), (0.07, "0.07"), (1234.5678, "1234.5678"),
        (123.456789, "123.456789"), (2.0000001, "2.0000001"), (2.0 + 1e-13, "2"), (72.000001, "72.000001"), (612.0, "612"),
        (-1234567.125, "-1234567.125"), (1e20, "100000000000000000000"),
    ]

    @Test(arguments: reals)
    func realsHaveNoExponentAndKeepTheirExactShortValue(value: Double, expected: String) {
        #expect(Serializer.formatReal(value) == expected)
        #expect(text(.real(value)) == expected)
    }

    @Test func nonFiniteRealsBecomeZero() {
        #expect(Serializer.formatReal(.nan) == "0")
        #expect(Serializer.formatReal(.infinity) == "0")
        #expect(Serializer.formatReal(-.infinity) == "0")
    }

    @Test func realsReadBackWithinAMillionth() throws {
        var value = -5000.0
        while value < 5000 {
            let back = try reparse(.real(value)).numberValue
            #expect(back.map { abs($0 - value) <= 5e-7 } == true, "\(value)")
            value += 97.123457
        }
    }
}

@Suite struct SerializerNameTests {
    @Test func delimitersWhitespaceAndHashAreEscaped() {
        #expect(text(.name("Type")) == "/Type")
        #expect(text(.name("A B")) == "/A#20B")
        #expect(text(.name("A#B")) == "/A#23B")
        #expect(text(.name("A/B")) == "/A#2FB")
        #expect(text(.name("()<>[]{}%")) == "/#28#29#3C#3E#5B#5D#7B#7D#25")
        #expect(text(.name("tab\there")) == "/tab#09here")
        #expect(text(.name("")) == "/")
        // Names hold one scalar per byte: U+00E9 is the byte E9; wider scalars become UTF-8.
        #expect(text(.name("é")) == "/#E9")
        #expect(text(.name("€")) == "/#E2#82#AC")
        #expect(text(.name("~!*+-.")) == "/~!*+-.")
    }

    @Test(arguments: ["Type", "A B", "F#1", "paired()parentheses", "Lime Green", "a/b", "ÄÖÜ", "", "#23"])
    func namesReadBackUnchanged(name: String) throws {
        #expect(try reparse(.name(name)) == .name(name))
    }

    /// A name read from a file must be written back byte for byte, even when its bytes are not
    /// UTF-8 (Shift-JIS font names, Latin-1 resource names): rewriting must not rename fonts.
    @Test(arguments: ["/Caf#E9", "/#82l#82r#83S#83V#83b#83N", "/F#FF"])
    func namesFromFilesAreWrittenBackByteForByte(source: String) throws {
        var parser = Parser(bytes: Array(source.utf8))
        let name = try parser.parseObject()
        #expect(text(name) == source)
    }
}

@Suite struct SerializerStringTests {
    @Test func literalStringsEscapeParenthesesAndBackslashes() {
        #expect(text(.string(Array("a(b)c\\".utf8))) == "(a\\(b\\)c\\\\)")
        #expect(text(.string(Array(")(".utf8))) == "(\\)\\()")
        #expect(text(.string([])) == "()")
    }

    @Test func lineEndsAndControlsAreEscaped() {
        #expect(text(.string(Array("line1\nline2\r".utf8))) == "(line1\\nline2\\r)")
        #expect(text(.string(Array("a\tb c d e f g h".utf8))) == "(a\\011b c d e f g h)")
    }

    @Test func mostlyTextWithSomeNonASCIIStaysLiteralWithOctal() {
        #expect(text(.string(Array("café au lait".utf8))) == "(caf\\303\\251 au lait)")
    }

    @Test func binaryStringsAreHex() {
        #expect(text(.string([0x00, 0xFF, 0x10, 0x80])) == "<00FF1080>")
        #expect(text(.string([0xFE, 0xFF, 0x00, 0x41])) == "<FEFF0041>")   // UTF-16BE "A"
    }

    @Test func everyByteStringReadsBack() throws {
        var samples: [[UInt8]] = [Array(0...255).map(UInt8.init), [0x5C], [0x28], [0x29], [0x0D, 0x0A], [0x0D], Array("\\\\(()".utf8)]
        for seed in 1...40 { samples.append(deterministicBytes(seed * 7, seed: UInt64(seed))) }
        samples.append(Array("Plain text with (balanced) and \\ backslash and ) unbalanced".utf8))
        for bytes in samples {
            #expect(try reparse(.string(bytes)) == .string(bytes), "\(bytes)")
        }
    }
}

@Suite struct SerializerCompositeTests {
    @Test func arraysAndDictionariesAreCompactButUnambiguous() {
        let dict = PDFDictionary([
            ("Type", .name("Page")), ("Count", .int(3)), ("Kids", .array([.reference(ObjectRef(1)), .int(2)])),
            ("Sub", .dictionary(PDFDictionary([("A", .bool(true))]))), ("S", .string(Array("x".utf8))),
            ("R", .real(-0.5)), ("P", .reference(ObjectRef(4))), ("N", .null),
        ])
        #expect(text(.dictionary(dict)) == "<</Type/Page/Count 3/Kids[1 0 R 2]/Sub<</A true>>/S(x)/R -0.5/P 4 0 R>>")
        #expect(text(.array([.int(1), .name("A"), .name("B"), .string([0x79]), .array([]), .dictionary(PDFDictionary())]))
                == "[1 /A /B (y) [] <<>>]")
    }

    @Test func aStreamWritesOnlyItsDictionary() {
        let stream = PDFStream(dictionary: PDFDictionary([("Length", .int(5))]), data: Array("hello".utf8))
        #expect(text(.stream(stream)) == "<</Length 5>>")
    }

    @Test func nestedObjectsReadBackEqual() throws {
        let object = PDFObject.dictionary(PDFDictionary([
            ("Type", .name("Annot")), ("Rect", .array([.real(10.5), .int(20), .real(-30.25), .int(40)])),
            ("Contents", .string(Array("Note (with parens) \\ and é".utf8))), ("Border", .array([.int(0), .int(0), .int(1)])),
            ("AP", .dictionary(PDFDictionary([("N", .reference(ObjectRef(9, 0)))]))), ("F", .int(4)),
            ("Names", .array([.name("A B"), .name("#"), .string([0, 1, 2, 3])])), ("Open", .bool(false)),
            ("Deep", .array([.array([.array([.dictionary(PDFDictionary([("K", .null), ("L", .int(1))]))])])])),
        ]))
        #expect(try reparse(object) == object)
    }
}
