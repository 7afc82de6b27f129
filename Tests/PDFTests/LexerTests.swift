import Testing
@testable import PDF

/// The tokens of `text`, up to the end of data.
private func tokens(_ text: String) throws -> [Token] {
    try tokens(Array(text.utf8))
}

private func tokens(_ bytes: [UInt8]) throws -> [Token] {
    var lexer = Lexer(bytes: bytes)
    var out: [Token] = []
    while true {
        let token = try lexer.next()
        if token == .eof { return out }
        out.append(token)
        if out.count > 10_000 { Issue.record("lexer does not advance"); return out }
    }
}

/// The single token of `text`.
private func token(_ text: String) throws -> Token {
    let all = try tokens(text)
    try #require(all.count == 1, "expected one token in \(text), got \(all)")
    return all[0]
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct NumberTokenTests {
    @Test(arguments: [
        ("0", Token.int(0)), ("123", .int(123)), ("-17", .int(-17)), ("+3", .int(3)), ("007", .int(7)),
        ("-0", .int(0)),
        ("-.5", .real(-0.5)), (".5", .real(0.5)), ("1.", .real(1)), ("+.25", .real(0.25)),
        ("34.5", .real(34.5)), ("-3.62", .real(-3.62)), ("0.0", .real(0)), ("-.002", .real(-0.002)),
    ])
    func numbersFollowISO32000(text: String, expected: Token) throws {
        let found = try token(text)
        switch (found, expected) {
        case (.real(let a), .real(let b)): #expect(abs(a - b) < 1e-12, "\(text) → \(a)")
        default: #expect(found == expected, "\(text)")
        }
    }

    @Test(arguments: ["+", "-", ".", "1.2.3", "1e5", "--", "+-."])
    func malformedNumbersAreKeywordsNotNumbers(text: String) throws {
        #expect(try token(text) == .keyword(text))
    }

    /// Acrobat, pdf.js and poppler all read a doubled minus as one minus (pdf.js's lexer says so
    /// in a comment: "ignore double negative (this is consistent with Adobe Reader)"); the
    /// lexer's own doc comment promises the same leniency.
    @Test func doubledMinusIsStillNegative() throws {
        #expect(try token("--2") == .int(-2))
    }

    @Test func integerOverflowBecomesAFiniteRealNotACrash() throws {
        guard case .real(let value) = try token("99999999999999999999999") else {
            Issue.record("expected a real"); return
        }
        #expect(value.isFinite && value > 1e18)
        guard case .real(let negative) = try token("-99999999999999999999999") else {
            Issue.record("expected a real"); return
        }
        #expect(negative.isFinite && negative < -1e18)
    }
}

@Suite struct NameTokenTests {
    @Test func hexEscapesInNamesAreDecoded() throws {
        #expect(try token("/A#20B") == .name("A B"))
        #expect(try token("/#41#42") == .name("AB"))
        #expect(try token("/Lime#20Green") == .name("Lime Green"))
        #expect(try token("/paired#28#29parentheses") == .name("paired()parentheses"))
        #expect(try token("/The_Key_of_F#23_Minor") == .name("The_Key_of_F#_Minor"))
    }

    @Test func anIncompleteOrInvalidEscapeIsKeptLiterally() throws {
        #expect(try token("/A#2") == .name("A#2"))
        #expect(try token("/A#G0") == .name("A#G0"))
    }

    @Test func theEmptyNameIsAName() throws {
        #expect(try tokens("/ 1") == [.name(""), .int(1)])
    }

    @Test func namesEndAtDelimitersWithoutWhitespace() throws {
        #expect(try tokens("/A/B[1 2]<<>>") == [.name("A"), .name("B"), .arrayStart, .int(1), .int(2), .arrayEnd,
                                               .dictStart, .dictEnd])
        #expect(try tokens("/Type/Page/Parent 3 0 R") == [.name("Type"), .name("Page"), .name("Parent"),
                                                          .int(3), .int(0), .keyword("R")])
        #expect(try tokens("/F1(text)") == [.name("F1"), .string(bytes("text"))])
        #expect(try tokens("/A%comment\n/B") == [.name("A"), .name("B")])
    }

    /// Names are byte sequences (ISO 32000-1 §7.3.5). Font names in Japanese files are Shift-JIS,
    /// e.g. `/#82l#82r#83S#83V#83b#83N` (ＭＳゴシック); two different byte sequences must stay two
    /// different names, or two resources collapse into one key.
    @Test func namesThatAreNotUTF8StayDistinct() throws {
        #expect(try token("/A#E9") != token("/A#EA"))
        #expect(try token("/#82l#82r") != token("/#83l#83r"))
    }
}

@Suite struct StringTokenTests {
    @Test func literalStringsKeepBalancedParentheses() throws {
        #expect(try token("(a(b)c)") == .string(bytes("a(b)c")))
        #expect(try token("(())") == .string(bytes("()")))
        #expect(try token("(a(b(c)d)e)") == .string(bytes("a(b(c)d)e")))
    }

    @Test func escapedParenthesesNeedNotBalance() throws {
        #expect(try token("(a\\)b)") == .string(bytes("a)b")))
        #expect(try token("(\\(x)") == .string(bytes("(x")))
    }

    @Test func namedEscapes() throws {
        #expect(try token("(\\n\\r\\t\\b\\f\\\\\\(\\))") == .string([0x0A, 0x0D, 0x09, 0x08, 0x0C, 0x5C, 0x28, 0x29]))
    }

    @Test func unknownEscapesDropTheBackslash() throws {
        #expect(try token("(\\q\\%)") == .string(bytes("q%")))
    }

    @Test func octalEscapesTakeOneToThreeDigits() throws {
        #expect(try token("(\\053)") == .string(bytes("+")))
        #expect(try token("(\\53)") == .string(bytes("+")))
        #expect(try token("(\\5x)") == .string([5, 0x78]))
        #expect(try token("(\\0053)") == .string([5, 0x33]))      // at most three digits
        #expect(try token("(\\101\\102C)") == .string(bytes("ABC")))
        #expect(try token("(\\377)") == .string([0xFF]))
        #expect(try token("(\\8)") == .string(bytes("8")))          // 8 is not octal
    }

    @Test func overflowingOctalKeepsTheLowByte() throws {
        // §7.3.4.2: high-order overflow shall be ignored.
        #expect(try token("(\\777)") == .string([0xFF]))
    }

    @Test func backslashAtEndOfLineContinuesTheString() throws {
        #expect(try token("(ab\\\ncd)") == .string(bytes("abcd")))
        #expect(try token("(ab\\\r\ncd)") == .string(bytes("abcd")))
        #expect(try token("(ab\\\rcd)") == .string(bytes("abcd")))
    }

    @Test func endOfLineInsideAStringIsReadAsLineFeed() throws {
        #expect(try token("(a\r\nb)") == .string(bytes("a\nb")))
        #expect(try token("(a\rb)") == .string(bytes("a\nb")))
        #expect(try token("(a\nb)") == .string(bytes("a\nb")))
    }

    @Test func commentsAndDelimitersInsideStringsAreText() throws {
        #expect(try token("(100% /not a name [x] <y>)") == .string(bytes("100% /not a name [x] <y>")))
    }

    @Test func bytesAbove127PassThrough() throws {
        #expect(try tokens([0x28, 0xE9, 0x00, 0xFF, 0x29]) == [.string([0xE9, 0x00, 0xFF])])
    }

    @Test func unterminatedLiteralStringIsMalformed() throws {
        expectPDFError(.malformed) { try tokens("(abc") }
        expectPDFError(.malformed) { try tokens("(abc\\") }
    }

    @Test func hexStrings() throws {
        #expect(try token("<48656C6C6F>") == .string(bytes("Hello")))
        #expect(try token("<48 65\n6c\t6C 6f>") == .string(bytes("Hello")))
        #expect(try token("<>") == .string([]))
        #expect(try token("< >") == .string([]))
    }

    @Test func anOddFinalHexDigitIsFollowedByZero() throws {
        #expect(try token("<901FA>") == .string([0x90, 0x1F, 0xA0]))
        #expect(try token("<7>") == .string([0x70]))
    }

    @Test func invalidOrUnterminatedHexStringsAreMalformed() throws {
        expectPDFError(.malformed) { try tokens("<4G>") }
        expectPDFError(.malformed) { try tokens("<4848") }
    }
}

@Suite struct SyntaxTokenTests {
    @Test func keywordsAndDelimiters() throws {
        #expect(try tokens("true false null obj endobj R { }") == [
            .keyword("true"), .keyword("false"), .keyword("null"), .keyword("obj"), .keyword("endobj"),
            .keyword("R"), .keyword("{"), .keyword("}"),
        ])
        #expect(try tokens("[]<<>>") == [.arrayStart, .arrayEnd, .dictStart, .dictEnd])
    }

    @Test func commentsRunToEndOfLineAnywhere() throws {
        #expect(try tokens("1 % one\n2%two\r3 %three") == [.int(1), .int(2), .int(3)])
        #expect(try tokens("%only a comment") == [])
        #expect(try tokens("[1%x]\n2]") == [.arrayStart, .int(1), .int(2), .arrayEnd])
        #expect(try tokens("<</A 1%>>\n>>") == [.dictStart, .name("A"), .int(1), .dictEnd])
    }

    @Test func allSixWhitespaceCharactersSeparateTokens() throws {
        #expect(try tokens([0x31, 0x00, 0x32, 0x09, 0x33, 0x0A, 0x34, 0x0C, 0x35, 0x0D, 0x36, 0x20, 0x37])
            == (1...7).map { Token.int($0) })
    }

    @Test func numbersEndAtDelimiters() throws {
        #expect(try tokens("[1 2.5(x)-3]") == [.arrayStart, .int(1), .real(2.5), .string(bytes("x")), .int(-3), .arrayEnd])
        #expect(try tokens("1/A") == [.int(1), .name("A")])
    }

    @Test func strayClosingDelimitersAreMalformed() throws {
        var lexer = Lexer(bytes: bytes(") x"))
        expectPDFError(.malformed) { try lexer.next() }
        #expect(try lexer.next() == .keyword("x"))
    }

    /// A stray `>` must be consumed like a stray `)`, or every caller that skips bad tokens
    /// (the content-stream tokenizer) sees the same error forever.
    @Test func aStrayGreaterThanIsConsumed() throws {
        var lexer = Lexer(bytes: bytes("> x"))
        expectPDFError(.malformed) { try lexer.next() }
        #expect(try lexer.next() == .keyword("x"))
    }

    @Test func lexingARangeStopsAtItsEnd() throws {
        var lexer = Lexer(bytes: bytes("1 2 3 4"), position: 2, end: 5)
        #expect(try lexer.next() == .int(2))
        #expect(try lexer.next() == .int(3))
        #expect(try lexer.next() == .eof)
    }
}
