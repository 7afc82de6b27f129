import Foundation
import Testing
@testable import PDF
import TestSupport

/// Hostile input must end in a typed error (or a successful read), never in a crash. A crash
/// would take the whole test process down, so each case runs in a child process (exit test)
/// and the parent only checks how it ended.
@Suite struct HostileInputTests {
    /// 10,000 nested arrays: `PDFError.limitExceeded`, not a stack overflow.
    @Test func tenThousandNestedArraysAreRefusedWithLimitExceeded() async {
        await #expect(processExitsWith: .exitCode(0)) {
            var parser = Parser(bytes: Array(String(repeating: "[", count: 10_000).utf8))
            do {
                _ = try parser.parseObject()
                exit(1)
            } catch let error as PDFError where error.code == .limitExceeded {
                exit(0)
            } catch {
                exit(2)
            }
        }
    }

    /// The same inside a document: a trailer of 100,000 `[` (what qpdf's `issue-146.pdf` holds).
    @Test func aDocumentWithAHugelyNestedTrailerDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            var pdf = PDFFixtures.simpleDocument()
            pdf.trailerExtra = "/Junk " + String(repeating: "[", count: 100_000)
            do {
                let document = try PDFDocument(bytes: pdf.bytes)
                _ = try? document.pages()
            } catch is PDFError {}
        }
    }

    @Test func qpdfIssue146DoesNotCrash() async throws {
        try #require(FileManager.default.fileExists(atPath: PDFFixtures.corpus("pdf/qpdf/issue-146.pdf").path))
        await #expect(processExitsWith: .success) {
            let bytes = (try? PDFFixtures.bytes(of: PDFFixtures.corpus("pdf/qpdf/issue-146.pdf"))) ?? []
            do {
                let document = try PDFDocument(bytes: bytes)
                _ = try? document.pages()
            } catch is PDFError {}
        }
    }

    /// A page tree whose every node lists the next one twice, down to a broken node: 2ⁿ
    /// paths to the same place. Found by `make fuzz` (it took seconds and printed 131,083
    /// warnings); each barren branch is now walked once and each warning said once.
    @Test func aDoublingPageTreeIsWalkedOncePerBranch() throws {
        var pdf = PDFFixtures.CraftedPDF()
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        for n in 2..<62 { pdf.add(n, "<< /Type /Pages /Kids [\(n + 1) 0 R \(n + 1) 0 R] /Count 0 >>") }
        pdf.add(62, "(not a node)")
        let tree = try PDFDocument(bytes: pdf.bytes).pageTree()
        #expect(tree.pages.isEmpty)
        #expect(tree.warnings == ["page tree node object 62 0 is not a readable dictionary; skipped"])
    }

    @Test func theFuzzersDoublingTreeReadsWithFewWarnings() throws {
        let url = PDFFixtures.repositoryRoot.appendingPathComponent("Tests/PDFTests/Fixtures/fuzz/timeout-doubling-page-tree.pdf")
        let document = try PDFDocument(bytes: try PDFFixtures.bytes(of: url))
        let tree = try document.pageTree()
        #expect(tree.warnings.count <= PageTreeWalk.maxWarnings + 1)
        #expect(Set(tree.warnings).count == tree.warnings.count)
    }

    /// `/Length 9223372036854775807`: adding it to the data offset must not overflow.
    @Test func aLengthOfIntMaxDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let text = "1 0 obj << /Length 9223372036854775807 >> stream\nhello\nendstream\nendobj"
            var parser = Parser(bytes: Array(text.utf8))
            let (_, value) = try parser.parseIndirectObject { _ in nil }
            if value.streamValue?.data != Array("hello".utf8) { exit(1) }
        }
    }

    /// An object stream whose header gives a negative offset must not index before the data.
    @Test func aNegativeOffsetInAnObjectStreamDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let objects = "1 -40 2 0 "
            let body = "<< /Type /Catalog /Pages 3 0 R >>"
            let stream = Array((objects + body).utf8)
            // Object 1 is in object stream 5; the xref is a stream so compressed entries exist.
            var pdf = PDFFixtures.CraftedPDF(version: "1.5")
            pdf.add(5, bytes: PDFFixtures.streamBody("/Type /ObjStm /N 2 /First \(objects.utf8.count)", stream))
            let built = pdf.build()
            var out = Array(built.bytes[0..<built.xref])
            let xrefOffset = out.count
            let offset = built.offsets[5] ?? 0
            let rows: [UInt8] = [0, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0,
                                 1, UInt8(offset >> 8), UInt8(offset & 0xFF), 0]
            out += Array("9 0 obj\n".utf8)
            out += PDFFixtures.streamBody("/Type /XRef /Size 6 /W [1 2 1] /Root 1 0 R", rows)
            out += Array("\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
            do {
                let document = try PDFDocument(bytes: out)
                _ = try? document.object(ObjectRef(1))
            } catch is PDFError {}
        }
    }

    /// An xref stream `/Index` starting near `Int.max` must not overflow when counting up.
    @Test func anXRefStreamIndexNearIntMaxDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let built = PDFFixtures.simpleDocument().build()
            var out = Array(built.bytes[0..<built.xref])
            let xrefOffset = out.count
            out += Array("20 0 obj\n".utf8)
            out += PDFFixtures.streamBody("/Type /XRef /Size 21 /W [1 1 1] /Index [9223372036854775807 2] /Root 1 0 R",
                                          [1, 9, 0, 1, 9, 0])
            out += Array("\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
            do {
                _ = try PDFDocument(bytes: out)
            } catch is PDFError {}
        }
    }

    /// Predictor parameters size two row buffers (`Columns` × `Colors` × `BitsPerComponent`) before
    /// looking at the data: `/Columns 16777216 /Colors 32 /BitsPerComponent 16` asks for two
    /// 1 GiB buffers to decode a 2-byte stream. The child caps its address space 768 MiB above
    /// what it already uses, so the blow-up shows as a crash instead of exhausting the machine.
    #if os(Linux)
    @Test func predictorParametersCannotAllocateGigabytesForTinyData() async {
        await #expect(processExitsWith: .success) {
            let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0"
            let pages = Int(statm.split(separator: " ").first ?? "0") ?? 0
            let cap = rlim_t(pages * Int(sysconf(Int32(_SC_PAGESIZE))) + (768 << 20))
            var limit = rlimit(rlim_cur: cap, rlim_max: cap)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
            let parameters = PDFDictionary([("Predictor", .int(12)), ("Columns", .int(16_777_216)),
                                            ("Colors", .int(32)), ("BitsPerComponent", .int(16))])
            do {
                let decoded = try Predictor.decode([2, 0], parameters: parameters)
                if decoded.count > 2 { exit(1) }
            } catch is PDFError {}
        }
    }
    #endif
}
