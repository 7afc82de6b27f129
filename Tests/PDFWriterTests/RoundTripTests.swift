import Foundation
import Testing
import PDF
import PDFWriter
import TestSupport

/// Full rewrites of real files, judged by independent tools: `qpdf --check` finds no error the
/// input did not have, the page count is kept, `pdftotext` gives the same text, and `pdftoppm`
/// renders the same pixels (first pages, at 30 dpi); linearized rewrites must also pass
/// `qpdf --check-linearization`. `make test` checks a fixed stride of the corpus (every 12th
/// file, every 24th linearized); `bench/rewrite-roundtrip.sh` checks every file both ways
/// (`LEGIBLE_ROUNDTRIP_ALL=1`) and writes one line per file to `LEGIBLE_ROUNDTRIP_REPORT`.
@Suite struct RoundTripTests {
    /// Pages rendered per file (rendering is the slowest check).
    static let renderedPages = 10
    /// Every PDF of the corpus, sorted by path.
    static let corpus: [String] = {
        let root = PDFFixtures.corpus("pdf")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.lowercased().hasSuffix(".pdf") }.sorted().map { "pdf/\($0)" }
    }()
    static var everyFile: Bool { ProcessInfo.processInfo.environment["LEGIBLE_ROUNDTRIP_ALL"] == "1" }
    /// Every 12th file, or all of them for the script.
    static var files: [String] { everyFile ? corpus : stride(from: 0, to: corpus.count, by: 12).map { corpus[$0] } }
    /// Every 24th file (from the 6th), or all of them for the script.
    static var linearizedFiles: [String] { everyFile ? corpus : stride(from: 6, to: corpus.count, by: 24).map { corpus[$0] } }

    @Test func theStrideCoversAtLeastSixtyReadableFiles() {
        let readable = Self.files.filter { (try? Self.open(PDFFixtures.corpus($0))) != nil }
        #expect(readable.count >= 60, "\(readable.count) of \(Self.files.count)")
    }

    @Test(arguments: files)
    func aFullRewriteRoundTrips(path: String) throws {
        try Self.roundTrip(path, options: WriteOptions())
    }

    @Test(arguments: linearizedFiles)
    func aLinearizedRewriteRoundTripsAndPassesQpdfsLinearizationCheck(path: String) throws {
        var options = WriteOptions()
        options.linearize = true
        try Self.roundTrip(path, options: options)
    }

    /// Rewrites the corpus file at `path` with `options` and records what the oracles say.
    static func roundTrip(_ path: String, options: WriteOptions) throws {
        let label = options.linearize ? "\(path) (linearized)" : path
        let input = PDFFixtures.corpus(path)
        guard let (document, password) = try? open(input) else {
            report(label, "unread", "Legible does not read it")
            return
        }
        guard PDFFixtures.qpdfPageCount(input) != nil || password != nil else {
            report(label, "unread", "qpdf does not read it")
            return
        }
        let folder = try PDFFixtures.ScratchFolder()
        let output = folder.file("out.pdf")
        let summary: WriteSummary
        do {
            let file = try OutputFile(destination: output)
            summary = try DocumentRewriter(source: document).write(to: file, options: options)
            try file.commit()
        } catch {
            Issue.record("\(label): the rewrite failed: \(error)")
            report(label, "failed", "rewrite: \(error)")
            return
        }
        guard var problems = try compare(input, output, password: password) else {
            report(label, "skipped", "an oracle takes over \(oracleTimeout) s on the input")
            return
        }
        var note = ""
        if options.linearize {
            if summary.linearized {
                let check = try PDFFixtures.run("qpdf", (password.map { ["--password=\($0)"] } ?? []) + ["--check-linearization", output.path])
                if !check.text.contains("no linearization errors") {
                    problems.append("qpdf --check-linearization: \((check.text + check.stderr).prefix(300))")
                }
            } else {
                note = "written unlinearized: \(summary.fallbackReason ?? "")"
            }
        }
        for problem in problems { Issue.record("\(label): \(problem)") }
        report(label, problems.isEmpty ? "ok" : "failed", problems.isEmpty ? note : problems.joined(separator: "; "))
    }

    /// The document and the password that opened it (nil: the empty one or none).
    static func open(_ url: URL) throws -> (PDFDocument, String?) {
        let bytes = try PDFFixtures.bytes(of: url)
        let password = EncryptedCorpusFiles.openable.first { $0.url.path == url.path }?.passwords.first
        let document = try PDFDocument(bytes: bytes, password: password)
        _ = try document.pages()
        return (document, password?.isEmpty == true ? nil : password)
    }

    /// Seconds an oracle may take on one file (poppler needs minutes for a few corpus files,
    /// e.g. qpdf's `shared-unnamed-field.pdf`; such files are skipped, not failed).
    static let oracleTimeout = "120"

    /// What the oracles see in one file: qpdf's check status and page count, poppler's text
    /// and the rendered pages.
    struct View {
        var check: Int32
        var pages: Int?
        var text: [UInt8]
        var rendering: [[UInt8]]
    }

    /// The oracles' view of `url`; nil when one of them timed out.
    static func view(_ url: URL, password: String?) throws -> View? {
        let qpdfPassword = password.map { ["--password=\($0)"] } ?? []
        let popplerPassword = password.map { ["-upw", $0] } ?? []
        func run(_ tool: String, _ arguments: [String]) throws -> PDFFixtures.ProcessResult? {
            let result = try PDFFixtures.run("timeout", ["-s", "KILL", oracleTimeout, tool] + arguments)
            return result.status == 124 || result.status == 137 ? nil : result
        }
        guard let check = try run("qpdf", qpdfPassword + ["--check", url.path]),
              let pages = try run("qpdf", qpdfPassword + ["--show-npages", url.path]),
              let text = try run("pdftotext", popplerPassword + ["-q", url.path, "-"]) else { return nil }
        let folder = try PDFFixtures.ScratchFolder()
        guard try run("pdftoppm", popplerPassword + ["-q", "-r", "30", "-l", String(renderedPages), url.path, folder.file("page").path]) != nil else {
            return nil
        }
        return View(check: check.status, pages: Int(pages.text.trimmingCharacters(in: .whitespacesAndNewlines)), text: text.stdout,
                    rendering: try folder.contents().map { try PDFFixtures.bytes(of: folder.file($0)) })
    }

    /// What differs between `input` and its rewrite `output` in the oracles' eyes; nil when an
    /// oracle timed out on the input. Where poppler reads a damaged input otherwise than qpdf
    /// repairs it, text and pixels may match qpdf's own rewrite of the input instead.
    static func compare(_ input: URL, _ output: URL, password: String?) throws -> [String]? {
        guard let before = try view(input, password: password) else { return nil }
        guard let after = try view(output, password: password) else { return ["an oracle timed out on the output only"] }
        var problems: [String] = []
        if after.check == 2 && before.check != 2 || after.check == 3 && before.check == 0 {
            problems.append("qpdf --check \(after.check) (input \(before.check))")
        }
        // Where qpdf's count is known to be wrong (poppler follows the same wrong /Count and renders
        // the loop's page again), the output holds the pages the reader finds, drawn the same.
        let knownCount = after.pages != nil && after.pages == knownPageCount(of: input)
        if before.pages != after.pages, !knownCount {
            problems.append("pages \(after.pages ?? -1) instead of \(before.pages ?? -1)")
        }
        var repaired: View?? = .none
        func qpdfRewrite() throws -> View? {
            if case .some(let view) = repaired { return view }
            let folder = try PDFFixtures.ScratchFolder()
            let copy = folder.file("qpdf.pdf")
            let result = try PDFFixtures.run("qpdf", (password.map { ["--password=\($0)"] } ?? []) + [input.path, copy.path])
            let view = result.status == 2 ? nil : try Self.view(copy, password: password)
            repaired = .some(view)
            return view
        }
        if before.text != after.text, try qpdfRewrite()?.text != after.text { problems.append("pdftotext differs") }
        // poppler renders some files differently from one run to the next (pdf.js's
        // `issue19634.pdf`, Type 3 glyphs): a second rendering of the input tells.
        let sameKnownPages = knownCount && Array(before.rendering.prefix(after.rendering.count)) == after.rendering
        if before.rendering != after.rendering, !sameKnownPages, try qpdfRewrite()?.rendering != after.rendering,
           try view(input, password: password)?.rendering == before.rendering {
            let differing = zip(before.rendering, after.rendering).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
            problems.append("pdftoppm renders \(after.rendering.count) pages (input \(before.rendering.count)), differently: pages \(differing)")
        }
        return problems
    }

    /// The page count the reader finds where `qpdf --show-npages` is known to say otherwise
    /// (PDFTests' page-count-differences fixture: qpdf prints a wrong /Count, e.g. pdf.js's
    /// `Pages-tree-refs.pdf`, whose loop the writer now leaves out, so the output's /Count is right).
    static func knownPageCount(of input: URL) -> Int? {
        let fixture = Fixtures.repositoryRoot.appendingPathComponent("Tests/PDFTests/Fixtures/page-count-differences.tsv")
        guard let table = try? String(contentsOf: fixture, encoding: .utf8) else { return nil }
        for line in table.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            if columns.count >= 2, input.path.hasSuffix("/" + columns[0]) { return Int(columns[1]) }
        }
        return nil
    }

    /// Appends a line (path, outcome, detail) to the report the script asked for.
    static func report(_ path: String, _ outcome: String, _ detail: String) {
        guard let file = ProcessInfo.processInfo.environment["LEGIBLE_ROUNDTRIP_REPORT"] else { return }
        let line = Array("\(path)\t\(outcome)\t\(detail.replacingOccurrences(of: "\n", with: " "))\n".utf8)
        let descriptor = Foundation.open(file, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        _ = line.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
