import Foundation
import Testing
import PDF
import TestSupport

/// The files of the corpus whose page count differs from `qpdf --show-npages`, with the reason
/// for each, are listed in `Fixtures/page-count-differences.tsv` (the corpus sweep,
/// `bench/pdf-corpus-sweep.sh`, finds them over the whole corpus). This checks the list on a
/// fixed subset: every difference there is listed, with the counts listed.
@Suite struct PageCountDifferencesTests {
    struct Difference: Equatable, CustomStringConvertible {
        var file: String, ours: Int, qpdf: Int
        var description: String { "\(file): ours \(ours), qpdf \(qpdf)" }
    }

    static var listed: [Difference] {
        let url = PDFFixtures.repositoryRoot.appendingPathComponent("Tests/PDFTests/Fixtures/page-count-differences.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let ours = Int(fields[1]), let qpdf = Int(fields[2]), !fields[3].isEmpty else { return nil }
            return Difference(file: fields[0], ours: ours, qpdf: qpdf)
        }
    }

    /// Files whose names start with these: the listed differences, their neighbours in the
    /// corpus, and damaged files whose counts now agree.
    static let prefixes = ["pdf/pdfjs/Pages", "pdf/pdfjs/poppler-9", "pdf/qpdf/pages-", "pdf/qpdf/many-",
                           "pdf/qpdf/bad1", "pdf/qpdf/c-empty", "pdf/qpdf/deep-", "pdf/qpdf/direct-"]

    static var subset: [String] {
        ["pdf/pdfjs", "pdf/qpdf"].flatMap { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: PDFFixtures.corpus(folder).path)) ?? []
            return names.map { "\(folder)/\($0)" }
        }.filter { path in path.hasSuffix(".pdf") && prefixes.contains { path.hasPrefix($0) } }.sorted()
    }

    @Test func everyListedRowHasAReason() throws {
        let text = try String(contentsOf: PDFFixtures.repositoryRoot
            .appendingPathComponent("Tests/PDFTests/Fixtures/page-count-differences.tsv"), encoding: .utf8)
        #expect(text.split(separator: "\n").count == Self.listed.count + 1)
        #expect(!Self.listed.isEmpty)
    }

    @Test func theListIsCompleteForTheSubset() throws {
        let subset = Self.subset
        #expect(subset.count >= 20)
        var found: [Difference] = []
        for path in subset {
            let url = PDFFixtures.corpus(path)
            guard let qpdf = PDFFixtures.qpdfPageCount(url) else { continue }
            let ours = (try? PDFDocument(bytes: PDFFixtures.bytes(of: url)).pageTree().pages.count) ?? -1
            if ours != qpdf { found.append(Difference(file: path, ours: ours, qpdf: qpdf)) }
        }
        let listed = Self.listed.filter { subset.contains($0.file) }
        #expect(found == listed)
        #expect(listed.count == Self.listed.count, "every listed file is in the subset")
    }
}
