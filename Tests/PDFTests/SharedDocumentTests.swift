import Foundation
import Testing
import PDF
import TestSupport

/// `PDFDocument` promises to be "safe to share between tasks": two tasks asking for the same
/// object at the same time must both get it.
@Suite struct SharedDocumentTests {
    /// A document whose object 20 is slow to load (a large stream with a wrong /Length, so the
    /// parser searches for `endstream`), which makes simultaneous first loads overlap.
    private func slowDocument() throws -> PDFDocument {
        var pdf = PDFFixtures.simpleDocument()
        let data = [UInt8](repeating: 0x78, count: 8_000_000)
        pdf.add(20, bytes: PDFFixtures.streamBody("", data, length: "1"))
        return try PDFDocument(bytes: pdf.bytes)
    }

    @Test func simultaneousFirstLoadsOfOneObjectAllSucceed() async throws {
        var failures: [String] = []
        for _ in 0..<3 {
            let document = try slowDocument()
            let results = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        do {
                            let count = try document.object(ObjectRef(20)).streamValue?.data.count
                            return count == 8_000_000 ? nil : "wrong object: \(String(describing: count))"
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                var out: [String] = []
                for await result in group { if let result { out.append(result) } }
                return out
            }
            failures += results
        }
        #expect(failures.isEmpty, "\(failures.first ?? "")")
    }

    @Test func simultaneousResolvesNeverSeeNull() async throws {
        var nulls = 0
        for _ in 0..<3 {
            let document = try slowDocument()
            nulls += await withTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask { document.resolve(.reference(ObjectRef(20))) == .null ? 1 : 0 }
                }
                return await group.reduce(0, +)
            }
        }
        #expect(nulls == 0)
    }

    @Test func pagesCanBeReadFromManyTasks() async throws {
        let document = try PDFDocument(bytes: PDFFixtures.simpleDocument(pages: 20).bytes)
        let texts = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<20 {
                group.addTask {
                    let page = try document.pages()[index]
                    return (index, String(decoding: try document.contents(of: page), as: UTF8.self))
                }
            }
            var out: [Int: String] = [:]
            for try await (index, text) in group { out[index] = text }
            return out
        }
        for index in 0..<20 { #expect(texts[index]?.contains("(Page \(index + 1))") == true) }
    }
}
