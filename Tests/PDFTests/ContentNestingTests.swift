import Foundation
import Testing
@testable import PDF
import TestSupport

/// Content-stream operands are bounded in nesting like objects are (`Parser.maxDepth`): a
/// `TJ` array nested 50,000 deep overflowed the stack of every command. Each case runs in a
/// child process (exit test), so a crash fails the test instead of ending the run.
@Suite struct ContentNestingTests {
    @Test func fiftyThousandNestedOperandArraysEndTheStreamWithLimitExceeded() async {
        await #expect(processExitsWith: .exitCode(0)) {
            let content = Array("BT ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 50_000)
                + [UInt8](repeating: UInt8(ascii: "]"), count: 50_000) + Array(" TJ ET".utf8)
            var tokens = ContentStreamTokenizer(content)
            do {
                while try tokens.nextOperation() != nil {}
                exit(1)
            } catch let error as PDFError where error.code == .limitExceeded {
                exit(0)
            } catch {
                exit(2)
            }
        }
    }

    /// `[ >> [ >> …`: each `>>` closes nothing inside an array, so the depth count of the
    /// tokens stays at 2 while the objects would nest 50,000 deep.
    @Test func mismatchedClosersCannotDeepenTheOperands() async {
        await #expect(processExitsWith: .success) {
            let content = Array("[".utf8) + Array(String(repeating: "[ >> ", count: 50_000).utf8) + Array("] TJ".utf8)
            _ = Array(ContentStreamTokenizer(content))
        }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = ContentStreamTokenizer.maxDepth
        let content = String(repeating: "[", count: depth) + "(x)" + String(repeating: "]", count: depth) + " TJ"
        var tokens = ContentStreamTokenizer(Array(content.utf8))
        let operation = try #require(try tokens.nextOperation())
        #expect(operation.op == "TJ")
        var level = operation.operands.first
        var levels = 0
        while case .array(let items)? = level { levels += 1; level = items.first }
        #expect(levels == depth)
        #expect(level == .string(Array("x".utf8)))
    }

    @Test func theLenientSequenceStopsAndSaysWhy() {
        var tokens = ContentStreamTokenizer(Array(("q " + String(repeating: "[", count: 1_000) + " TJ Q").utf8))
        #expect(tokens.next()?.op == "q")
        #expect(tokens.next() == nil)
        #expect(tokens.failure?.code == .limitExceeded)
    }

    @Test func aDocumentPageWithDeepOperandsReadsWithoutCrashing() async {
        await #expect(processExitsWith: .success) {
            let document = try PDFDocument(bytes: HostilePDFs.nestedArrayContent())
            let page = try document.pages()[0]
            var tokens = ContentStreamTokenizer(try document.contents(of: page))
            while tokens.next() != nil {}
            if tokens.failure == nil { exit(1) }
        }
    }
}
