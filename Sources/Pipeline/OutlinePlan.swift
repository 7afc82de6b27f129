import Headings
import PDF
import PDFWriter

/// What a run does about the outline: whether it builds one (the job asks, and the input has
/// none or `--replace-outline` was given), and its entries from the headings found.
struct OutlinePlan {
    /// Whether the run builds an outline.
    let builds: Bool
    /// Why an asked-for outline was not built, for the summary; nil otherwise.
    let keptNote: String?
    private let pages: [PDFPage]

    init(job: OCRJob, document: PDFDocument, pages: [PDFPage]) {
        self.pages = pages
        let mode = job.outline ?? .off
        let hasOutline = !(document.outline(pages: pages) ?? []).isEmpty
        builds = mode == .replace || (mode == .add && !hasOutline)
        keptNote = mode == .add && hasOutline ? "the input's outline is kept (--replace-outline replaces it)" : nil
    }

    /// The outline entries for the headings among `lines`.
    func entries(from lines: [HeadingLine]) -> [OutlineEntry] {
        OutlineFromHeadings.entries(HeadingDetector().headings(in: lines), pages: pages)
    }

    /// The summary's line about the outline written.
    static func note(_ entries: [OutlineEntry]) -> String {
        func count(_ entries: [OutlineEntry]) -> Int { entries.reduce(entries.count) { $0 + count($1.children) } }
        let total = count(entries)
        return total == 0 ? "no headings found: no outline written" : "outline of \(total) heading\(total == 1 ? "" : "s") written"
    }
}
