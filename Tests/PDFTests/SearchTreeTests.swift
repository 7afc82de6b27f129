import Foundation
import Testing
import PDF
import TestSupport

/// Name trees and number trees: lookup, iteration, and hostile shapes.
@Suite struct SearchTreeTests {
    /// A catalog with `/Names << /Dests 10 0 R >>` and `/PageLabels 20 0 R`, and the trees' nodes.
    private func document(nodes: [(Int, String)], dests: String = "10 0 R", labels: String = "20 0 R") throws -> PDFDocument {
        var pdf = PDFFixtures.simpleDocument()
        pdf.objects.removeAll { $0.number == 1 }
        pdf.add(1, "<< /Type /Catalog /Pages 2 0 R /Names << /Dests \(dests) >> /PageLabels \(labels) >>")
        for (number, body) in nodes { pdf.add(number, body) }
        return try PDFDocument(bytes: pdf.bytes)
    }

    private let twoLevelNames: [(Int, String)] = [
        (10, "<< /Kids [11 0 R 12 0 R] >>"),
        (11, "<< /Limits [(apple) (kiwi)] /Names [(apple) 1 (fig) 2 (kiwi) 3] >>"),
        (12, "<< /Limits [(lemon) (plum)] /Kids [13 0 R] >>"),
        (13, "<< /Limits [(lemon) (plum)] /Names [(lemon) 4 (mango) 30 0 R (plum) 6] >>"),
        (30, "[(indirect)]"),
    ]

    @Test func aNameTreeIsLookedUpThroughItsKids() throws {
        let tree = try #require(try document(nodes: twoLevelNames).nameTree("Dests"))
        #expect(try tree.value(for: "apple") == .int(1))
        #expect(try tree.value(for: "kiwi") == .int(3))
        #expect(try tree.value(for: "plum") == .int(6))
        #expect(try tree.value(for: "mango") == .reference(ObjectRef(30)))
        #expect(try tree.value(for: Array("lemon".utf8)) == .int(4))
        #expect(try tree.value(for: "banana") == nil)
        #expect(try tree.value(for: "zzz") == nil)
    }

    @Test func aNameTreeIsIteratedInOrder() throws {
        let tree = try #require(try document(nodes: twoLevelNames).nameTree("Dests"))
        let keys = try tree.entries().map { String(decoding: $0.key, as: UTF8.self) }
        #expect(keys == ["apple", "fig", "kiwi", "lemon", "mango", "plum"])
    }

    @Test func wrongLimitsDoNotHideAKey() throws {
        // Limits of the wrong type, or none, are no reason to skip a kid.
        let tree = try #require(try document(nodes: [
            (10, "<< /Kids [11 0 R 12 0 R] >>"),
            (11, "<< /Limits [1 2] /Names [(a) 1] >>"),
            (12, "<< /Names [(b) 2] >>"),
        ]).nameTree("Dests"))
        #expect(try tree.value(for: "a") == .int(1))
        #expect(try tree.value(for: "b") == .int(2))
    }

    @Test func aNumberTreeIsLookedUpAndIterated() throws {
        let document = try document(nodes: [
            (20, "<< /Kids [21 0 R 22 0 R] >>"),
            (21, "<< /Limits [0 4] /Nums [0 << /S /r >> 4 << /S /D /St 1 >>] >>"),
            (22, "<< /Limits [10 10] /Nums [10 (ten)] >>"),
        ])
        let tree = try #require(document.pageLabelTree())
        #expect(try tree.value(for: 4) == .dictionary(PDFDictionary([("S", .name("D")), ("St", .int(1))])))
        #expect(try tree.value(for: 10) == .string(Array("ten".utf8)))
        #expect(try tree.value(for: 5) == nil)
        #expect(try tree.entries().map(\.key) == [0, 4, 10])
    }

    @Test func aTreeThatContainsItselfIsACycleError() throws {
        let tree = try #require(try document(nodes: [
            (10, "<< /Kids [11 0 R] >>"),
            (11, "<< /Kids [12 0 R] >>"),
            (12, "<< /Kids [10 0 R] /Names [(x) 1] >>"),
        ]).nameTree("Dests"))
        let error = expectPDFError(.malformed) { try tree.entries() }
        #expect(error?.message.contains("cycle") == true)
        expectPDFError(.malformed) { try tree.value(for: "y") }
    }

    @Test func aKidListedTwiceIsNotACycle() throws {
        let tree = try #require(try document(nodes: [
            (10, "<< /Kids [11 0 R 11 0 R] >>"),
            (11, "<< /Names [(x) 1] >>"),
        ]).nameTree("Dests"))
        #expect(try tree.entries().count == 2)
    }

    @Test func aTreeDeeperThanTheLimitIsRefused() throws {
        let depth = 100
        let nodes = (0..<depth).map { level in
            (100 + level, level == depth - 1 ? "<< /Nums [1 (deep)] >>" : "<< /Kids [\(101 + level) 0 R] >>")
        }
        let tree = try #require(try document(nodes: nodes, labels: "100 0 R").pageLabelTree())
        expectPDFError(.limitExceeded) { try tree.entries() }
    }

    @Test func missingOrWrongTreesAreNil() throws {
        let document = try document(nodes: [(10, "[1 2 3]")], labels: "99 0 R")
        #expect(document.nameTree("Dests") == nil)
        #expect(document.nameTree("EmbeddedFiles") == nil)
        #expect(document.pageLabelTree() == nil)
    }

    /// The embedded files qpdf lists, in the same order, pointing at the same file streams.
    @Test(arguments: ["pdf/qpdf/add-attachments-1.pdf", "pdf/qpdf/copy-attachments-2.pdf",
                      "pdf/qpdf/attachment-fields.pdf", "pdf/qpdf/job-json-copy-attachments.pdf",
                      "pdf/pdfjs/attachment.pdf"])
    func embeddedFilesAgreeWithQpdf(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        let tree = try #require(document.nameTree("EmbeddedFiles"))
        let ours = try tree.entries().map { entry in
            let spec = document.resolve(entry.value).dictionaryValue
            let file = document.resolve(spec?["EF"] ?? .null).dictionaryValue?["F"]?.referenceValue
            return "\(PDFTextString.decode(entry.key)) -> \(file.map { "\($0.number),\($0.generation)" } ?? "none")"
        }
        let qpdf = try PDFFixtures.run("qpdf", ["--list-attachments", url.path]).text
            .split(separator: "\n").map(String.init)
        #expect(ours == qpdf)
        for entry in try tree.entries() {
            #expect(try tree.value(for: entry.key) == entry.value)
        }
    }

    /// Page label ranges start where qpdf says, with the same numbering style.
    @Test(arguments: ["pdf/qpdf/11-pages-with-labels.pdf", "pdf/qpdf/V4.pdf"])
    func pageLabelsAgreeWithQpdf(path: String) throws {
        let url = PDFFixtures.corpus(path)
        let document = try PDFDocument(bytes: PDFFixtures.bytes(of: url))
        let ours = try #require(document.pageLabelTree()).entries().map { entry in
            "\(entry.key) \(document.resolve(entry.value).dictionaryValue?["S"]?.nameValue ?? "-")"
        }
        let json = try PDFFixtures.run("qpdf", ["--json", "--json-key=pagelabels", url.path]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        let labels = try #require(object["pagelabels"] as? [[String: Any]])
        let qpdf = labels.map { label in
            let style = ((label["label"] as? [String: Any])?["/S"] as? String)?.dropFirst() ?? "-"
            return "\(label["index"] as? Int ?? -1) \(style)"
        }
        #expect(ours == qpdf)
    }
}
